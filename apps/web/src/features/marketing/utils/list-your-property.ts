/**
 * 'List Your Property' has no page of its own. It leads to the landing page's
 * contact form with 'Sign up as Property Manager' preselected: the one place an owner can reach us.
 */
export const LIST_PROPERTY_PARAM = 'inquiry';
export const listYourPropertyHref = `/?${LIST_PROPERTY_PARAM}=property-manager#contact`;

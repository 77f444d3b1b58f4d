/**
 * Forms of the server-rendered public pages, posted by the browser itself when JavaScript is off
 * (docs/decisions/016-server-rendered-public-pages.md, "Forms without JavaScript"). No zod here: the
 * public pages import this module.
 */

/** The landing page's contact form: its name, and the anchor of its section. */
export const CONTACT_FORM = 'contact';

/** The query parameter of the address a form's post is sent back to when it succeeded: `?sent=<form>`. */
export const FORM_SENT_PARAM = 'sent';

/** Where a form's post goes: the page it is on, back to the form's section (`/#contact`). */
export const formAction = (pagePath: string, form: string) => `${pagePath}#${form}`;

/** The address a successful post is sent back to: the page, saying which form was sent, at the form. */
export const formSentUrl = (pagePath: string, form: string) =>
  `${pagePath}?${FORM_SENT_PARAM}=${encodeURIComponent(form)}#${form}`;

/**
 * A refused post as the page is rendered again with it: what was typed, by field, and the error of
 * each field that has one (the same texts as the form shows in the browser).
 */
export interface PostedForm {
  values: Record<string, string>;
  errors: Record<string, string>;
}

/**
 * The key a refused post travels under in a server-rendered page's state, beside the API answers
 * (the page and the browser read it from the same query cache).
 */
export const postedFormKey = (form: string) => `form:${form}`;

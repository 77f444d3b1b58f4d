import { INQUIRY_TYPES, type InquiryType } from '@villas/shared';

/** The contact form's inquiry types and their labels, 'Other' the default. */
export const inquiryTypeOptions: Array<{ value: InquiryType; label: string }> = [
  { value: 'agent', label: 'Sign up as Agent' },
  { value: 'property-manager', label: 'Sign up as Property Manager' },
  { value: 'other', label: 'Other' },
];

export const isInquiryType = (v: string | null | undefined): v is InquiryType =>
  (INQUIRY_TYPES as readonly string[]).includes(v ?? '');

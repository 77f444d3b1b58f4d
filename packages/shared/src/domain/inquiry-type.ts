import type { InquiryKind } from '../constants.js';
import { inquiryTypeLabel } from './text.js';

export type InquiryTypeLabel = ReturnType<typeof inquiryTypeLabel>;

/**
 * The type an administrator sees: the message prefix first ('OFF-MARKET INQUIRY:',
 * 'CONTACT FORM:'); an unprefixed message falls back to the stored kind, so a contact-form or
 * off-market inquiry whose text lacks the prefix is not shown as a General Inquiry.
 */
export function inquiryTypeOf(inquiry: { message: string; kind?: InquiryKind | null }): InquiryTypeLabel {
  const byPrefix = inquiryTypeLabel(inquiry.message);
  if (byPrefix !== 'General Inquiry') return byPrefix;
  if (inquiry.kind === 'off-market') return 'Off-Market Property';
  if (inquiry.kind === 'contact') return 'Contact Form';
  return byPrefix;
}

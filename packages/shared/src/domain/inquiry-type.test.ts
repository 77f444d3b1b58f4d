import { describe, expect, it } from 'vitest';
import { inquiryTypeOf } from './inquiry-type.js';

describe('inquiryTypeOf', () => {
  it.each([
    ['OFF-MARKET INQUIRY: a private island', 'booking', 'Off-Market Property'],
    ['CONTACT FORM: please call', 'off-market', 'Contact Form'],
    ['We would like to book', 'booking', 'General Inquiry'],
    ['We would like to book', undefined, 'General Inquiry'],
    ['off-market inquiry: lower case is no prefix', 'booking', 'General Inquiry'],
  ] as const)('%s (%s) is %s by its prefix', (message, kind, expected) => {
    expect(inquiryTypeOf({ message, kind })).toBe(expected);
  });

  it('falls back to the stored kind when the message has no prefix', () => {
    expect(inquiryTypeOf({ message: 'Hello', kind: 'contact' })).toBe('Contact Form');
    expect(inquiryTypeOf({ message: '', kind: 'off-market' })).toBe('Off-Market Property');
  });
});

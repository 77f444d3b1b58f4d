import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A phone number as typed on a profile, in E.164 ('+33493123456'), or null when it cannot be read as
 * a valid international number: without a country code ('+', or the international prefix '00') the
 * country is unknown and nothing is guessed. The client's page and the brochure then show no phone.
 */
export function toE164(raw: string | null | undefined): string | null {
  const text = raw?.trim();
  if (!text) return null;
  const parsed = parsePhoneNumberFromString(text.replace(/^00(?=[1-9])/, '+'));
  return parsed?.isValid() ? parsed.number : null;
}

/** An E.164 number as people write it: '+33 4 93 12 34 56' (the number itself if it does not parse). */
export function formatInternational(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

import { describe, expect, it } from 'vitest';
import { formatInternational, toE164 } from './phone';

describe('toE164: a profile phone as the client is offered it', () => {
  it('reads an international number however it is written', () => {
    expect(toE164('+33 4 93 12 34 56')).toBe('+33493123456');
    expect(toE164(' +44 (0)131 496 0718 ')).toBe('+441314960718');
    expect(toE164('+1 (212) 555-0123')).toBe('+12125550123');
    expect(toE164('0041 44 668 18 00')).toBe('+41446681800');
  });

  it('gives null when the country is unknown or the number is not valid', () => {
    for (const raw of [
      '04 93 12 34 56',
      '+1 555 0100',
      '+33 12',
      'ask at reception',
      '',
      '   ',
      null,
      undefined,
    ]) {
      expect(toE164(raw), String(raw)).toBeNull();
    }
  });

  it('writes an E.164 number as people do', () => {
    expect(formatInternational('+33493123456')).toBe('+33 4 93 12 34 56');
    expect(formatInternational('+442079460321')).toBe('+44 20 7946 0321');
  });
});

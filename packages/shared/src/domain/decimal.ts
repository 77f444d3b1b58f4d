/**
 * Exact decimal arithmetic for money. A number is read as the decimal it prints as (1.16 is
 * 116/100, not the binary double just below it), products are fractions of big integers, and only the
 * final step rounds. So 100 × 1.16 is exactly 116 (floating point says 115.99999999999999) and 262.5
 * rounds to 263 however it was reached.
 */
export interface Ratio {
  num: bigint;
  /** Always positive. */
  den: bigint;
}

/** The exact fraction a finite number prints as; null for NaN and ±Infinity. */
export function toRatio(x: number): Ratio | null {
  if (!Number.isFinite(x)) return null;
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i.exec(String(x));
  if (!m) return null;
  const [, sign = '', int = '0', frac = '', exp = '0'] = m;
  const digits = BigInt(`${sign}${int}${frac}`);
  const scale = frac.length - Number(exp);
  return scale >= 0
    ? { num: digits, den: 10n ** BigInt(scale) }
    : { num: digits * 10n ** BigInt(-scale), den: 1n };
}

export const multiply = (a: Ratio, b: Ratio): Ratio => ({ num: a.num * b.num, den: a.den * b.den });

/** 1 / r; null for 0. */
export function invert(r: Ratio): Ratio | null {
  if (r.num === 0n) return null;
  return r.num < 0n ? { num: -r.den, den: -r.num } : { num: r.den, den: r.num };
}

/**
 * Rounds to `fractionDigits` decimals (0 = whole units), half away from zero: 2.5 → 3, −2.5 → −3,
 * 2.4999 → 2.
 */
export function roundRatio(r: Ratio, fractionDigits = 0): number {
  const scale = 10n ** BigInt(fractionDigits);
  const n = r.num * scale;
  let q = n / r.den; // truncates toward zero
  const rem = n % r.den;
  if (2n * (rem < 0n ? -rem : rem) >= r.den) q += n < 0n ? -1n : 1n;
  const out = Number(q) / Number(scale);
  return out === 0 ? 0 : out; // never −0
}

/** A money amount rounded half away from zero, exactly: roundHalfAwayFromZero(262.5) = 263. */
export function roundHalfAwayFromZero(x: number, fractionDigits = 0): number {
  const r = toRatio(x);
  return r ? roundRatio(r, fractionDigits) : Number.NaN;
}

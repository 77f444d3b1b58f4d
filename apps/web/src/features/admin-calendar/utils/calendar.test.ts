import { describe, expect, it } from 'vitest';
import {
  basePriceLabel,
  consecutiveRuns,
  crossoverDates,
  dataWindow,
  datesBetween,
  monthWeeks,
  parseWholePrice,
  quickSelectDates,
  rangeNights,
  rangeTotal,
  validRanges,
  type RangeDraft,
} from './calendar';

describe('crossoverDates', () => {
  it('marks the first free day after blocked nights: the check-out day, open for arrival', () => {
    const out = crossoverDates(['2026-07-01', '2026-07-02', '2026-07-03']);
    expect([...out]).toEqual(['2026-07-04']);
  });

  it('never marks a blocked night: the last one of a stay stays blocked', () => {
    const nights = ['2026-07-01', '2026-07-02', '2026-07-03'];
    const out = crossoverDates(nights);
    for (const n of nights) expect(out.has(n)).toBe(false);
  });

  it('marks the day after a lone blocked night too (its guests leave that morning)', () => {
    expect([...crossoverDates(['2026-07-10'])]).toEqual(['2026-07-11']);
  });

  it('handles several stays, month and year ends, and input order', () => {
    const out = crossoverDates([
      '2026-07-06',
      '2026-06-29',
      '2026-06-30',
      '2026-07-01',
      '2026-07-05',
      '2026-12-31',
      '2027-01-01',
    ]);
    expect([...out].sort()).toEqual(['2026-07-02', '2026-07-07', '2027-01-02']);
  });
});

describe('rangeNights and rangeTotal', () => {
  const row = (over: Partial<RangeDraft>): RangeDraft => ({
    id: 'r',
    from: '2026-07-01',
    to: '2026-07-15',
    price: '1500',
    currency: 'EUR',
    ...over,
  });

  it('counts nights from the start up to but not including the end', () => {
    expect(rangeNights(row({}))).toBe(14);
    expect(rangeNights(row({ from: '2026-02-27', to: '2026-03-02' }))).toBe(3);
    expect(rangeNights(row({ from: '2026-01-01', to: '2027-01-01' }))).toBe(365);
  });

  it('is 0 when a date is missing, equal or the end comes first', () => {
    expect(rangeNights(row({ to: null }))).toBe(0);
    expect(rangeNights(row({ from: null }))).toBe(0);
    expect(rangeNights(row({ to: '2026-07-01' }))).toBe(0);
    expect(rangeNights(row({ to: '2026-06-20' }))).toBe(0);
  });

  it('totals exactly in cents, and has no total without a positive price', () => {
    expect(rangeTotal(row({}))).toBe(21000);
    expect(rangeTotal(row({ price: '0.1', to: '2026-07-04' }))).toBe(0.3);
    expect(rangeTotal(row({ price: '' }))).toBeNull();
    expect(rangeTotal(row({ price: '0' }))).toBeNull();
  });

  it('keeps only ranges with both dates, a price above 0 and at least one night', () => {
    const rows = [
      row({ id: 'ok' }),
      row({ id: 'no-price', price: '0' }),
      row({ id: 'blank', price: '' }),
      row({ id: 'no-end', to: null }),
      row({ id: 'backwards', to: '2026-06-01' }),
      row({ id: 'same', to: '2026-07-01' }),
      row({ id: 'decimal', price: '99.5', currency: 'CHF', from: '2026-08-01', to: '2026-08-02' }),
    ];
    expect(validRanges(rows)).toEqual([
      { from: '2026-07-01', to: '2026-07-15', price: 1500, currency: 'EUR' },
      { from: '2026-08-01', to: '2026-08-02', price: 99.5, currency: 'CHF' },
    ]);
  });
});

describe('consecutiveRuns', () => {
  it('turns selected dates into nightly ranges, one per run of consecutive dates', () => {
    expect(
      consecutiveRuns(['2026-07-05', '2026-07-01', '2026-07-02', '2026-07-03', '2026-07-31', '2026-08-01']),
    ).toEqual([
      { from: '2026-07-01', to: '2026-07-04' },
      { from: '2026-07-05', to: '2026-07-06' },
      { from: '2026-07-31', to: '2026-08-02' },
    ]);
    expect(consecutiveRuns([])).toEqual([]);
  });
});

describe('calendar helpers', () => {
  it('lays a month out in weeks starting on Sunday', () => {
    const weeks = monthWeeks('2026-07-01');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([null, null, null, '2026-07-01', '2026-07-02', '2026-07-03', '2026-07-04']);
    expect(weeks[4]).toEqual([
      '2026-07-26',
      '2026-07-27',
      '2026-07-28',
      '2026-07-29',
      '2026-07-30',
      '2026-07-31',
      null,
    ]);
  });

  it('reads two months either side of the viewed month', () => {
    expect(dataWindow('2026-01-01')).toEqual({ startDate: '2025-11-01', endDate: '2026-03-31' });
  });

  it('lists the dates between two dates in either order', () => {
    expect(datesBetween('2026-07-03', '2026-07-01')).toEqual(['2026-07-01', '2026-07-02', '2026-07-03']);
  });

  it('quick-selects from today', () => {
    // 2026-06-17 is a Wednesday.
    expect(quickSelectDates('next7', '2026-06-17')).toEqual(datesBetween('2026-06-17', '2026-06-23'));
    expect(quickSelectDates('next14', '2026-06-17')).toHaveLength(14);
    expect(quickSelectDates('next30', '2026-06-17').at(-1)).toBe('2026-07-16');
    expect(quickSelectDates('thisWeekend', '2026-06-17')).toEqual(['2026-06-20', '2026-06-21']);
    expect(quickSelectDates('nextWeekend', '2026-06-17')).toEqual(['2026-06-27', '2026-06-28']);
    // On a Saturday this weekend starts today; on a Sunday it is today only.
    expect(quickSelectDates('thisWeekend', '2026-06-20')).toEqual(['2026-06-20', '2026-06-21']);
    expect(quickSelectDates('thisWeekend', '2026-06-21')).toEqual(['2026-06-21']);
    expect(quickSelectDates('nextWeekend', '2026-06-21')).toEqual(['2026-06-27', '2026-06-28']);
  });

  it('labels the base price, or Price on Request without one', () => {
    expect(basePriceLabel(1200, 'EUR')).toBe('EUR 1,200/night');
    expect(basePriceLabel(null, 'EUR')).toBe('Price on Request');
    expect(basePriceLabel(0, 'USD')).toBe('Price on Request');
  });

  it('accepts only whole prices for single dates', () => {
    expect(parseWholePrice(' 1500 ')).toBe(1500);
    expect(parseWholePrice('12.5')).toBeNull();
    expect(parseWholePrice('12abc')).toBeNull();
    expect(parseWholePrice('-3')).toBeNull();
    expect(parseWholePrice('')).toBeNull();
  });
});

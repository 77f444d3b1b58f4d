import { describe, expect, it } from 'vitest';
import { inquiriesSummary, shortDate, viewsSummary } from './insight-summary';
import { makeInsight } from './test-data';

describe('insight summaries', () => {
  it('sums views and names the busiest day', () => {
    const data = makeInsight({ views: { 0: 2, 40: 27, 89: 3 } });
    expect(viewsSummary(data)).toBe('32 views in the last 90 days, busiest on June 2, 2026 (27).');
  });

  it('sums inquiries by type, leaving out types with none', () => {
    const data = makeInsight({
      weeks: { 0: { booking: 1, whiteLabel: 1 }, 13: { offMarket: 2, contact: 1, whiteLabel: 1 } },
    });
    expect(inquiriesSummary(data)).toBe(
      '6 inquiries in the last 90 days: 2 off-market, 1 contact form, 1 booking, 2 white-label.',
    );
  });

  it('says so when nothing happened', () => {
    const data = makeInsight();
    expect(viewsSummary(data)).toBe('No link views in the last 90 days.');
    expect(inquiriesSummary(data)).toBe('No inquiries in the last 90 days.');
  });

  it('formats axis dates without shifting them', () => {
    expect(shortDate('2026-03-01')).toBe('Mar 1');
  });
});

import { STAY_RULE_LIMITS, WEEKDAY_NAMES, normalizeCheckInDays, type Weekday } from '@villas/shared';
import type { RuleValues } from '../../stay-rules/stay-rules.service';
import type { InvenioPricePeriod, InvenioVilla } from './invenio.client';

/** Invenio's weekday names (any case, full or three letters) → ISO weekdays. */
const DAY_BY_NAME = new Map<string, Weekday>(
  Object.entries(WEEKDAY_NAMES).map(([n, name]) => [name.slice(0, 3).toLowerCase(), Number(n) as Weekday]),
);
const dayOf = (token: string) => DAY_BY_NAME.get(token.trim().toLowerCase().slice(0, 3));

/**
 * `allowed_checkin_days` → the ISO weekdays a stay may start on; null = any day. Invenio sends a
 * list of day names ('Saturday', 'Saturday,Sunday', 'Sat / Sun'), a range ('Mon-Fri') or 'Any'.
 * Words that name no day are ignored; nothing recognised, or all seven days, is no restriction.
 */
export function checkInDaysOf(text: string | null | undefined): Weekday[] | null {
  if (!text) return null;
  const days: number[] = [];
  for (const part of text.split(/[,;/|&]+|\s+(?:and|or)\s+/i)) {
    const range = part.split(/\s*(?:-|–|to)\s*/i);
    const from = dayOf(range[0] ?? '');
    const to = range.length === 2 ? dayOf(range[1] ?? '') : undefined;
    if (from && to) {
      for (let d = from, n = 0; n < 7; d = ((d % 7) + 1) as Weekday, n++) {
        days.push(d);
        if (d === to) break;
      }
    } else {
      for (const word of part.split(/\s+/)) {
        const day = dayOf(word);
        if (day) days.push(day);
      }
    }
  }
  return normalizeCheckInDays(days);
}

/** A minimum stay within our limits; 1 night or none is no rule, and a value past the limits is not one we can keep. */
export function minNightsOf(value: number | null | undefined): number | null {
  if (value == null || !Number.isFinite(value)) return null;
  const n = Math.round(value);
  return n >= STAY_RULE_LIMITS.minNights && n <= STAY_RULE_LIMITS.maxNights ? n : null;
}

/**
 * A villa's stay rules as Invenio states them: one per price period (both dates included, as the
 * prices are read), each period's own minimum stay and check-in days, else the villa's. A villa
 * without price periods (price on request) has the villa's own terms from today to the end of next
 * year (a fixed end, so a daily sync does not rewrite the same rule every day).
 */
export function invenioStayRules(
  villa: Pick<InvenioVilla, 'minimum_nights' | 'allowed_checkin_days'>,
  periods: InvenioPricePeriod[] | null,
  today: string,
): RuleValues[] {
  const terms = (p?: Partial<Pick<InvenioPricePeriod, 'minimum_nights' | 'allowed_checkin_days'>>) => ({
    minNights: minNightsOf(p?.minimum_nights ?? villa.minimum_nights),
    checkInDays: checkInDaysOf(p?.allowed_checkin_days ?? villa.allowed_checkin_days),
  });
  const out: RuleValues[] = [];
  if (periods?.length) {
    for (const p of periods) {
      if (p.end_date < p.start_date) continue;
      out.push({ startDate: p.start_date, endDate: p.end_date, ...terms(p) });
    }
  } else {
    out.push({ startDate: today, endDate: `${Number(today.slice(0, 4)) + 1}-12-31`, ...terms() });
  }
  return out.filter((r) => r.minNights != null || r.checkInDays != null);
}

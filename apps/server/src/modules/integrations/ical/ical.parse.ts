import { addDays, eachNight } from '@villas/shared';
import ical, { type VEvent } from 'node-ical';
import { ProviderError } from '../../../lib/provider-error';

/**
 * Blocked nights of an iCalendar feed (Airbnb, Vrbo, Booking.com, Google, an owner's calendar).
 *
 * - DTEND is exclusive: an event 1 → 4 June blocks the nights of 1, 2 and 3 June (check-out day
 *   free). An all-day event without DTEND blocks its one day.
 * - All-day dates stay dates: node-ical builds them at local midnight, so they are read back with
 *   local components and never pass through UTC (no shift at a DST change or in any time zone).
 * - Timed events block the nights from their start date to their end date in the event's own time
 *   zone (UTC when it has none); an event within one day blocks that night.
 * - 'Airbnb (Not available)', 'Reserved', 'CLOSED - Not available' (Booking.com) and Vrbo's
 *   tentative holds (STATUS:TENTATIVE) all block; cancelled events (STATUS:CANCELLED) and free time
 *   (TRANSP:TRANSPARENT) do not.
 * - Recurring events are expanded (RRULE, EXDATE, RECURRENCE-ID overrides) inside the window.
 */

export interface ParsedFeed {
  /** night (yyyy-MM-dd) → the summary of the first event blocking it. */
  nights: Map<string, string | null>;
  /** Events read (instances of recurring events count one each). */
  events: number;
}

export class IcalParseError extends ProviderError {}

const pad = (n: number) => String(n).padStart(2, '0');
const localKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

function zonedKey(d: Date, tz: string | undefined): string {
  if (tz) {
    try {
      return new Intl.DateTimeFormat('en-CA', {
        timeZone: tz.replace(/^\/+/, ''),
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(d);
    } catch {
      // A Windows or unknown zone name: UTC below.
    }
  }
  return d.toISOString().slice(0, 10);
}

type DateLike = Date & { tz?: string; dateOnly?: boolean };

function dayKey(d: DateLike, fullDay: boolean): string {
  return fullDay || d.dateOnly ? localKey(d) : zonedKey(d, d.tz);
}

function summaryOf(e: Pick<VEvent, 'summary'>): string | null {
  const s = e.summary as unknown;
  if (typeof s === 'string') return s.slice(0, 200);
  if (s && typeof s === 'object' && 'val' in s) return String((s as { val: unknown }).val).slice(0, 200);
  return null;
}

function blocks(e: Pick<VEvent, 'status' | 'transparency'>): boolean {
  if (String(e.status ?? '').toUpperCase() === 'CANCELLED') return false;
  if (String(e.transparency ?? '').toUpperCase() === 'TRANSPARENT') return false;
  return true;
}

function nightsOf(start: DateLike, end: DateLike | undefined, fullDay: boolean): string[] {
  const from = dayKey(start, fullDay);
  const to = end ? dayKey(end, fullDay) : addDays(from, 1);
  return to > from ? eachNight(from, to) : [from];
}

/**
 * Parses a feed and answers its blocked nights inside [windowStart, windowEnd). Throws
 * IcalParseError when the text is not an iCalendar at all.
 */
export function parseFeed(text: string, window: { start: string; end: string }): ParsedFeed {
  if (!/BEGIN:VCALENDAR/i.test(text)) throw new IcalParseError('The feed is not an iCalendar file');
  let data: ReturnType<typeof ical.sync.parseICS>;
  try {
    data = ical.sync.parseICS(text);
  } catch (err) {
    throw new IcalParseError(`The feed could not be read: ${(err as Error).message.slice(0, 200)}`);
  }
  const nights = new Map<string, string | null>();
  let events = 0;
  const add = (list: string[], summary: string | null) => {
    for (const n of list) {
      if (n >= window.start && n < window.end && !nights.has(n)) nights.set(n, summary);
    }
  };
  // Instances are expanded from a little before the window so a stay in progress is kept.
  const from = new Date(`${addDays(window.start, -31)}T00:00:00Z`);
  const to = new Date(`${window.end}T00:00:00Z`);

  for (const item of Object.values(data)) {
    if (!item || typeof item !== 'object' || (item as { type?: string }).type !== 'VEVENT') continue;
    const e = item as VEvent;
    if (!e.start) continue;
    const fullDay = e.datetype === 'date' || Boolean((e.start as DateLike).dateOnly);
    if (e.rrule) {
      let instances: ReturnType<typeof ical.expandRecurringEvent>;
      try {
        instances = ical.expandRecurringEvent(e, { from, to, expandOngoing: true });
      } catch {
        continue;
      }
      for (const i of instances) {
        if (!blocks(i.event)) continue;
        events++;
        add(nightsOf(i.start, i.end, i.isFullDay), summaryOf(i.event) ?? summaryOf(e));
      }
      continue;
    }
    if (!blocks(e)) continue;
    events++;
    add(nightsOf(e.start, e.end, fullDay), summaryOf(e));
  }
  return { nights, events };
}

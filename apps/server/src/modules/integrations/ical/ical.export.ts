import { addDays } from '@villas/shared';
import ical, { ICalCalendarMethod, ICalEventBusyStatus, ICalEventTransparency } from 'ical-generator';

/**
 * The export feed of one property, built with ical-generator: one all-day VEVENT per run of
 * consecutive blocked nights and one per accepted request. What Google Calendar, Airbnb and Vrbo
 * accept: VALUE=DATE DTSTART/DTEND (DTEND the check-out day, exclusive), a UID that stays the same
 * from one fetch to the next, DTSTAMP, METHOD:PUBLISH, opaque (busy) events.
 */
export interface ExportInput {
  property: { id: number; name: string };
  brand: string;
  domain: string;
  blockedNights: string[];
  requests: Array<{ id: number; checkIn: string; checkOut: string }>;
  now?: Date;
}

/** Consecutive nights → [from, to) ranges. */
export function toRanges(nights: string[]): Array<{ from: string; to: string }> {
  const sorted = [...new Set(nights)].sort();
  const ranges: Array<{ from: string; to: string }> = [];
  for (const night of sorted) {
    const last = ranges.at(-1);
    if (last && last.to === night) last.to = addDays(night, 1);
    else ranges.push({ from: night, to: addDays(night, 1) });
  }
  return ranges;
}

/** A yyyy-MM-dd date as the UTC midnight ical-generator writes back as that same date. */
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

export function renderCalendar(input: ExportInput): string {
  const cal = ical({
    name: `${input.property.name} · ${input.brand}`,
    prodId: { company: input.brand, product: 'Availability', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 15,
  });
  const stamp = input.now ?? new Date();
  for (const r of toRanges(input.blockedNights)) {
    cal.createEvent({
      id: `block-${input.property.id}-${r.from}@${input.domain}`,
      start: day(r.from),
      end: day(r.to),
      allDay: true,
      stamp,
      summary: 'Not available',
      transparency: ICalEventTransparency.OPAQUE,
      busystatus: ICalEventBusyStatus.BUSY,
    });
  }
  for (const r of input.requests) {
    if (!(r.checkOut > r.checkIn)) continue;
    cal.createEvent({
      id: `request-${r.id}@${input.domain}`,
      start: day(r.checkIn),
      end: day(r.checkOut),
      allDay: true,
      stamp,
      summary: 'Reserved',
      transparency: ICalEventTransparency.OPAQUE,
      busystatus: ICalEventBusyStatus.BUSY,
    });
  }
  return cal.toString();
}

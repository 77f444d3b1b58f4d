import { findBookableProperty } from '../properties/properties.service';
import {
  type CurrentUser,
  type InboxPage,
  type Inquiry,
  type InquiryStatus,
  INBOX_STATUSES,
  formatLongDate,
  inquiryInputSchema,
  inquiryTypeLabel,
  plural,
} from '@villas/shared';
import type { z } from 'zod';
import type { Db } from '@villas/db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { iso } from '../../lib/time';
import { notifyAdmins } from '../notifications/notifications.service';
import { assertStayAllowed } from '../stay-rules/stay-rules.service';
import * as repo from './inquiries.repository';

export type InquiryInput = z.output<typeof inquiryInputSchema>;

/** The rate limit every inquiry form shares (`app.formLimit`), however it is sent. */
export const INQUIRY_FORM_LIMIT = 'inquiry';

const clip = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max).trimEnd()}…` : text);

/** The type an administrator sees: the original message prefix first, else the stored kind. */
export function typeLabelOf(row: Pick<repo.InquiryRow, 'kind' | 'message'>): string {
  const byPrefix = inquiryTypeLabel(row.message);
  if (byPrefix !== 'General Inquiry') return byPrefix;
  if (row.kind === 'off-market') return 'Off-Market Property';
  if (row.kind === 'contact') return 'Contact Form';
  return byPrefix;
}

export function toInquiry(r: repo.InquiryRow): Inquiry {
  return {
    id: r.id,
    kind: r.kind,
    typeLabel: typeLabelOf(r),
    inquiryType: r.inquiryType,
    status: r.status,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    budget: r.budget,
    checkIn: r.checkIn,
    checkOut: r.checkOut,
    guests: r.guests,
    message: r.message,
    specialRequests: r.specialRequests,
    propertyId: r.propertyId,
    propertyName: r.propertyName,
    searchCriteria: r.searchCriteria ?? null,
    agentId: r.agentId,
    agentName: r.agentName,
    agencyName: r.agentCompany,
    createdAt: iso(r.createdAt)!,
  };
}

const INQUIRY_TYPE_NAMES = { agent: 'travel agent', 'property-manager': 'property manager', other: 'other' };

/**
 * Stores an inquiry of one of the three shapes (contact, booking, off-market) with its
 * explicit kind, and tells every administrator in the same transaction. A booking names an existing
 * villa and fits its capacity. A booking sent by a signed-in agent records the agent (they may place a
 * hold from it) with their name and agency as they are now: the session's account, never the body.
 */
export async function createInquiry(
  db: Db,
  input: InquiryInput,
  /** The signed-in sender, if any (the session's user): a booking inquiry records them as its agent. */
  sender: Pick<CurrentUser, 'id' | 'name' | 'company'> | null = null,
): Promise<{ id: number; status: InquiryStatus }> {
  return db.transaction(async (tx) => {
    const who = `${input.firstName} ${input.lastName}`;
    let row: repo.InquiryRow;
    let title: string;
    let message: string;
    if ('type' in input && input.type === 'off-market') {
      row = await repo.insertInquiry(tx, {
        kind: 'off-market',
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        message: input.message ?? '',
        budget: input.budget,
        specialRequests: input.specialRequests,
        searchCriteria: input.searchCriteria ?? null,
      });
      title = 'New off-market inquiry';
      message = `${who} (${input.email}) is looking for an off-market property${
        input.budget ? ` with a budget of ${input.budget}` : ''
      }.`;
    } else if ('propertyId' in input && typeof input.propertyId === 'number') {
      const villa = await findBookableProperty(tx, input.propertyId);
      if (!villa) throw new NotFoundError('Property not found');
      if (input.guests > villa.maxGuests) {
        throw new ValidationError(`${villa.name} sleeps at most ${plural(villa.maxGuests, 'guest')}`);
      }
      // The villa's stay rule of the check-in date (minimum stay, check-in days): 400 with its words.
      await assertStayAllowed(tx, { propertyId: villa.id, checkIn: input.checkIn, checkOut: input.checkOut });
      row = await repo.insertInquiry(tx, {
        kind: 'booking',
        agentId: sender?.id ?? null,
        agentName: sender?.name ?? null,
        agentCompany: sender?.company ?? null,
        propertyId: villa.id,
        propertyName: villa.name,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        message: input.message ?? '',
        checkIn: input.checkIn,
        checkOut: input.checkOut,
        guests: input.guests,
      });
      const dates =
        input.checkIn && input.checkOut
          ? ` from ${formatLongDate(input.checkIn)} to ${formatLongDate(input.checkOut)}`
          : '';
      title = `New booking inquiry for ${villa.name}`;
      message = `${who} (${input.email}) asked about ${villa.name}${dates} for ${plural(input.guests, 'guest')}.`;
    } else {
      const contact = input as Extract<InquiryInput, { inquiryType: unknown }>;
      row = await repo.insertInquiry(tx, {
        kind: 'contact',
        firstName: contact.firstName,
        lastName: contact.lastName,
        email: contact.email,
        message: contact.message,
        inquiryType: contact.inquiryType,
      });
      title = 'New contact form message';
      message = `${who} (${contact.email}, ${INQUIRY_TYPE_NAMES[contact.inquiryType]}): ${clip(contact.message)}`;
    }
    await notifyAdmins(tx, {
      type: 'new_inquiry',
      title,
      message,
      relatedId: row.id,
      relatedType: 'inquiry',
    });
    return { id: row.id, status: row.status };
  });
}

export async function listInquiries(db: Db, paging: { limit?: number; offset?: number }): Promise<Inquiry[]> {
  return (await repo.listInquiries(db, paging)).map(toInquiry);
}

/**
 * The administrators' inbox: every inquiry and every client's request through a link, filtered on
 * the server, newest first, a page at a time, with the counts per status that match the other filters.
 */
export async function listInbox(
  db: Db,
  query: repo.InboxFilters & { limit: number; offset: number },
): Promise<InboxPage> {
  const { limit, offset, ...filters } = query;
  const rows = await repo.listInbox(db, { ...filters, limit, offset });
  const perStatus = await repo.countInbox(db, { ...filters, status: undefined });
  const counts = Object.fromEntries(INBOX_STATUSES.map((s) => [s, 0])) as InboxPage['counts'];
  for (const c of perStatus) counts[c.status] = c.count;
  const total = filters.status ? counts[filters.status] : INBOX_STATUSES.reduce((n, s) => n + counts[s], 0);
  return { items: rows, total, limit, offset, counts };
}

export async function setInquiryStatus(db: Db, id: number, status: InquiryStatus): Promise<Inquiry> {
  const row = await repo.updateInquiryStatus(db, { id, status });
  if (!row) throw new NotFoundError('Inquiry not found');
  return toInquiry(row);
}

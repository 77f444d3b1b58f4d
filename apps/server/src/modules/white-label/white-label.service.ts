import { findBookableProperty } from '../properties/properties.service';
import { randomUUID } from 'node:crypto';
import {
  type AdminWhiteLabelLink,
  type PublicProperty,
  type PublicWhiteLabel,
  type WhiteLabelInquiry,
  type WhiteLabelInquiryStatus,
  type WhiteLabelLink,
  bookingRequestSchema,
  createWhiteLabelSchema,
  formatLongDate,
  VIEW_REPEAT_WINDOW_MINUTES,
} from '@villas/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { properties, whiteLabelLinks } from '../../db/schema';
import { assertCanActOn, canActOn, ownerFilter } from '../../lib/access';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import type { Mailer, MailMessage } from '../../lib/mailer';
import { iso } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import { listProperties } from '../properties/properties.repository';
import { notify } from '../notifications/notifications.service';
import * as repo from './white-label.repository';

type CreateInput = z.output<typeof createWhiteLabelSchema>;
type BookingInput = z.output<typeof bookingRequestSchema>;
type Paging = { limit?: number; offset?: number };

export const LINK_NOT_FOUND = 'Link not found';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function toLink(r: repo.LinkRow, extra: { viewCount: number; propertyNames?: string[] }): WhiteLabelLink {
  return {
    id: r.id,
    uuid: r.uuid,
    title: r.title,
    description: r.description,
    agentName: r.agentName,
    agentEmail: r.agentEmail,
    companyName: r.companyName,
    propertyIds: r.propertyIds,
    ...(extra.propertyNames ? { propertyNames: extra.propertyNames } : {}),
    searchFilters: r.searchFilters ?? null,
    isActive: r.isActive,
    expiresAt: iso(r.expiresAt),
    createdAt: iso(r.createdAt)!,
    viewCount: extra.viewCount,
  };
}

const fromListRow = (r: repo.LinkListRow) =>
  toLink(r.link, { viewCount: r.viewCount, propertyNames: r.propertyNames ?? [] });

/**
 * Both creation shapes (seed 000 §7). Agent name, e-mail and company default to the agent's account;
 * every property must exist.
 */
export async function createLink(db: Db, actor: AuthUser, input: CreateInput): Promise<WhiteLabelLink> {
  if (!canActOn(actor, 'whiteLabelLink', input.agentId)) {
    throw new ForbiddenError('You can only create white-label links for yourself');
  }
  const agent = input.agentId === actor.id ? actor : await repo.findAgent(db, input.agentId);
  if (!agent) throw new ValidationError('Agent not found');
  const found = new Set(await repo.existingPropertyIds(db, input.propertyIds));
  const missing = input.propertyIds.filter((id) => !found.has(id));
  if (missing.length) {
    throw new ValidationError(
      `${missing.length === 1 ? 'Property' : 'Properties'} not found: ${missing.join(', ')}`,
    );
  }
  if (input.expiresAt && new Date(input.expiresAt).getTime() <= Date.now()) {
    throw new ValidationError('The expiry date must be in the future');
  }
  const row = await repo.insertLink(db, {
    uuid: randomUUID(),
    agentId: input.agentId,
    title: input.title,
    description: input.description,
    agentName: input.agentName ?? `${agent.firstName} ${agent.lastName}`.trim(),
    agentEmail: input.agentEmail ?? agent.email,
    companyName: input.companyName ?? agent.company,
    propertyIds: input.propertyIds,
    searchFilters: input.searchFilters ?? null,
    isActive: input.isActive,
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
  });
  const [listed] = await repo.listLinks(db, { where: eq(whiteLabelLinks.id, row.id) });
  return fromListRow(listed!);
}

function toPublicProperty(p: Awaited<ReturnType<typeof listProperties>>[number]): PublicProperty {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    location: p.location,
    region: p.region,
    subregion: p.subregion,
    bedrooms: p.bedrooms,
    maxGuests: p.maxGuests,
    propertyType: p.propertyType,
    amenities: p.amenities,
    images: p.images,
    available: p.available,
  };
}

/** Start of the current UTC day. */
export const utcDayStart = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

export interface Viewer {
  userId: number | null;
  userAgent: string | null;
  ip: string | null;
}

/**
 * The client's page (public): only what a client may see, villas in the link's order. A load is a
 * view unless it is the owning agent's own visit or a reload from the same browser within
 * VIEW_REPEAT_WINDOW_MINUTES; the first view of the UTC day notifies the agent (in the app and by
 * e-mail).
 */
export async function openPublicLink(
  db: Db,
  mailer: Mailer,
  uuid: string,
  viewer: Viewer,
): Promise<PublicWhiteLabel> {
  if (!UUID_RE.test(uuid)) throw new NotFoundError(LINK_NOT_FOUND);
  const link = await repo.findLiveLinkByUuid(db, uuid);
  if (!link) throw new NotFoundError(LINK_NOT_FOUND);

  const found = link.propertyIds.length
    ? await listProperties(db, { where: inArray(properties.id, link.propertyIds) })
    : [];
  const byId = new Map(found.map((p) => [p.id, p]));
  const villas = link.propertyIds.flatMap((id) => {
    const p = byId.get(id);
    return p ? [toPublicProperty(p)] : [];
  });

  const answer: PublicWhiteLabel = {
    link: {
      uuid: link.uuid,
      title: link.title,
      description: link.description,
      agentName: link.agentName,
      companyName: link.companyName,
      agentEmail: link.agentEmail,
      expiresAt: iso(link.expiresAt),
    },
    properties: villas,
  };
  // The owning agent checking their own link is not a client's view.
  if (viewer.userId === link.agentId) return answer;
  const mail = await db.transaction(async (tx) => {
    // Under the link's lock, so two loads at once cannot both count as the first.
    await repo.lockLink(tx, link.id);
    const view = { linkId: link.id, userAgent: viewer.userAgent, ipAddress: viewer.ip };
    const reloadSince = new Date(Date.now() - VIEW_REPEAT_WINDOW_MINUTES * 60_000);
    if (!(await repo.hasViewSince(tx, { ...view, since: reloadSince }))) await repo.insertView(tx, view);
    const since = utcDayStart();
    if (
      await repo.hasNotificationSince(tx, {
        userId: link.agentId,
        type: 'link_viewed',
        relatedId: link.id,
        since,
      })
    ) {
      return undefined;
    }
    const title = `Your link "${link.title}" was viewed`;
    const message = `Your white-label collection "${link.title}" was opened today. You will hear about the first view of each day.`;
    await notify(tx, {
      userId: link.agentId,
      type: 'link_viewed',
      title,
      message,
      relatedId: link.id,
      relatedType: 'white_label_link',
    });
    const agent = await repo.findAgent(tx, link.agentId);
    return agent
      ? ({
          to: agent.email,
          subject: title,
          text: `Dear ${agent.firstName},\n\n${message}\n`,
        } satisfies MailMessage)
      : undefined;
  });
  if (mail) await mailer.send(mail);
  return answer;
}

/** A client's booking request on a live link: stored pending, the agent notified and e-mailed. */
export async function requestBooking(
  db: Db,
  mailer: Mailer,
  uuid: string,
  input: BookingInput,
): Promise<{ id: number; status: WhiteLabelInquiryStatus }> {
  if (!UUID_RE.test(uuid)) throw new NotFoundError(LINK_NOT_FOUND);
  const { inquiry, mail } = await db.transaction(async (tx) => {
    const link = await repo.findLiveLinkByUuid(tx, uuid);
    if (!link) throw new NotFoundError(LINK_NOT_FOUND);
    const villa = link.propertyIds.includes(input.propertyId)
      ? await findBookableProperty(tx, input.propertyId)
      : undefined;
    if (!villa) throw new ValidationError('This villa is not part of this collection');
    if (input.guests != null && input.guests > villa.maxGuests) {
      throw new ValidationError(`${villa.name} sleeps at most ${plural(villa.maxGuests, 'guest')}`);
    }
    const inquiry = await repo.insertWlInquiry(tx, {
      whiteLabelLinkId: link.id,
      propertyId: villa.id,
      propertyName: villa.name,
      clientName: input.clientName,
      clientEmail: input.clientEmail,
      clientPhone: input.clientPhone,
      message: input.message,
      checkIn: input.checkIn ?? null,
      checkOut: input.checkOut ?? null,
      guests: input.guests ?? null,
    });
    const title = `New booking request from ${input.clientName} for ${villa.name}`;
    const stay =
      input.checkIn && input.checkOut
        ? `${formatLongDate(input.checkIn)} to ${formatLongDate(input.checkOut)}`
        : input.checkIn
          ? `from ${formatLongDate(input.checkIn)}`
          : 'dates not given';
    const guests = input.guests ? plural(input.guests, 'guest') : 'guests not given';
    const message = `${input.clientName} (${input.clientEmail}) would like to book ${villa.name}: ${stay}, ${guests}.`;
    await notify(tx, {
      userId: link.agentId,
      type: 'booking_request',
      title,
      message,
      relatedId: inquiry.id,
      relatedType: 'white_label_inquiry',
    });
    const agent = await repo.findAgent(tx, link.agentId);
    const lines = [
      `Dear ${agent?.firstName ?? 'agent'},`,
      '',
      `${input.clientName} sent a booking request through your collection "${link.title}".`,
      '',
      `Villa: ${villa.name}`,
      `Client: ${input.clientName}`,
      `E-mail: ${input.clientEmail}`,
      ...(input.clientPhone ? [`Phone: ${input.clientPhone}`] : []),
      `Stay: ${stay}`,
      `Guests: ${guests}`,
      ...(input.message ? ['', 'Message:', input.message] : []),
      '',
      'You will find it under Inquiries in your White-label Link Management.',
      '',
    ];
    const mail: MailMessage | undefined = agent
      ? { to: agent.email, subject: title, text: lines.join('\n') }
      : undefined;
    return { inquiry, mail };
  });
  if (mail) await mailer.send(mail);
  return { id: inquiry.id, status: inquiry.status };
}

/** The agent's dashboard: own links (not deleted), newest first, with view counts. */
export async function dashboardLinks(
  db: Db,
  actor: AuthUser,
  paging: Paging = {},
): Promise<WhiteLabelLink[]> {
  const rows = await repo.listLinks(db, {
    where: and(eq(whiteLabelLinks.agentId, actor.id), repo.notDeleted)!,
    ...paging,
  });
  return rows.map(fromListRow);
}

export async function agentLinks(
  db: Db,
  actor: AuthUser,
  agentId: number,
  paging: Paging = {},
): Promise<WhiteLabelLink[]> {
  assertCanActOn(actor, 'whiteLabelLink', agentId, 'Agent not found');
  const rows = await repo.listLinks(db, {
    where: and(eq(whiteLabelLinks.agentId, agentId), repo.notDeleted)!,
    ...paging,
  });
  return rows.map(fromListRow);
}

export async function deleteLink(db: Db, actor: AuthUser, id: number): Promise<void> {
  const done = await repo.softDeleteLink(db, { id, agentId: ownerFilter(actor, 'whiteLabelLink') });
  if (!done) throw new NotFoundError(LINK_NOT_FOUND);
}

function toWlInquiry(r: repo.WlInquiryListRow): WhiteLabelInquiry {
  const i = r.inquiry;
  return {
    id: i.id,
    linkId: i.whiteLabelLinkId,
    linkTitle: r.linkTitle,
    name: i.clientName,
    email: i.clientEmail,
    phone: i.clientPhone,
    propertyId: i.propertyId,
    propertyName: i.propertyName,
    checkInDate: i.checkIn,
    checkOutDate: i.checkOut,
    guests: i.guests,
    message: i.message,
    status: i.status,
    createdAt: iso(i.createdAt)!,
  };
}

export async function agentInquiries(
  db: Db,
  actor: AuthUser,
  agentId: number,
  paging: Paging = {},
): Promise<WhiteLabelInquiry[]> {
  assertCanActOn(actor, 'whiteLabelInquiry', agentId, 'Agent not found');
  return (await repo.listWlInquiriesForAgent(db, { agentId, ...paging })).map(toWlInquiry);
}

/** Any status in any order (seed 000 §4), on the agent's own inquiries or, for an admin, anyone's. */
export async function setWlInquiryStatus(
  db: Db,
  actor: AuthUser,
  id: number,
  status: WhiteLabelInquiryStatus,
): Promise<WhiteLabelInquiry> {
  const row = await repo.updateWlInquiryStatus(db, {
    id,
    agentId: ownerFilter(actor, 'whiteLabelInquiry'),
    status,
  });
  if (!row) throw new NotFoundError('Inquiry not found');
  return toWlInquiry(row);
}

/**
 * Admin view (seed 001 §3): every link that is not deleted, with its agent and view count; `q` keeps
 * the links whose title, agent name or agent e-mail (on the link or the agent's account) contains it.
 */
export async function adminLinks(
  db: Db,
  { q, ...paging }: Paging & { q?: string } = {},
): Promise<AdminWhiteLabelLink[]> {
  const where = q ? and(repo.notDeleted, repo.linkMatches(db, q))! : repo.notDeleted;
  const rows = await repo.listLinks(db, { where, ...paging });
  return rows.map((r) => ({
    ...fromListRow(r),
    agentId: r.link.agentId,
    agentFullName: `${r.agentFirstName} ${r.agentLastName}`.trim(),
    agentAccountEmail: r.agentAccountEmail,
    searchCriteria: r.link.searchFilters ?? null,
  }));
}

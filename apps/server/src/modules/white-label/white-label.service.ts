import { findBookableProperty, listPropertiesByIds, stayTotals } from '../properties/properties.service';
import { randomUUID } from 'node:crypto';
import {
  clientPrice,
  linkPricingSchema,
  linkStayOf,
  markupFromRow,
  storedMarkup,
  weeklyPrice,
  type ClientPrice,
  type Currency,
  type LinkPricePreview,
  type LinkPricing,
  type LinkStay,
  type Property,
  type Rates,
  type AdminWhiteLabelLink,
  type PublicProperty,
  type PublicWhiteLabel,
  type WhiteLabelInquiry,
  type WhiteLabelInquiryStatus,
  type WhiteLabelLink,
  bookingRequestSchema,
  createWhiteLabelSchema,
  formatLongDate,
  linkPricePreviewSchema,
  updateWhiteLabelSchema,
  VIEW_REPEAT_WINDOW_MINUTES,
  plural,
  pluralWord,
} from '@villas/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '@villas/db/client';
import { assertCanActOn, canActOn, ownerFilter } from '../../lib/access';
import { ForbiddenError, NotFoundError, ValidationError, fieldIssuesOf } from '../../lib/errors';
import type { Mailer, MailMessage } from '../../lib/mailer';
import { toE164 } from '../../lib/phone';
import { iso } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import { listExchangeRates } from '../exchange-rates/exchange-rates.service';
import { notify } from '../notifications/notifications.service';
import { assertStayAllowed, rulesInForceOf } from '../stay-rules/stay-rules.service';
import * as repo from './white-label.repository';

type CreateInput = z.output<typeof createWhiteLabelSchema>;
type UpdateInput = z.output<typeof updateWhiteLabelSchema>;
type PreviewInput = z.output<typeof linkPricePreviewSchema>;
type BookingInput = z.output<typeof bookingRequestSchema>;
type Paging = { limit?: number; offset?: number };

export const LINK_NOT_FOUND = 'Link not found';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A link's price settings as the API carries them (the markup stored × 100; a stored 0 markup is
 * 'catalogue', see client-price.ts).
 */
const pricingOf = (r: repo.LinkRow): LinkPricing => ({
  currency: r.currency as Currency,
  ...markupFromRow(r),
});

function toLink(r: repo.LinkRow, extra: { viewCount: number; propertyNames?: string[] }): WhiteLabelLink {
  return {
    ...pricingOf(r),
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

/** Every id must be an existing property (400 naming the missing ones). */
async function assertPropertiesExist(db: Db, ids: number[]): Promise<void> {
  const found = new Set(await repo.existingPropertyIds(db, ids));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) {
    throw new ValidationError(
      `${pluralWord(missing.length, 'Property', 'Properties')} not found: ${missing.join(', ')}`,
    );
  }
}

/**
 * Both creation shapes: the dashboard's {agentId, title, propertyIds, searchFilters} and
 * the agent dialog's {title, description, agentName, agentEmail, propertyIds, isActive, …}. Agent
 * name, e-mail and company default to the agent's account; every property must exist. The price
 * settings (display currency and markup) are stored exactly: the markup in basis points or minor units.
 */
export async function createLink(db: Db, actor: AuthUser, input: CreateInput): Promise<WhiteLabelLink> {
  if (!canActOn(actor, 'whiteLabelLink', input.agentId)) {
    throw new ForbiddenError('You can only create white-label links for yourself');
  }
  const agent = input.agentId === actor.id ? actor : await repo.findAgent(db, input.agentId);
  if (!agent) throw new ValidationError('Agent not found');
  await assertPropertiesExist(db, input.propertyIds);
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
    currency: input.currency,
    ...storedMarkup(input),
  });
  const [listed] = await repo.listLinks(db, { id: row.id, withDeleted: true });
  return fromListRow(listed!);
}

/**
 * Edits a link: the owning agent's, or any for an administrator (404 otherwise, and for a deleted
 * link). Fields left out stay as they are; the price settings are checked as they will be after the
 * change (choosing another type without a value starts it at 0, which a percentage or a fixed
 * markup refuses).
 */
export async function updateLink(
  db: Db,
  actor: AuthUser,
  id: number,
  input: UpdateInput,
): Promise<WhiteLabelLink> {
  const current = await repo.findOwnLink(db, { id, agentId: ownerFilter(actor, 'whiteLabelLink') });
  if (!current) throw new NotFoundError(LINK_NOT_FOUND);
  const before = pricingOf(current);
  const checked = linkPricingSchema.safeParse({
    currency: input.currency ?? before.currency,
    markupType: input.markupType ?? before.markupType,
    markupValue:
      input.markupValue ??
      (input.markupType && input.markupType !== before.markupType ? 0 : before.markupValue),
  });
  if (!checked.success) {
    throw new ValidationError(checked.error.issues[0]!.message, fieldIssuesOf(checked.error.issues));
  }
  if (input.propertyIds) await assertPropertiesExist(db, input.propertyIds);
  const pricingSent =
    input.currency !== undefined || input.markupType !== undefined || input.markupValue !== undefined;
  const row = await repo.updateLink(db, id, {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.agentName !== undefined && { agentName: input.agentName }),
    ...(input.agentEmail !== undefined && { agentEmail: input.agentEmail }),
    ...(input.companyName !== undefined && { companyName: input.companyName }),
    ...(input.propertyIds !== undefined && { propertyIds: input.propertyIds }),
    ...(input.isActive !== undefined && { isActive: input.isActive }),
    // A link whose price is not edited keeps its row as it is.
    ...(pricingSent && { currency: checked.data.currency, ...storedMarkup(checked.data) }),
  });
  if (!row) throw new NotFoundError(LINK_NOT_FOUND);
  const [listed] = await repo.listLinks(db, { id: row.id, withDeleted: true });
  return fromListRow(listed!);
}

type PricedVilla = Pick<Property, 'id' | 'basePricePerNight' | 'propertyCurrency'>;

/**
 * The client's price of each villa (domain/client-price.ts): per week from the base price (nightly ×
 * 7) on a link without dates, the stay's trade total (the dated search's rule) on a link with dates;
 * converted to the link's currency with the markup added, rounded once. Never the trade figure.
 */
async function priceVillas(
  db: Queryable,
  villas: readonly PricedVilla[],
  pricing: LinkPricing,
  stay: LinkStay | null,
): Promise<Map<number, { price: ClientPrice | null; missingRate: boolean }>> {
  // Markup type 'none': the client sees no prices at all (domain/client-price.ts), so nothing is priced.
  if (pricing.markupType === 'none') {
    return new Map(villas.map((v) => [v.id, { price: null, missingRate: false }]));
  }
  const rates: Rates = await listExchangeRates(db);
  const totals = stay
    ? await stayTotals(
        db,
        villas.map((v) => v.id),
        stay,
      )
    : null;
  const basis = stay ? 'stay' : 'week';
  return new Map(
    villas.map((v) => {
      const trade = totals ? totals.get(v.id) : weeklyPrice(v.basePricePerNight);
      const { amount, missingRate } = clientPrice(trade, v.propertyCurrency, pricing, rates);
      const price = { amount, currency: pricing.currency, basis, nights: stay?.nights ?? null } as const;
      return [v.id, { price, missingRate }];
    }),
  );
}

/**
 * 'Your client sees: …' before a link is saved: the client's price of each villa with these settings,
 * exactly as the client's page will show it, and which villas lack an exchange rate.
 */
export async function previewPrices(db: Db, input: PreviewInput): Promise<LinkPricePreview> {
  await assertPropertiesExist(db, input.propertyIds);
  const found = await listPropertiesByIds(db, input.propertyIds);
  const byId = new Map(found.map((p) => [p.id, p]));
  const villas = input.propertyIds.flatMap((id) => byId.get(id) ?? []);
  const stay = linkStayOf(input.searchFilters);
  const prices = await priceVillas(db, villas, input, stay);
  return {
    stay,
    villas: villas.map((v) => ({
      propertyId: v.id,
      name: v.name,
      villaCurrency: v.propertyCurrency,
      ...prices.get(v.id)!,
    })),
  };
}

function toPublicProperty(p: Property, price: ClientPrice | null): PublicProperty {
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
    price,
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

/** A property is being deleted (in the caller's transaction): no link lists it any more. */
export const removePropertyFromLinks = (tx: Queryable, propertyId: number): Promise<void> =>
  repo.removePropertyFromLinks(tx, propertyId);

/** The villa ids of a live link, in its order (404 like the client's page for any other link). */
export async function liveLinkPropertyIds(db: Queryable, uuid: string): Promise<number[]> {
  if (!UUID_RE.test(uuid)) throw new NotFoundError(LINK_NOT_FOUND);
  const link = await repo.findLiveLinkByUuid(db, uuid);
  if (!link) throw new NotFoundError(LINK_NOT_FOUND);
  return link.propertyIds;
}

/** The stay rules in force for the villas of a live link (404 like the client's page otherwise). */
export const linkStayRules = async (db: Queryable, uuid: string) =>
  rulesInForceOf(db, await liveLinkPropertyIds(db, uuid));

/**
 * What a client may see of a live link (404 for an unknown, inactive, expired or deleted one): the
 * link, its agent's phone (E.164, or null when the profile's cannot be read as one), its stay when it
 * has dates, and its villas in the link's order, each with the client's price and never a trade
 * price. The page and the brochure show the same answer.
 */
export async function publicCollection(
  db: Queryable,
  uuid: string,
): Promise<{ link: repo.LinkRow; answer: PublicWhiteLabel }> {
  if (!UUID_RE.test(uuid)) throw new NotFoundError(LINK_NOT_FOUND);
  const link = await repo.findLiveLinkWithAgentPhone(db, uuid);
  if (!link) throw new NotFoundError(LINK_NOT_FOUND);

  const found = link.propertyIds.length ? await listPropertiesByIds(db, link.propertyIds) : [];
  const byId = new Map(found.map((p) => [p.id, p]));
  const villas = link.propertyIds.flatMap((id) => byId.get(id) ?? []);
  const pricing = pricingOf(link);
  const stay = linkStayOf(link.searchFilters);
  const prices = await priceVillas(db, villas, pricing, stay);

  const answer: PublicWhiteLabel = {
    link: {
      uuid: link.uuid,
      title: link.title,
      description: link.description,
      agentName: link.agentName,
      companyName: link.companyName,
      agentEmail: link.agentEmail,
      // The profile's phone in E.164, normalised here so the page needs no phone library.
      agentPhone: toE164(link.agentPhone),
      expiresAt: iso(link.expiresAt),
      currency: pricing.currency,
      stay,
    },
    properties: villas.map((p) => toPublicProperty(p, prices.get(p.id)!.price)),
  };
  return { link, answer };
}

/**
 * The client's page (public): `publicCollection`. A load is a
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
  const { link, answer } = await publicCollection(db, uuid);
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
    // The villa's stay rule of the check-in date (minimum stay, check-in days): 400 with its words.
    await assertStayAllowed(tx, { propertyId: villa.id, checkIn: input.checkIn, checkOut: input.checkOut });
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
  const rows = await repo.listLinks(db, { agentId: actor.id, ...paging });
  return rows.map(fromListRow);
}

export async function agentLinks(
  db: Db,
  actor: AuthUser,
  agentId: number,
  paging: Paging = {},
): Promise<WhiteLabelLink[]> {
  assertCanActOn(actor, 'whiteLabelLink', agentId, 'Agent not found');
  const rows = await repo.listLinks(db, { agentId, ...paging });
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

/** Any status in any order, on the agent's own inquiries or, for an admin, anyone's. */
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
 * Admin view: every link that is not deleted, with its agent and view count; `q` keeps
 * the links whose title, agent name or agent e-mail (on the link or the agent's account) contains it.
 */
export async function adminLinks(
  db: Db,
  { q, ...paging }: Paging & { q?: string } = {},
): Promise<AdminWhiteLabelLink[]> {
  const rows = await repo.listLinks(db, { q, ...paging });
  return rows.map((r) => ({
    ...fromListRow(r),
    agentId: r.link.agentId,
    agentFullName: `${r.agentFirstName} ${r.agentLastName}`.trim(),
    agentAccountEmail: r.agentAccountEmail,
    searchCriteria: r.link.searchFilters ?? null,
  }));
}

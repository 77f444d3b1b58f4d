import {
  ErrorCode,
  eachNight,
  formatLongDate,
  formatNightRuns,
  HOLD_MESSAGES,
  holdInputSchema,
  isNotPastStart,
  nightsBetween,
  PAST_CHECK_IN_MESSAGE,
  HOLD_LIMITS,
  type Hold,
  type HoldPage,
  type HoldReleaseResult,
  type HoldStatus,
} from '@villas/shared';
import type { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db, Queryable } from '@villas/db/client';
import { pgErrorCode } from '@villas/db/client';
import { assertCanActOn, ownerFilter } from '../../lib/access';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { iso } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import {
  blockHeldNights,
  confirmHeldNights,
  freeHeldNights,
  handNightsToFeeds,
} from '../calendar/held-nights.service';
import { feedBlockedNights } from '../integrations/ical/feed-nights.service';
import { notify, notifyAdmins } from '../notifications/notifications.service';
import { assertStayAllowed } from '../stay-rules/stay-rules.service';
import * as repo from './holds.repository';

export type HoldInputParsed = z.output<typeof holdInputSchema>;
type Paging = { limit?: number; offset?: number };
/** The limits a new hold is checked against (HOLD_MAX_* settings). */
export type HoldCaps = Pick<Config['holds'], 'maxNightsUndated' | 'maxActivePerAgent' | 'maxNightsPerAgent'>;

const DEADLOCK_OR_SERIALIZATION = new Set(['40P01', '40001']);

/** Runs `work` again (up to 3 times) when PostgreSQL aborted it for a deadlock or a serialisation clash. */
async function retrying<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= 3 || !DEADLOCK_OR_SERIALIZATION.has(pgErrorCode(err) ?? '')) throw err;
    }
  }
}

/** The status people see: an active hold past its expiry is expired, freed or not. */
function effectiveStatus(row: repo.HoldRow, now = new Date()): HoldStatus {
  return row.status === 'active' && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.status;
}

function toHold(r: repo.HoldListRow): Hold {
  const h = r.hold;
  return {
    id: h.id,
    propertyId: h.propertyId,
    propertyName: r.propertyName,
    agentId: h.agentId,
    agentName: `${r.agentFirstName} ${r.agentLastName}`.trim(),
    agentCompany: r.agentCompany || null,
    inquiryKind: h.whiteLabelInquiryId != null ? 'white-label' : 'booking',
    inquiryId: h.whiteLabelInquiryId ?? h.inquiryId,
    clientName: h.clientName,
    checkIn: h.checkIn,
    checkOut: h.checkOut,
    nights: nightsBetween(h.checkIn, h.checkOut),
    status: effectiveStatus(h),
    expiresAt: iso(h.expiresAt)!,
    createdAt: iso(h.createdAt)!,
    closedAt: iso(h.closedAt),
    closedByName: r.closedByName,
  };
}

const stayText = (h: Pick<repo.HoldRow, 'checkIn' | 'checkOut'>) =>
  `${formatLongDate(h.checkIn)} – ${formatLongDate(h.checkOut)}`;

const untilText = (d: Date) =>
  `${new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'UTC',
  }).format(d)} UTC`;

async function loadHold(db: Queryable, id: number): Promise<Hold> {
  const row = await repo.findHold(db, { id });
  if (!row) throw new NotFoundError(HOLD_MESSAGES.notFound);
  return toHold(row);
}

/**
 * Gives up a hold's nights (release or expiry): its own rows only; nights an iCal feed of the villa
 * still lists go back to that feed at once.
 */
async function freeHoldNights(tx: Queryable, hold: repo.HoldRow): Promise<string[]> {
  const freed = await freeHeldNights(tx, { propertyId: hold.propertyId, holdId: hold.id });
  if (freed.length) {
    const feeds = await feedBlockedNights(tx, hold.propertyId);
    const back = freed.filter((d) => feeds.has(d)).map((date) => ({ date, source: feeds.get(date)! }));
    await handNightsToFeeds(tx, { propertyId: hold.propertyId, nights: back });
  }
  return freed;
}

/**
 * Expires the active holds past their expiry (all, one villa's, or one) and frees their nights, in
 * one transaction; each agent is notified. Exactly once however many callers race: every hold is
 * answered to one transaction only (repo.expireDue). Answers the holds expired.
 */
export async function expireHolds(
  db: Db,
  scope: { propertyId?: number; id?: number; ids?: number[]; limit?: number } = {},
) {
  return db.transaction(async (tx) => {
    const expired = await repo.expireDue(tx, scope);
    for (const hold of expired) {
      await freeHoldNights(tx, hold);
      const villa = (await repo.findProperty(tx, hold.propertyId))?.name ?? 'the villa';
      await notify(tx, {
        userId: hold.agentId,
        type: 'hold_expired',
        title: `Hold expired: ${villa}`,
        message: `Your hold on ${villa} for ${stayText(hold)} (${hold.clientName}) expired and its nights were released.`,
        relatedId: hold.id,
        relatedType: 'hold',
      });
    }
    return expired;
  });
}

/** What a hold is placed from: the inquiry's villa, client, dates and the agent it belongs to. */
async function holdableInquiry(db: Queryable, actor: AuthUser, input: HoldInputParsed) {
  const found =
    input.inquiryKind === 'white-label'
      ? await repo.findWhiteLabelInquiry(db, input.inquiryId)
      : await repo
          .findBookingInquiry(db, input.inquiryId)
          .then((r) => (r?.kind === 'booking' ? r : undefined));
  // Someone else's inquiry answers like a missing one (lib/access).
  if (!found || (actor.role !== 'admin' && found.agentId !== actor.id)) {
    throw new NotFoundError(HOLD_MESSAGES.inquiryNotFound);
  }
  if (found.propertyId == null) throw new ValidationError(HOLD_MESSAGES.noVilla);
  return { ...found, propertyId: found.propertyId, agentId: found.agentId ?? actor.id };
}

/**
 * The stay a hold covers: the given dates, else the inquiry's, checked like the input. On an inquiry
 * with dates the hold stays within them; on one without, it covers at most `maxNightsUndated` nights.
 */
function stayOf(
  input: HoldInputParsed,
  inquiry: { checkIn: string | null; checkOut: string | null },
  caps: HoldCaps,
) {
  const checkIn = input.checkIn ?? inquiry.checkIn;
  const checkOut = input.checkOut ?? inquiry.checkOut;
  if (!checkIn || !checkOut) throw new ValidationError(HOLD_MESSAGES.noDates);
  if (checkOut <= checkIn) throw new ValidationError(HOLD_MESSAGES.checkOutAfterCheckIn);
  if (!isNotPastStart(checkIn)) throw new ValidationError(PAST_CHECK_IN_MESSAGE);
  const nights = nightsBetween(checkIn, checkOut);
  if (nights > HOLD_LIMITS.maxNights) {
    throw new ValidationError(HOLD_MESSAGES.tooManyNights);
  }
  if (inquiry.checkIn && inquiry.checkOut) {
    const outside = [
      ...(checkIn < inquiry.checkIn ? ['checkIn'] : []),
      ...(checkOut > inquiry.checkOut ? ['checkOut'] : []),
    ];
    if (outside.length) {
      const message = HOLD_MESSAGES.outsideInquiryDates(
        stayText({ checkIn: inquiry.checkIn, checkOut: inquiry.checkOut }),
      );
      throw new ValidationError(
        message,
        outside.map((field) => ({ path: [field], message })),
      );
    }
  } else if (nights > caps.maxNightsUndated) {
    const message = HOLD_MESSAGES.undatedTooLong(caps.maxNightsUndated, nights);
    throw new ValidationError(message, [{ path: ['checkOut'], message }]);
  }
  return { checkIn, checkOut };
}

/**
 * Refuses a new hold of `agentId` that would take them over their caps (409 naming the cap and the
 * numbers). Run under the agent's lock (repo.lockAgentHolds), in the transaction that inserts the
 * hold. Holds already over a cap (placed before it was lowered) stay until they end.
 */
async function assertWithinCaps(
  tx: Queryable,
  p: { actor: AuthUser; agentId: number; nights: number; caps: HoldCaps },
) {
  const load = await repo.agentHoldLoad(tx, p.agentId);
  const over = load.active >= p.caps.maxActivePerAgent || load.nights + p.nights > p.caps.maxNightsPerAgent;
  if (!over) return;
  const who = p.agentId === p.actor.id ? null : ((await repo.userName(tx, p.agentId)) ?? 'This agent');
  if (load.active >= p.caps.maxActivePerAgent) {
    throw new ConflictError(
      HOLD_MESSAGES.activeCap(who, load.active, p.caps.maxActivePerAgent),
      ErrorCode.HOLD_LIMIT_ACTIVE,
    );
  }
  throw new ConflictError(
    HOLD_MESSAGES.nightsCap(who, load.nights, p.nights, p.caps.maxNightsPerAgent),
    ErrorCode.HOLD_LIMIT_NIGHTS,
  );
}

/**
 * Places a hold from a booking inquiry (the agent's own, or any for an administrator): the nights
 * [checkIn, checkOut) are blocked for everyone in the transaction that inserts the hold. Any night
 * already blocked, imported or held refuses the whole hold with 409 naming the nights; of holds
 * racing for a night exactly one wins (the calendar's blockHeldNights). Overdue holds of the villa are expired
 * first, so their nights count as free. The hold's agent may keep `caps` active holds and held
 * nights at once: counted and inserted under the agent's lock, so of two requests at the cap one passes.
 */
export async function placeHold(
  db: Db,
  actor: AuthUser,
  input: HoldInputParsed,
  caps: HoldCaps,
): Promise<Hold> {
  const inquiry = await holdableInquiry(db, actor, input);
  const stay = stayOf(input, inquiry, caps);
  // A stay the villa's rules refuse (minimum stay, check-in days) cannot be held either: 400 with the rule.
  await assertStayAllowed(db, { propertyId: inquiry.propertyId, ...stay });
  const nights = eachNight(stay.checkIn, stay.checkOut);
  await expireHolds(db, { propertyId: inquiry.propertyId });

  const holdId = await retrying(() =>
    db.transaction(async (tx) => {
      await repo.lockAgentHolds(tx, inquiry.agentId);
      const villa = await repo.findProperty(tx, inquiry.propertyId);
      if (!villa) throw new NotFoundError('Property not found');
      if (!villa.available) throw new ConflictError(HOLD_MESSAGES.villaUnavailable(villa.name));
      await assertWithinCaps(tx, { actor, agentId: inquiry.agentId, nights: nights.length, caps });
      let hold: repo.HoldRow;
      try {
        hold = await repo.insertHold(tx, {
          propertyId: villa.id,
          agentId: inquiry.agentId,
          createdById: actor.id,
          inquiryId: input.inquiryKind === 'booking' ? inquiry.id : null,
          whiteLabelInquiryId: input.inquiryKind === 'white-label' ? inquiry.id : null,
          clientName: inquiry.clientName,
          checkIn: stay.checkIn,
          checkOut: stay.checkOut,
          expiresAt: new Date(Date.now() + input.expiresInHours * 3_600_000),
        });
      } catch (err) {
        if (pgErrorCode(err) === '23505') throw new ConflictError(HOLD_MESSAGES.alreadyHeld);
        if (pgErrorCode(err) === '23503') throw new NotFoundError('Property not found');
        throw err;
      }
      const taken = new Set(await blockHeldNights(tx, { propertyId: villa.id, holdId: hold.id, nights }));
      const refused = nights.filter((n) => !taken.has(n));
      if (refused.length) throw new ConflictError(HOLD_MESSAGES.unavailable(formatNightRuns(refused)));

      const agent = inquiry.agentId === actor.id ? actor : undefined;
      const who = agent
        ? `${agent.name}${agent.company ? ` (${agent.company})` : ''}`
        : `${actor.name} for an agent`;
      await notifyAdmins(tx, {
        type: 'hold_placed',
        title: `New hold on ${villa.name}`,
        message: `${who} holds ${villa.name} for ${stayText(hold)} (${hold.clientName}) until ${untilText(hold.expiresAt)}.`,
        relatedId: hold.id,
        relatedType: 'hold',
      });
      if (!agent) {
        await notify(tx, {
          userId: inquiry.agentId,
          type: 'hold_placed',
          title: `Hold placed: ${villa.name}`,
          message: `${actor.name} placed a hold for you on ${villa.name} for ${stayText(hold)} (${hold.clientName}) until ${untilText(hold.expiresAt)}.`,
          relatedId: hold.id,
          relatedType: 'hold',
        });
      }
      return hold.id;
    }),
  );
  return loadHold(db, holdId);
}

/** One hold: its agent's, or any for an administrator; someone else's answers 404. */
export async function getHold(db: Db, actor: AuthUser, id: number): Promise<Hold> {
  const row = await repo.findHold(db, { id, agentId: ownerFilter(actor, 'hold') });
  if (!row) throw new NotFoundError(HOLD_MESSAGES.notFound);
  return toHold(row);
}

/** An agent's own holds, or every hold for an administrator; newest first. */
export async function listHolds(
  db: Db,
  actor: AuthUser,
  query: { status?: HoldStatus; propertyId?: number } & Paging,
): Promise<Hold[]> {
  const rows = await repo.listHolds(db, { ...query, agentId: ownerFilter(actor, 'hold') });
  return rows.map(toHold);
}

/** Why a hold could not be ended: it is no longer active (409 with what happened to it). */
async function notActive(db: Queryable, id: number): Promise<never> {
  const row = await repo.findHold(db, { id });
  if (!row) throw new NotFoundError(HOLD_MESSAGES.notFound);
  const status = effectiveStatus(row.hold);
  throw new ConflictError(
    status === 'released'
      ? HOLD_MESSAGES.released
      : status === 'confirmed'
        ? HOLD_MESSAGES.confirmed
        : HOLD_MESSAGES.expired,
  );
}

/** The hold `actor` may act on (404 otherwise), after expiring it if it is overdue. */
async function ownHold(db: Db, actor: AuthUser, id: number) {
  const row = await repo.findHold(db, { id });
  if (!row) throw new NotFoundError(HOLD_MESSAGES.notFound);
  assertCanActOn(actor, 'hold', row.hold.agentId, HOLD_MESSAGES.notFound);
  await expireHolds(db, { id });
  return row;
}

/**
 * Releases an active hold (its agent or an administrator): status released, its nights free again
 * (its own rows only). The agent is told when an administrator released it.
 */
export async function releaseHold(db: Db, actor: AuthUser, id: number): Promise<Hold> {
  await ownHold(db, actor, id);
  await db.transaction(async (tx) => {
    const hold = await repo.closeHold(tx, { id, status: 'released', byId: actor.id });
    if (!hold) return notActive(tx, id);
    await freeHoldNights(tx, hold);
    await tellReleased(tx, actor, hold);
  });
  return loadHold(db, id);
}

/** Tells a hold's agent that `actor` released it (not when they released it themself). */
async function tellReleased(tx: Queryable, actor: AuthUser, hold: repo.HoldRow) {
  if (hold.agentId === actor.id) return;
  const villa = (await repo.findProperty(tx, hold.propertyId))?.name ?? 'the villa';
  await notify(tx, {
    userId: hold.agentId,
    type: 'hold_released',
    title: `Hold released: ${villa}`,
    message: `${actor.name} released your hold on ${villa} for ${stayText(hold)} (${hold.clientName}). Its nights are free again.`,
    relatedId: hold.id,
    relatedType: 'hold',
  });
}

/** Every agent's holds in force (administrators), newest first, one page. */
export async function listActiveHolds(db: Db, page: { limit: number; offset: number }): Promise<HoldPage> {
  const { items, total } = await repo.listActiveHolds(db, page);
  return { items: items.map(toHold), total, limit: page.limit, offset: page.offset };
}

/**
 * Releases several holds at once (administrators), in one transaction: those still active are
 * released, their nights freed and each agent told as for a single release; those past their expiry
 * are expired first (as the sweeper would), and with any that ended otherwise or do not exist they are
 * answered as not active.
 */
export async function releaseHolds(db: Db, actor: AuthUser, ids: number[]): Promise<HoldReleaseResult> {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  await expireHolds(db, { ids: wanted });
  const released = await retrying(() =>
    db.transaction(async (tx) => {
      const rows = await repo.releaseMany(tx, { ids: wanted, byId: actor.id });
      for (const hold of rows) {
        await freeHoldNights(tx, hold);
        await tellReleased(tx, actor, hold);
      }
      return rows.map((r) => r.id);
    }),
  );
  const done = new Set(released);
  return { released, notActive: wanted.filter((id) => !done.has(id)) };
}

/**
 * Confirms an active hold (administrators): status confirmed; its nights stay blocked and become
 * hand-set blocked nights noting the hold (source null), so imports never touch them, the iCal
 * export publishes them and the administrator can still change them in the calendar. The agent is
 * told.
 */
export async function confirmHold(db: Db, actor: AuthUser, id: number): Promise<Hold> {
  const { hold: before } = await ownHold(db, actor, id);
  await db.transaction(async (tx) => {
    const hold = await repo.closeHold(tx, { id, status: 'confirmed', byId: actor.id });
    if (!hold) return notActive(tx, id);
    await confirmHeldNights(tx, {
      propertyId: hold.propertyId,
      holdId: hold.id,
      notes: `Confirmed hold #${hold.id}: ${hold.clientName}`,
    });
    const villa = (await repo.findProperty(tx, hold.propertyId))?.name ?? 'the villa';
    await notify(tx, {
      userId: hold.agentId,
      type: 'hold_confirmed',
      title: `Hold confirmed: ${villa}`,
      message: `${actor.name} confirmed your hold on ${villa} for ${stayText(before)} (${hold.clientName}). Its nights stay blocked.`,
      relatedId: hold.id,
      relatedType: 'hold',
    });
  });
  return loadHold(db, id);
}

import {
  addDays,
  checkStay,
  formatPeriod,
  normalizeCheckInDays,
  STAY_RULE_MESSAGES,
  todayIso,
  type StayRule,
  type StayRuleTerms,
} from '@villas/shared';
import type { Db, Queryable } from '@villas/db/client';
import { pgErrorCode } from '@villas/db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { iso } from '../../lib/time';
import * as repo from './stay-rules.repository';

export type { RuleValues } from './stay-rules.repository';

const propertyNotFound = () => new NotFoundError('Property not found');
const ruleNotFound = () => new NotFoundError(STAY_RULE_MESSAGES.notFound);

/**
 * The first day whose rules still matter: a rule that ended before it can no longer apply to a stay
 * (a stay may start at the earliest yesterday in UTC, so a guest west of UTC keeps their own today).
 */
const inForceFrom = (now = new Date()) => addDays(todayIso(now), -1);

export function toStayRule(r: repo.StayRuleRow): StayRule {
  return {
    id: r.id,
    propertyId: r.propertyId,
    startDate: r.startDate,
    endDate: r.endDate,
    minNights: r.minNights,
    checkInDays: r.checkInDays,
    source: r.source === 'invenio' ? 'invenio' : 'manual',
    updatedAt: iso(r.updatedAt)!,
  };
}

export const toTerms = (r: repo.StayRuleRow): StayRuleTerms => ({
  startDate: r.startDate,
  endDate: r.endDate,
  minNights: r.minNights,
  checkInDays: r.checkInDays,
});

const periodOf = (r: Pick<repo.StayRuleRow, 'startDate' | 'endDate'>) =>
  formatPeriod(r.startDate, r.endDate, new Date().getUTCFullYear());

/** The administrator's list: the property's rules that have not ended, by period. */
export async function listRules(db: Queryable, propertyId: number): Promise<StayRule[]> {
  if (!(await repo.propertyExists(db, propertyId))) throw propertyNotFound();
  return (await repo.listRules(db, { propertyId, from: inForceFrom() })).map(toStayRule);
}

/** Agents: the terms of a villa's rules in force (its detail lists them; its booking form checks them). */
export async function rulesInForce(db: Queryable, propertyId: number): Promise<StayRuleTerms[]> {
  if (!(await repo.propertyExists(db, propertyId))) throw propertyNotFound();
  return (await repo.listRules(db, { propertyId, from: inForceFrom() })).map(toTerms);
}

/** The rules in force of several villas (a white-label link's), each villa listed even without rules. */
export async function rulesInForceOf(
  db: Queryable,
  propertyIds: number[],
): Promise<Array<{ propertyId: number; rules: StayRuleTerms[] }>> {
  const rows = await repo.listRulesOf(db, { propertyIds, from: inForceFrom() });
  return propertyIds.map((propertyId) => ({
    propertyId,
    rules: rows.filter((r) => r.propertyId === propertyId).map(toTerms),
  }));
}

/** Write errors of the table as answers: an overlap that slipped past the check (a race) and a deleted villa. */
async function asAnswer<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const code = pgErrorCode(err);
    if (code === '23P01') {
      throw new ConflictError(
        'This period overlaps another stay rule of the villa: a villa has one rule per day.',
      );
    }
    if (code === '23503') throw propertyNotFound();
    throw err;
  }
}

async function refuseOverlap(tx: Queryable, p: repo.RuleValues & { propertyId: number; exceptId?: number }) {
  const other = await repo.overlapping(tx, p);
  if (other) throw new ConflictError(STAY_RULE_MESSAGES.overlaps(periodOf(other)));
}

/**
 * A new rule for a villa (input parsed by stayRuleInputSchema). Its period may not share a day with
 * another rule of the villa (409 naming that rule's period); the villa's row is locked for the
 * check and the insert, and the table's exclusion constraint backs the check up.
 */
export async function createRule(db: Db, propertyId: number, input: repo.RuleValues): Promise<StayRule> {
  return asAnswer(() =>
    db.transaction(async (tx) => {
      if (!(await repo.lockProperty(tx, propertyId))) throw propertyNotFound();
      await refuseOverlap(tx, { ...input, propertyId });
      return toStayRule(await repo.insertRule(tx, { ...input, propertyId, source: null }));
    }),
  );
}

/** Changes a rule's period and terms; the rule becomes the administrator's (a sync no longer replaces it). */
export async function updateRule(db: Db, id: number, input: repo.RuleValues): Promise<StayRule> {
  return asAnswer(() =>
    db.transaction(async (tx) => {
      const before = await repo.findRule(tx, id);
      if (!before) throw ruleNotFound();
      await repo.lockProperty(tx, before.propertyId);
      await refuseOverlap(tx, { ...input, propertyId: before.propertyId, exceptId: id });
      const row = await repo.updateRule(tx, id, input);
      if (!row) throw ruleNotFound();
      return toStayRule(row);
    }),
  );
}

export async function deleteRule(db: Db, id: number): Promise<StayRule> {
  const row = await repo.deleteRule(db, id);
  if (!row) throw ruleNotFound();
  return toStayRule(row);
}

/** What the audit log keeps of a rule about to change or go: its villa and terms (null when missing). */
export async function ruleForAudit(db: Queryable, id: number) {
  const row = await repo.findRule(db, id);
  return row ? { propertyId: row.propertyId, before: toTerms(row) } : null;
}

/**
 * Refuses a stay that breaks the villa's rule of its check-in date (booking inquiries, client booking
 * requests, holds): 400 with the rule's words as the message ('Check-in on Saturdays. Minimum stay
 * 7 nights from 1 July') and one issue per broken term, on `checkIn` (the day) or `checkOut` (the
 * length). Without a check-in there is nothing to check; without a check-out only the day.
 */
export async function assertStayAllowed(
  db: Queryable,
  p: { propertyId: number; checkIn: string | null | undefined; checkOut?: string | null },
): Promise<void> {
  if (!p.checkIn) return;
  const rule = await repo.ruleOn(db, { propertyId: p.propertyId, date: p.checkIn });
  if (!rule) return;
  const breach = checkStay([toTerms(rule)], p.checkIn, p.checkOut);
  if (breach) throw new ValidationError(breach.message, breach.issues);
}

// ---------------------------------------------------------------------------------------------------
// A provider's rules (the Invenio sync).

/** How far ahead a provider's rules are kept (a price list of more than three years is cut there). */
const PROVIDER_HORIZON_DAYS = 3 * 366;

type Terms = Pick<repo.RuleValues, 'minNights' | 'checkInDays'>;
const termsKey = (t: Terms) => `${t.minNights ?? ''}|${(t.checkInDays ?? []).join(',')}`;

/**
 * Periods → one entry per day from `from` on (later periods win where they overlap), less the days
 * `except` covers, → runs of consecutive days with the same terms. So overlapping periods are
 * resolved, neighbours with the same terms merge, and the administrator's periods are cut out.
 */
function flatten(
  periods: repo.RuleValues[],
  window: { from: string; to: string },
  except: Array<Pick<repo.RuleValues, 'startDate' | 'endDate'>> = [],
): repo.RuleValues[] {
  const days = new Map<string, Terms>();
  for (const p of periods) {
    const terms = { minNights: p.minNights, checkInDays: normalizeCheckInDays(p.checkInDays) };
    if (terms.minNights == null && terms.checkInDays == null) continue;
    const start = p.startDate > window.from ? p.startDate : window.from;
    for (let d = start; d <= p.endDate && d <= window.to; d = addDays(d, 1)) days.set(d, terms);
  }
  for (const e of except) {
    const start = e.startDate > window.from ? e.startDate : window.from;
    for (let d = start; d <= e.endDate && d <= window.to; d = addDays(d, 1)) days.delete(d);
  }
  const out: repo.RuleValues[] = [];
  for (const d of [...days.keys()].sort()) {
    const terms = days.get(d)!;
    const last = out.at(-1);
    if (last && addDays(last.endDate, 1) === d && termsKey(last) === termsKey(terms)) last.endDate = d;
    else out.push({ startDate: d, endDate: d, ...terms });
  }
  return out;
}

const sameRules = (a: repo.RuleValues[], b: repo.RuleValues[]) =>
  a.length === b.length &&
  a.every(
    (r, i) =>
      r.startDate === b[i]!.startDate && r.endDate === b[i]!.endDate && termsKey(r) === termsKey(b[i]!),
  );

/**
 * Makes a provider's rules of a villa (`source`) what it sends now, inside the sync's transaction:
 * from today on, its periods (later ones winning where they overlap, neighbours with equal terms
 * merged) less the days of the administrator's own rules, which are never touched. Nothing is
 * written when the result is what is stored already from today on. Answers whether it changed and
 * the number of periods now stored, and how many days the administrator's rules kept for themselves.
 */
export async function replaceProviderRules(
  tx: Queryable,
  p: { propertyId: number; source: string; periods: repo.RuleValues[]; now?: Date },
): Promise<{ changed: boolean; periods: number; keptByAdmin: number }> {
  await repo.lockProperty(tx, p.propertyId);
  const today = todayIso(p.now);
  const window = { from: today, to: addDays(today, PROVIDER_HORIZON_DAYS) };
  const manual = await repo.manualRules(tx, { propertyId: p.propertyId, from: today });
  const wanted = flatten(p.periods, window, manual);
  const unclipped = flatten(p.periods, window);
  const days = (rs: repo.RuleValues[]) =>
    rs.reduce(
      (n, r) => n + Math.round((Date.parse(r.endDate) - Date.parse(r.startDate)) / 86_400_000) + 1,
      0,
    );
  const keptByAdmin = days(unclipped) - days(wanted);
  const stored = await repo.sourceRules(tx, { propertyId: p.propertyId, source: p.source });
  if (sameRules(flatten(stored, window), wanted)) {
    return { changed: false, periods: stored.length, keptByAdmin };
  }
  await repo.deleteSourceRules(tx, { propertyId: p.propertyId, source: p.source });
  await repo.insertRules(
    tx,
    wanted.map((r) => ({ ...r, propertyId: p.propertyId, source: p.source })),
  );
  return { changed: true, periods: wanted.length, keptByAdmin };
}

import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '@villas/db/client';
import type { WriteScope } from '../lib/write-scope';
import { recordAuditEntry } from '../modules/audit/audit.service';

/** What a route's audit rule decides before its handler runs: the action and facts to add. */
export interface AuditDecision {
  action: string;
  /** Merged into the summary (e.g. the target's e-mail or its state before the change). */
  summary?: Record<string, unknown>;
}

/**
 * A route's audit declaration: an action name such as `property.update`, or an action with a refiner
 * that runs before the handler, in the call's transaction (it may read the target's current state
 * through `request.db`; e.g. an edit that approves a pending agent is `user.approve`). A refiner
 * that fails falls back to the plain action.
 */
export type AuditRule =
  string | { action: string; refine: (request: FastifyRequest) => Promise<AuditDecision> | AuditDecision };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Record a successful (2xx) call of this route by an administrator in the audit log, in the
     * call's own transaction (docs/decisions/007). The handler writes through `request.db` and
     * returns its answer (never `reply.send`), so the answer leaves after the commit.
     */
    audit?: AuditRule;
  }
  interface FastifyRequest extends WriteScope {
    auditDecision: AuditDecision | null;
  }
  interface FastifyInstance {
    /** Resolves once every audited call's transaction open so far has committed or rolled back (shutdown). */
    auditSettled(): Promise<void>;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * The wall-clock time with microseconds, as an ISO string PostgreSQL reads exactly (a Date keeps only
 * milliseconds, so two quick changes could tie).
 */
function preciseNow(): string {
  const ms = performance.timeOrigin + performance.now();
  const whole = Math.floor(ms);
  const micros = Math.min(999, Math.floor((ms - whole) * 1000));
  return new Date(whole).toISOString().replace(/Z$/, `${String(micros).padStart(3, '0')}Z`);
}

/** Field names whose values never reach the log. */
const SECRET_KEY = /password|secret|token|api_?key|private_?key|credential|authorization|cookie/i;
export const REDACTED = '[redacted]';
const MAX_ARRAY = 20;
const MAX_STRING = 500;
const MAX_DEPTH = 4;

/** Actions on a property's calendar or export feed: their target is the property. */
const TARGET_TYPES: Record<string, string> = {
  pricing: 'property',
  availability: 'property',
  'ical-export': 'property',
};

/** A URL without credentials, query or fragment (an iCal URL's query is often its secret). */
function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}${url.pathname}${url.search || url.hash ? '?…' : ''}`;
  } catch {
    return REDACTED;
  }
}

/**
 * Text a jsonb value can hold: without NUL, lone surrogates replaced. The request validator refuses
 * both in every field a route reads, but a body a route has no schema for reaches the summary as sent.
 */
const storable = (value: string) => value.replaceAll('\u0000', '').toWellFormed();

/**
 * The request's fields for the log: secret-named fields become "[redacted]" (dropped when empty, so
 * a blank password field does not read as a change), URLs lose credentials and queries, long strings
 * and arrays are cut, and text is made storable.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (value == null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    if (/^https?:\/\//i.test(value)) return storable(redactUrl(value));
    return storable(value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value);
  }
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_ARRAY).map((v) => redact(v, depth + 1));
    if (value.length > MAX_ARRAY) kept.push(`… ${value.length - MAX_ARRAY} more`);
    return kept;
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (SECRET_KEY.test(key)) {
        if (v != null && v !== '') out[storable(key)] = REDACTED;
      } else {
        out[storable(key)] = redact(v, depth + 1);
      }
    }
    return out;
  }
  return undefined;
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

const text = (v: unknown): string | null =>
  typeof v === 'number' || (typeof v === 'string' && v !== '') ? String(v) : null;

/** The changed thing: the path's id (or feed id), the body's property, the created row, or a name. */
function target(
  action: string,
  request: FastifyRequest,
  resultId: string | null,
): { type: string; id: string | null } {
  const prefix = action.split('.')[0]!;
  const params = asRecord(request.params);
  const body = asRecord(request.body);
  const type = TARGET_TYPES[prefix] ?? prefix;
  const named = [params.regionName ?? body.regionName, params.subregionName ?? body.subregionName]
    .map(text)
    .filter(Boolean)
    .join('/');
  const id =
    (prefix === 'ical-feed' ? text(params.feedId) : null) ??
    text(params.id) ??
    text(body.propertyId) ??
    resultId ??
    (named || null);
  return { type, id };
}

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
  reject(err: unknown): void;
}

/** A promise settled from outside; its rejection is handled even when nobody awaits it. */
function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/** An audited call under way: its open transaction, the work waiting for the commit, the commit's outcome. */
interface AuditedCall {
  /** The transaction the request writes in; null before it opens and once it ended. */
  tx: Db | null;
  afterCommit: Array<() => void>;
  /** The handler asked to commit before it returns (`request.commit()`). */
  commitAsked: Deferred;
  /** Settled when the transaction committed or rolled back. */
  ended: Deferred;
}

const ORIGINAL = Symbol('audited route');

/** What an audited route declared: its own handler and rule. */
export interface AuditedRoute {
  handler: RouteHandlerMethod;
  rule: AuditRule;
}

/**
 * The route's own handler and rule when the audit plugin wrapped its handler in the transaction,
 * else undefined (the route inventory test).
 */
export function auditedRouteOf(handler: unknown): AuditedRoute | undefined {
  return (handler as { [ORIGINAL]?: AuditedRoute } | undefined)?.[ORIGINAL];
}

/**
 * The audit trail (docs/decisions/007): a mutating call by an administrator of a route that declares
 * `config.audit` runs in one database transaction, the route's handler and then its audit row, so
 * either both are committed or neither is, and the answer leaves after the commit. The handler
 * writes through `request.db` (the transaction; the app's database for every other call) and hands
 * what must follow the commit to `request.afterCommit`. A failed row rolls the change back: 5xx.
 */
export const auditPlugin = fp(async (app: FastifyInstance) => {
  const calls = new WeakMap<FastifyRequest, AuditedCall>();
  app.decorateRequest('auditDecision', null);
  app.decorateRequest('db', {
    getter(this: FastifyRequest) {
      return calls.get(this)?.tx ?? app.db;
    },
  });
  app.decorateRequest('afterCommit', function (this: FastifyRequest, fn: () => void) {
    const call = calls.get(this);
    if (call?.tx) call.afterCommit.push(fn);
    else fn();
  });
  app.decorateRequest('commit', function (this: FastifyRequest) {
    const call = calls.get(this);
    if (!call?.tx) return Promise.resolve();
    call.commitAsked.resolve();
    return call.ended.promise;
  });

  const pending = new Set<Promise<unknown>>();
  app.decorate('auditSettled', async () => {
    while (pending.size) await Promise.allSettled([...pending]);
  });
  app.addHook('onClose', async () => app.auditSettled());

  /** The action, refined in a savepoint (a failed refiner must not abort the transaction). */
  async function decide(rule: AuditRule, request: FastifyRequest, call: AuditedCall, tx: Db) {
    if (typeof rule === 'string') return { action: rule };
    try {
      return await tx.transaction(async (savepoint) => {
        call.tx = savepoint;
        return rule.refine(request);
      });
    } catch (err) {
      request.log.error({ err }, 'audit: refining the action failed');
      return { action: rule.action };
    } finally {
      call.tx = tx;
    }
  }

  async function writeRow(tx: Db, request: FastifyRequest, reply: FastifyReply, answer: unknown) {
    const decision = request.auditDecision!;
    const user = request.user!;
    const { type, id } = target(decision.action, request, text(asRecord(answer).id));
    try {
      await recordAuditEntry(tx, {
        actorId: user.id,
        actorEmail: user.email,
        action: decision.action,
        targetType: type,
        targetId: id,
        summary: {
          ...asRecord(redact(asRecord(request.body))),
          ...asRecord(redact(decision.summary ?? {})),
        },
        statusCode: reply.statusCode,
        at: preciseNow(),
      });
    } catch (err) {
      request.log.error(
        { err, action: decision.action },
        'audit: writing the row failed; the change is undone',
      );
      throw err;
    }
  }

  /** Runs one administrator's call of an audited route in its transaction, its audit row last. */
  async function run(
    instance: FastifyInstance,
    handler: RouteHandlerMethod,
    rule: AuditRule,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<unknown> {
    const call: AuditedCall = { tx: null, afterCommit: [], commitAsked: deferred(), ended: deferred() };
    calls.set(request, call);
    // Until its transaction ends (not the work a call does after an early commit).
    const open = call.ended.promise;
    pending.add(open);
    void open.catch(() => undefined).finally(() => pending.delete(open));
    let handling: Promise<unknown> | undefined;
    let answer: unknown;
    let early = false;
    try {
      answer = await app.db.transaction(async (tx) => {
        call.tx = tx;
        request.auditDecision = await decide(rule, request, call, tx);
        handling = Promise.resolve(handler.call(instance, request, reply));
        const first = await Promise.race([
          handling.then((value) => ({ value })),
          call.commitAsked.promise.then(() => null),
        ]);
        if (first && first.value === reply) {
          throw new Error(
            `${request.routeOptions.url}: an audited route returns its answer, never reply.send()`,
          );
        }
        early = first === null;
        if (reply.statusCode >= 200 && reply.statusCode < 300)
          await writeRow(tx, request, reply, first?.value);
        return first?.value;
      });
    } catch (err) {
      call.tx = null;
      call.ended.reject(err);
      // A handler that asked to commit hears the failure from its `commit()`; whatever it makes of
      // it, the change is undone and the answer is the failure.
      if (early) await handling?.catch(() => undefined);
      throw err;
    }
    call.tx = null;
    call.ended.resolve();
    for (const fn of call.afterCommit.splice(0)) {
      try {
        fn();
      } catch (err) {
        request.log.error({ err }, 'audit: work after the commit failed');
      }
    }
    // A handler that committed early answers when it is done.
    return early ? handling : answer;
  }

  app.addHook('onRoute', (route) => {
    const rule = route.config?.audit;
    if (!rule) return;
    const handler = route.handler;
    const audited = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      if (!MUTATING.has(request.method) || request.user?.role !== 'admin') {
        return handler.call(this, request, reply);
      }
      return run(this, handler, rule, request, reply);
    };
    route.handler = Object.assign(audited, { [ORIGINAL]: { handler, rule } });
  });
});

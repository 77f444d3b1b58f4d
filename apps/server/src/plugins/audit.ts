import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { recordAuditEntry } from '../modules/audit/audit.service';

/** What a route's audit rule decides before its handler runs: the action and facts to add. */
export interface AuditDecision {
  action: string;
  /** Merged into the summary (e.g. the target's e-mail or its state before the change). */
  summary?: Record<string, unknown>;
}

/**
 * A route's audit declaration: an action name such as `property.update`, or an action with a refiner
 * that runs before the handler (it may read the target's current state; e.g. an edit that approves a
 * pending agent is `user.approve`). A refiner that fails falls back to the plain action.
 */
export type AuditRule =
  string | { action: string; refine: (request: FastifyRequest) => Promise<AuditDecision> | AuditDecision };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Record a successful (2xx) call of this route by an administrator in the audit log
     * (docs/decisions/007).
     */
    audit?: AuditRule;
  }
  interface FastifyRequest {
    auditDecision: AuditDecision | null;
    auditResultId: string | null;
    /** When the change was made: the moment its answer was ready (µs ISO time). */
    auditAt: string | null;
  }
  interface FastifyInstance {
    /** Resolves once every audit row started so far is written (tests, shutdown). */
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
 * The request's fields for the log: secret-named fields become "[redacted]" (dropped when empty, so
 * a blank password field does not read as a change), URLs lose credentials and queries, long strings
 * and arrays are cut.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (value == null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    if (/^https?:\/\//i.test(value)) return redactUrl(value);
    return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
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
        if (v != null && v !== '') out[key] = REDACTED;
      } else {
        out[key] = redact(v, depth + 1);
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
function target(action: string, request: FastifyRequest): { type: string; id: string | null } {
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
    request.auditResultId ??
    (named || null);
  return { type, id };
}

/**
 * The audit trail (docs/decisions/007): every successful mutating call by an administrator of a route
 * that declares `config.audit` leaves one `audit_log` row, written after the answer is sent. A failed
 * write is logged and never changes the answer.
 */
export const auditPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auditDecision', null);
  app.decorateRequest('auditResultId', null);
  app.decorateRequest('auditAt', null);
  const pending = new Set<Promise<void>>();
  app.decorate('auditSettled', async () => {
    while (pending.size) await Promise.allSettled([...pending]);
  });
  app.addHook('onClose', async () => app.auditSettled());

  // After validation and the auth hook; before the route's own role check, hence the admin test here.
  app.addHook('preHandler', async (request) => {
    const rule = request.routeOptions.config?.audit;
    if (!rule || !MUTATING.has(request.method) || request.user?.role !== 'admin') return;
    if (typeof rule === 'string') {
      request.auditDecision = { action: rule };
      return;
    }
    try {
      request.auditDecision = await rule.refine(request);
    } catch (err) {
      request.log.error({ err }, 'audit: refining the action failed');
      request.auditDecision = { action: rule.action };
    }
  });

  // A created row's id (the answer's `id`) is the target when the path names none.
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.auditDecision) request.auditResultId = text(asRecord(payload).id);
    return payload;
  });

  // The change is dated when its answer is ready, not when its row is written (after the answer,
  // maybe after the next change's row on another connection): the log lists changes in the order
  // they were made.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.auditDecision) request.auditAt = preciseNow();
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const decision = request.auditDecision;
    const user = request.user;
    if (!decision || !user || reply.statusCode < 200 || reply.statusCode >= 300) return;
    const { type, id } = target(decision.action, request);
    const summary = {
      ...asRecord(redact(asRecord(request.body))),
      ...asRecord(redact(decision.summary ?? {})),
    };
    const write = recordAuditEntry(app.db, {
      actorId: user.id,
      actorEmail: user.email,
      action: decision.action,
      targetType: type,
      targetId: id,
      summary,
      statusCode: reply.statusCode,
      at: request.auditAt,
    }).then(
      () => undefined,
      (err: unknown) => request.log.error({ err, action: decision.action }, 'audit: writing the row failed'),
    );
    pending.add(write);
    void write.finally(() => pending.delete(write));
    await write;
  });
});

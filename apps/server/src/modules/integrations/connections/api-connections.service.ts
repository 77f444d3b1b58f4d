import {
  ErrorCode,
  PROVIDERS,
  type ApiConnection,
  type apiConnectionInputSchema,
  type apiConnectionUpdateSchema,
  type Provider,
  type SyncStarted,
} from '@villas/shared';
import type { z } from 'zod';
import type { Db } from '@villas/db/client';
import {
  AppError,
  ConflictError,
  NotFoundError,
  ValidationError,
  type FieldIssue,
} from '../../../lib/errors';
import { directScope, type WriteScope } from '../../../lib/write-scope';
import { OutboundError } from '../../../lib/outbound';
import { PROVIDER_UNREACHABLE, ProviderError } from '../../../lib/provider-error';
import { maskSecret, SecretDecryptError } from '../../../lib/secrets';
import type { AuthUser } from '../../../plugins/auth';
import { releaseConnectionFeeds } from '../ical/ical.service';
import { adapterFor, type Credentials, type IntegrationDeps } from '../integrations.service';
import * as repo from './api-connections.repository';

type CreateInput = z.output<typeof apiConnectionInputSchema>;
type UpdateInput = z.output<typeof apiConnectionUpdateSchema>;

const KEY = 'api_connections.api_key';
const SECRET = 'api_connections.api_secret';

/** The origin a base URL's requests go to (a value that is not a URL binds as it is written). */
function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return baseUrl;
  }
}

/**
 * The additional data a connection's secret is encrypted with: its column, its row and the origin
 * it is sent to. A value copied to another column or row does not decrypt, nor one left behind when
 * the base URL moves to another origin: a saved key is never sent to an address it was not entered
 * for (docs/decisions/005-integrations.md). Values written before held the column only (`column`,
 * read by the start-up re-encryption alone).
 */
const boundTo = (column: string, row: { id: number; baseUrl: string }) =>
  `${column}|${row.id}|${originOf(row.baseUrl)}`;

const notFound = () => new NotFoundError('API connection not found');

function asProvider(p: string): Provider {
  return (PROVIDERS as readonly string[]).includes(p) ? (p as Provider) : 'custom';
}

/** A connection as answered: the secrets only as masked tails. */
function toConnection(deps: IntegrationDeps, row: repo.ConnectionRow): ApiConnection {
  const reveal = (stored: string | null, column: string) => {
    if (!stored) return null;
    try {
      return maskSecret(deps.box.decrypt(stored, boundTo(column, row)));
    } catch {
      return '•••• (unreadable)';
    }
  };
  return {
    id: row.id,
    provider: asProvider(row.provider),
    name: row.name,
    apiKey: reveal(row.apiKeyEncrypted, KEY) ?? '••••',
    apiSecret: reveal(row.apiSecretEncrypted, SECRET),
    baseUrl: row.baseUrl,
    enabled: row.enabled,
    propertyCount: row.propertyCount,
    lastSync: row.lastSync?.toISOString() ?? null,
    lastSyncStatus:
      row.lastSyncStatus === 'completed' || row.lastSyncStatus === 'failed' ? row.lastSyncStatus : null,
    lastSyncMessage: row.lastSyncStatus === 'failed' ? row.lastSyncMessage : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listConnections(deps: IntegrationDeps, _actor: AuthUser): Promise<ApiConnection[]> {
  return (await repo.listConnections(deps.db)).map((r) => toConnection(deps, r));
}

/** A new connection, written with `db` (an audited call's transaction). */
export async function createConnection(
  deps: IntegrationDeps,
  db: Db,
  _actor: AuthUser,
  input: CreateInput,
): Promise<ApiConnection> {
  // The id is taken first: the secrets are encrypted for their row.
  const bound = { id: await repo.nextConnectionId(db), baseUrl: input.baseUrl };
  const row = await repo.insertConnection(db, {
    id: bound.id,
    provider: input.provider,
    name: input.name,
    apiKeyEncrypted: deps.box.encrypt(input.apiKey, boundTo(KEY, bound)),
    apiSecretEncrypted: input.apiSecret ? deps.box.encrypt(input.apiSecret, boundTo(SECRET, bound)) : null,
    baseUrl: input.baseUrl,
    enabled: input.enabled,
  });
  return toConnection(deps, row);
}

export async function updateConnection(
  deps: IntegrationDeps,
  db: Db,
  _actor: AuthUser,
  id: number,
  input: UpdateInput,
): Promise<ApiConnection> {
  const current = await repo.findConnection(db, id, { forUpdate: true });
  if (!current) throw notFound();
  const values: Parameters<typeof repo.updateConnection>[2] = {};
  if (input.enabled !== undefined) values.enabled = input.enabled;
  if (input.name !== undefined) values.name = input.name;
  if (input.baseUrl !== undefined) values.baseUrl = input.baseUrl.replace(/\/+$/, '');
  const bound = { id, baseUrl: values.baseUrl ?? current.baseUrl };
  // A new origin: the saved secrets are not sent there, they must be entered again with it.
  if (originOf(bound.baseUrl) !== originOf(current.baseUrl)) {
    const issues: FieldIssue[] = [];
    if (input.apiKey === undefined) {
      issues.push({ path: ['apiKey'], message: 'Enter the API key again: it is not sent to a new address' });
    }
    if (current.apiSecretEncrypted && input.apiSecret === undefined) {
      issues.push({
        path: ['apiSecret'],
        message: 'Enter the API secret again (or clear it): it is not sent to a new address',
      });
    }
    if (issues.length) throw new ValidationError(issues[0]!.message, issues);
  }
  if (input.apiKey !== undefined)
    values.apiKeyEncrypted = deps.box.encrypt(input.apiKey, boundTo(KEY, bound));
  if (input.apiSecret !== undefined) {
    values.apiSecretEncrypted = input.apiSecret
      ? deps.box.encrypt(input.apiSecret, boundTo(SECRET, bound))
      : null;
  }
  const row = await repo.updateConnection(db, id, values);
  if (!row) throw notFound();
  return toConnection(deps, row);
}

/**
 * Deletes a connection. The properties it brought in stay (with their inquiries); the iCal feeds
 * it created go, and the nights they blocked are released.
 */
export async function deleteConnection(
  deps: IntegrationDeps,
  db: Db,
  _actor: AuthUser,
  id: number,
): Promise<void> {
  if (await deps.runner.runningWith(`connection:${id}`, db)) {
    throw new AppError(
      409,
      ErrorCode.SYNC_RUNNING,
      'This connection is syncing. Delete it once the sync has finished.',
    );
  }
  await db.transaction(async (tx) => {
    if (!(await repo.findConnection(tx, id))) throw notFound();
    await releaseConnectionFeeds(tx, id);
    await repo.deleteConnection(tx, id);
  });
}

/** The decrypted credentials of a connection (services only; never answered). */
export function credentialsOf(deps: IntegrationDeps, row: repo.ConnectionRow): Credentials {
  try {
    return {
      apiKey: deps.box.decrypt(row.apiKeyEncrypted, boundTo(KEY, row)),
      apiSecret: row.apiSecretEncrypted
        ? deps.box.decrypt(row.apiSecretEncrypted, boundTo(SECRET, row))
        : null,
      baseUrl: row.baseUrl,
    };
  } catch (err) {
    if (err instanceof SecretDecryptError) {
      throw new ConflictError(
        `The stored credentials of ${row.name} cannot be read (the app secret changed). Enter the API key again.`,
      );
    }
    throw err;
  }
}

export async function findConnectionOrThrow(deps: IntegrationDeps, id: number, db: Db = deps.db) {
  const row = await repo.findConnection(db, id);
  if (!row) throw notFound();
  return row;
}

/**
 * Starts a sync of one connection as a background run; answers its report id at once. Refused
 * (409) when the connection is disabled or already syncing. The report's row is written in the
 * scope (an administrator's audited call: its transaction); the run starts once it is committed.
 */
export async function startConnectionSync(
  deps: IntegrationDeps,
  id: number,
  trigger: 'manual' | 'schedule' = 'manual',
  scope: WriteScope = directScope(deps.db),
): Promise<SyncStarted> {
  const row = await findConnectionOrThrow(deps, id, scope.db);
  if (!row.enabled) {
    throw new AppError(
      409,
      ErrorCode.CONNECTION_DISABLED,
      'This connection is disabled. Enable it before syncing.',
    );
  }
  const adapter = adapterFor(asProvider(row.provider), deps, credentialsOf(deps, row));
  const { id: reportId } = await deps.runner.start(
    {
      jobType: `${asProvider(row.provider)}-sync`,
      lockKey: `connection:${row.id}`,
      connectionId: row.id,
      trigger,
      conflictMessage: `A sync of ${row.name} is already running. Wait for it to finish.`,
    },
    async (job) => {
      let failure: unknown = null;
      try {
        await adapter.sync(job, { connectionId: row.id, name: row.name });
      } catch (err) {
        failure = err;
        throw err;
      } finally {
        await recordConnectionSync(deps, row.id, failure, job.signal.aborted);
      }
    },
    scope,
  );
  return { reportId, status: 'running', message: 'Sync Triggered' };
}

/**
 * Re-encrypts with the current key, for their row and origin, the secrets still under a previous
 * key (rotation) or written when they named their column only.
 */
export async function rewrapSecrets(deps: IntegrationDeps): Promise<number> {
  let n = 0;
  for (const row of await repo.listConnections(deps.db)) {
    const stale =
      deps.box.needsRewrap(row.apiKeyEncrypted) ||
      (row.apiSecretEncrypted != null && deps.box.needsRewrap(row.apiSecretEncrypted));
    if (!stale) continue;
    try {
      const apiKey = deps.box.decrypt(row.apiKeyEncrypted, boundTo(KEY, row), KEY);
      const apiSecret = row.apiSecretEncrypted
        ? deps.box.decrypt(row.apiSecretEncrypted, boundTo(SECRET, row), SECRET)
        : null;
      await repo.updateConnection(deps.db, row.id, {
        apiKeyEncrypted: deps.box.encrypt(apiKey, boundTo(KEY, row)),
        apiSecretEncrypted: apiSecret ? deps.box.encrypt(apiSecret, boundTo(SECRET, row)) : null,
      });
      n++;
    } catch {
      deps.log.warn(
        `API connection ${row.id}: its secrets cannot be decrypted with the current or previous keys`,
      );
    }
  }
  return n;
}

/**
 * The ids of the keys that encrypted stored secrets this instance cannot read: the app was started
 * with another secret than the one they were made with, and without it in PREVIOUS_APP_SECRETS.
 */
export async function foreignSecretKeys(deps: IntegrationDeps): Promise<string[]> {
  const ids = new Set<string>();
  for (const row of await repo.listConnections(deps.db)) {
    for (const stored of [row.apiKeyEncrypted, row.apiSecretEncrypted]) {
      const id = stored ? deps.box.foreignKeyId(stored) : undefined;
      if (id) ids.add(id);
    }
  }
  return [...ids];
}

export const listEnabledConnections = (deps: IntegrationDeps) => repo.listEnabledConnections(deps.db);

/** What a connection's card says of a failed run: what to check, or what happened; never a raw cause. */
export function syncFailureSummary(err: unknown, stopped = false): string {
  if (stopped) return 'The run was stopped: the server shut down.';
  // Refused, DNS, TLS, time-out, an HTTP error status, an unusable answer: one message whatever the
  // cause, as the Invenio test panel answers (the cause is in the log and the sync report).
  if (err instanceof ProviderError || err instanceof OutboundError) return PROVIDER_UNREACHABLE;
  // This application's own refusals say what to do (credentials unreadable, a disabled connection).
  if (err instanceof AppError) return err.message;
  return 'The sync failed on an unexpected error. Its report in Sync Monitoring says more.';
}

/**
 * Records the end of a connection's run (any sync of it: its own, the Invenio panel's, or its part of
 * a comprehensive sync): `failure` is what it failed on, null when it completed; `stopped` when the
 * server's shutdown cancelled it.
 */
export const recordConnectionSync = (deps: IntegrationDeps, id: number, failure: unknown, stopped = false) =>
  repo.recordSync(
    deps.db,
    id,
    failure == null
      ? { status: 'completed', message: null }
      : { status: 'failed', message: syncFailureSummary(failure, stopped) },
  );

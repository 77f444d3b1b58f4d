import { createHash } from 'node:crypto';
import {
  ErrorCode,
  INVENIO_DEFAULT_BASE_URL,
  invenioFiltersSchema,
  type InvenioFilters,
  type InvenioResult,
  type invenioRequestSchema,
} from '@villas/shared';
import type { z } from 'zod';
import type { Db } from '@villas/db/client';
import { AppError, ValidationError } from '../../../lib/errors';
import { directScope, type WriteScope } from '../../../lib/write-scope';
import type { AuthUser } from '../../../plugins/auth';
import {
  credentialsOf,
  findConnectionOrThrow,
  recordConnectionSync,
} from '../connections/api-connections.service';
import {
  adapterFor,
  type Credentials,
  type IntegrationDeps,
  type SyncSummary,
} from '../integrations.service';
import { toHttpError } from '../../../lib/provider-error';
// Registers the Invenio adapter (integrations.service's adapterFor finds it by provider).
import './invenio.adapter';

type Input = z.output<typeof invenioRequestSchema>;

/**
 * The 'Test Invenio API' panel: credentials typed in (or a saved connection's),
 * the call made through the Invenio adapter, the answer `{success, data, …}`. Every provider
 * failure answers the same 502 (lib/provider-error.ts PROVIDER_UNREACHABLE): the cause is in the
 * log, and for a sync in its report.
 */
async function resolve(deps: IntegrationDeps, input: Input, db: Db = deps.db) {
  let credentials: Credentials;
  let connection: { id: number; name: string } | null = null;
  if (input.connectionId) {
    const row = await findConnectionOrThrow(deps, input.connectionId, db);
    if (row.provider !== 'invenio') throw new ValidationError('This connection is not an Invenio connection');
    if (!row.enabled) {
      throw new AppError(
        409,
        ErrorCode.CONNECTION_DISABLED,
        'This connection is disabled. Enable it before syncing.',
      );
    }
    credentials = credentialsOf(deps, row);
    connection = { id: row.id, name: row.name };
  } else {
    if (!input.apiKey || !input.apiSecret) throw new ValidationError('Please provide API Key and BP UUID');
    credentials = {
      apiKey: input.apiKey,
      apiSecret: input.apiSecret,
      baseUrl: (input.baseUrl ?? INVENIO_DEFAULT_BASE_URL).replace(/\/+$/, ''),
    };
  }
  const filters: InvenioFilters = invenioFiltersSchema.parse({
    ...Object.fromEntries(
      Object.keys(invenioFiltersSchema.shape).map((k) => [k, (input as Record<string, unknown>)[k]]),
    ),
    ...(input.filters ?? {}),
  });
  return { credentials, connection, filters, adapter: adapterFor('invenio', deps, credentials) };
}

async function call<T>(deps: IntegrationDeps, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw toHttpError(err, deps.log);
  }
}

export async function invenioVillas(
  deps: IntegrationDeps,
  _actor: AuthUser,
  input: Input,
): Promise<InvenioResult> {
  const { adapter } = await resolve(deps, input);
  const data = await call(deps, () => adapter.listVillas());
  return { success: true, data, count: data.length };
}

export async function invenioSearch(
  deps: IntegrationDeps,
  _actor: AuthUser,
  input: Input,
): Promise<InvenioResult> {
  const { adapter, filters } = await resolve(deps, input);
  const data = await call(deps, () => adapter.search(filters));
  return { success: true, data, count: data.length };
}

export async function invenioPricing(
  deps: IntegrationDeps,
  _actor: AuthUser,
  input: Input,
): Promise<InvenioResult> {
  const { adapter, filters } = await resolve(deps, input);
  const data = (await call(deps, () => adapter.pricing(filters))) as Record<string, unknown>;
  return { success: true, data, count: Object.keys(data).length };
}

/**
 * Sync Properties: a recorded run (trigger 'api') that waits for its end. With typed-in
 * credentials nothing is marked unavailable (only a connection's own sync knows its full list).
 * The run's report row is committed in the scope (an administrator's audited call: with its audit
 * row) before the run starts; the run writes as it goes, and its report tells how it ended.
 */
export async function invenioSync(
  deps: IntegrationDeps,
  _actor: AuthUser,
  input: Input,
  scope: WriteScope = directScope(deps.db),
): Promise<InvenioResult> {
  const { adapter, connection, credentials } = await resolve(deps, input, scope.db);
  const account = createHash('sha256')
    .update(`${credentials.baseUrl}\n${credentials.apiSecret ?? ''}`)
    .digest('hex')
    .slice(0, 16);
  let summary: SyncSummary | undefined;
  let failure: unknown;
  const outcome = await deps.runner.run(
    {
      jobType: 'invenio-sync',
      lockKey: connection ? `connection:${connection.id}` : `invenio:${account}`,
      connectionId: connection?.id ?? null,
      trigger: 'api',
      conflictMessage: 'A sync of this Invenio account is already running. Wait for it to finish.',
    },
    async (job) => {
      try {
        summary = await adapter.sync(job, {
          connectionId: connection?.id ?? null,
          name: connection?.name ?? 'Invenio test',
        });
      } catch (err) {
        failure = err;
        throw err;
      } finally {
        if (connection) await recordConnectionSync(deps, connection.id, failure ?? null, job.signal.aborted);
      }
    },
    scope,
  );
  if (outcome.status === 'failed') {
    throw toHttpError(failure ?? new Error(outcome.errorMessage ?? 'Sync failed'), deps.log, {
      reportId: outcome.id,
    });
  }
  return {
    success: true,
    synced: summary?.created ?? 0,
    updated: summary?.updated ?? 0,
    count: summary?.total ?? 0,
    reportId: outcome.id,
    data: {
      reportId: outcome.id,
      total: summary?.total ?? 0,
      created: summary?.created ?? 0,
      updated: summary?.updated ?? 0,
      unavailable: summary?.unavailable ?? 0,
      errors: outcome.counters.errorCount,
      calendarUpdates: outcome.counters.calendarUpdates,
    },
  };
}

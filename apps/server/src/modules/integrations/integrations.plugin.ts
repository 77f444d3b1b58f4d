import type { FastifyInstance } from 'fastify';
import { apiConnectionsRoutes } from './connections/api-connections.routes';
import { ConfigError } from '../../config/env';
import { foreignSecretKeys, rewrapSecrets } from './connections/api-connections.service';
import { icalRoutes } from './ical/ical.routes';
import { invenioRoutes } from './invenio/invenio.routes';
import { Scheduler } from './sync/scheduler.service';
import { syncReportsRoutes } from './sync/sync-reports.routes';
import { failAbandonedRuns } from './sync/sync-reports.service';
import { createIntegrationDeps } from './integrations.service';
// Provider adapters register themselves when their service loads (the routes above load them too).
import './ical/ical.service';
import './invenio/invenio.service';

/**
 * Integrations: API connections, the Invenio adapter, iCal import and export, sync
 * reports and the scheduler. At start: runs left 'running' by a dead process are marked failed,
 * secrets under a previous key are re-encrypted, the scheduler starts (when an interval is set).
 * At close: the scheduler stops and running syncs are cancelled and recorded as failed.
 */
export async function integrationsPlugin(app: FastifyInstance) {
  const deps = createIntegrationDeps(app.db, app.config, app.log);
  const embedded = app.database.kind === 'pglite';
  const scheduler = new Scheduler(deps, { embedded });

  await app.register(apiConnectionsRoutes, { deps });
  await app.register(syncReportsRoutes, { deps });
  await app.register(invenioRoutes, { deps });
  await app.register(icalRoutes, { deps });

  // Start-up chores need the database. When it is down or hangs at start, the server still comes up
  // (its routes answer 503 until the database is back) and the chores are retried every 30 s.
  let retry: NodeJS.Timeout | undefined;
  const chores = async (): Promise<void> => {
    retry = undefined;
    try {
      const failed = await failAbandonedRuns(deps, embedded);
      if (failed) app.log.warn(`${failed} interrupted sync run(s) marked failed`);
      const rewrapped = await rewrapSecrets(deps);
      if (rewrapped)
        app.log.info(
          `re-encrypted the secrets of ${rewrapped} API connection(s) with the current key, for their row and origin`,
        );
    } catch (err) {
      app.log.error({ err }, 'integration start-up chores failed; retrying in 30 s');
      retry = setTimeout(() => void chores(), 30_000);
      retry.unref();
    }
  };

  app.addHook('onReady', async () => {
    // Secrets made with another app secret cannot be read: starting would only fail every sync.
    // (A database that cannot be read now is left to the chores' retries.)
    const foreign = await foreignSecretKeys(deps).catch(() => []);
    if (foreign.length)
      throw new ConfigError([
        `SESSION_SECRET: the API connections' stored keys were encrypted with another secret (key ${foreign.join(', ')}); ` +
          'start with the secret they were made with, or add it to PREVIOUS_APP_SECRETS (an embedded install keeps its own in DATA_DIR/secret.key)',
      ]);
    await chores();
    if (app.config.sync.intervalMinutes > 0 || app.config.sync.icalIntervalMinutes > 0) scheduler.start();
  });
  app.addHook('onClose', async () => {
    clearTimeout(retry);
    await scheduler.stop();
    await deps.runner.close();
  });
}

import { CONFIG_ERROR_EXIT } from '../supervise.mjs';
import { ConfigError, loadConfig, loadDotEnv } from './config/env';
import { bootstrap, prepareDatabase } from './db/bootstrap';
import { createDatabase, retryWhileUnavailable } from '@villas/db/client';
import { loadMallocTrim, trimAfterFullCollections } from './lib/malloc-trim';
import { OnlineBackups } from './db/online-backup';

async function main() {
  let config;
  try {
    loadDotEnv();
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      // EX_CONFIG: npm start's supervisor does not start the server again for the same refusal.
      process.exit(CONFIG_ERROR_EXIT);
    }
    throw err;
  }
  const logger = {
    level: config.logLevel,
    ...(config.logPretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
      : {}),
  };
  // The database opens (on a first start copied from the prepared demo) while the app's modules
  // load: the copy and PGlite's WebAssembly compilation run off the main thread, a few seconds saved.
  const opening = (async () => {
    const first = await prepareDatabase(config);
    const database = await createDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      ...config.db,
      onError: (err) => console.error('database pool error', err),
    });
    // A PostgreSQL server that is still starting (or not reachable yet) is waited for, within bounds.
    await retryWhileUnavailable(() => database.migrate(), {
      waitMs: database.kind === 'postgres' ? config.dbStartWaitMs : 0,
      onRetry: (err, pauseMs) => {
        const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
        console.warn(`The database is not reachable yet (${String(cause)}); trying again in ${pauseMs} ms`);
      },
    });
    return { first, database };
  })();
  // Awaited below; a failure before then must not count as unhandled.
  opening.catch(() => undefined);
  const trim = await loadMallocTrim();
  if (trim) trimAfterFullCollections(trim);
  const { buildApp } = await import('./app');
  const { first, database } = await opening;
  const app = await buildApp({ config, database, serveWeb: true, logger });
  await bootstrap(database.db, config, app.log, first);

  // The embedded database is backed up while the server runs: on a schedule, and when `db:backup` asks.
  const backups = new OnlineBackups(database, config.backups, app.log);
  if (backups.available) {
    backups.start();
    process.on('SIGUSR2', () => void backups.take().catch(() => undefined));
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await backups.close();
      await app.close();
      await database.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // A deep queue of connections the kernel accepted for us: in a burst of new connections (a flood,
  // or many clients at once) a client waits its turn there instead of having its SYN dropped and
  // retried only a second later (Linux caps it at net.core.somaxconn, 4096 by default).
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  const url =
    config.publicUrl ?? `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  app.log.info(`${config.company.brandName} is ready at ${url} (database: ${database.kind})`);
  console.log(`\n  ${config.company.brandName} is running at ${url}\n`);
}

void main().catch((err) => {
  if (err instanceof ConfigError) {
    // Found once the database could be read (e.g. stored secrets made with another app secret).
    console.error(err.message);
    process.exit(CONFIG_ERROR_EXIT);
  }
  console.error(err);
  process.exit(1);
});

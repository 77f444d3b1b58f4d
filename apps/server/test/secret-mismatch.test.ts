import { afterEach, describe, expect, it } from 'vitest';
import { apiConnections } from '@villas/db/schema';
import { CONFIG_ERROR_EXIT } from '../supervise.mjs';
import { SecretBox } from '../src/lib/secrets';
import { serverDatabase, startServer, type ServerProcess } from './server-process';

/**
 * An instance started with another secret than the one the database's API keys were encrypted with
 * refuses to start with one line saying what to set (and is not restarted: the configuration
 * exit), instead of coming up and failing every sync; with the old secret among the previous ones it
 * starts.
 */
const MADE_WITH = 'the-secret-these-keys-were-made-with-0123456789';
const OTHER = 'a-different-secret-for-this-instance-0123456789';

let server: ServerProcess | undefined;
let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  server?.kill();
  server = undefined;
  await drop?.();
  drop = undefined;
});

describe('an instance started with another secret than its database', () => {
  it('refuses to start with a line naming the setting; with PREVIOUS_APP_SECRETS it starts', async () => {
    const database = await serverDatabase(async (db) => {
      const box = new SecretBox(MADE_WITH);
      await db.insert(apiConnections).values({
        provider: 'invenio',
        name: 'Invenio',
        baseUrl: 'https://api.invenio.example',
        apiKeyEncrypted: box.encrypt('live-key-0123456789', 'anything'),
      });
    });
    drop = database.drop;

    const refused = startServer({ ...database.env, SESSION_SECRET: OTHER }, 60_000);
    await expect(refused).rejects.toThrow(`server exited (${CONFIG_ERROR_EXIT}) before it was ready`);
    await expect(refused).rejects.toThrow(
      /SESSION_SECRET: the API connections' stored keys were encrypted with another secret \(key [\w-]{8}\); start with the secret they were made with, or add it to PREVIOUS_APP_SECRETS/,
    );

    server = await startServer(
      { ...database.env, SESSION_SECRET: OTHER, PREVIOUS_APP_SECRETS: MADE_WITH },
      60_000,
    );
    const ready = await fetch(`${server.url}/healthz`);
    expect(ready.status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }, 120_000);
});

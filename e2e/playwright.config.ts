import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, E2E_ADMIN, INVENIO_PORT, PORT } from './env';

/**
 * End-to-end tests against the BUILT app (`npm run test:e2e` builds first): the real server with
 * the web app on one port, a fresh PGlite data directory per run with the demo catalogue and demo
 * accounts seeded, driven in Debian's Chromium (`/usr/bin/chromium`; never `playwright install`).
 *
 * The e2e run uses PGlite even when DATABASE_URL is set in the environment (that one is for the
 * server suite). To run it against PostgreSQL, set E2E_DATABASE_URL to an EMPTY database.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

// The config is loaded by the runner and again by each worker: only the runner makes the data
// directory; workers inherit its path. It removes the directories of earlier runs whose runner has
// ended (named .data-<runner pid>-<time>), never those of a run still going on beside it.
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
function freshDataDir(): string {
  for (const entry of readdirSync(here)) {
    const match = /^\.data-(\d+)-\d+$/.exec(entry) ?? /^\.data-\d+$/.exec(entry);
    const pid = match?.[1] ? Number(match[1]) : undefined;
    if (match && (pid === undefined || !alive(pid))) {
      rmSync(path.join(here, entry), { recursive: true, force: true });
    }
  }
  const dir = path.join(here, `.data-${process.pid}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}
const dataDir = (process.env.VILLAS_E2E_DATA_DIR ??= freshDataDir());

const CI = !!process.env.CI;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  // Starts the fake Invenio API the integrations spec connects to.
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  // Generous for a loaded 2-core machine: the signed-in dashboard renders the whole catalogue.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node --enable-source-maps ../apps/server/dist/server.js',
    cwd: here,
    url: `${BASE_URL}/readyz`,
    // The first start copies the demo database and images the build prepared (seconds; on PostgreSQL,
    // or without them, it seeds ~500 properties and renders their images: 60-90 s here).
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE_URL,
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      SMTP_URL: '',
      SEED_DEMO: 'true',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      RATE_LIMIT_MAX: '1000',
      // The fake Invenio listens on loopback, which outbound requests refuse unless named here.
      OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${INVENIO_PORT}`,
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
    },
  },
});

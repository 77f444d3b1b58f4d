import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env (lint-enforced). Every setting, validated once at
 * start-up; a bad value stops the process with one line per problem.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'use true or false' })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine(
      (v) => {
        if (!v) return true;
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.join(' or ')}//`,
    );

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .email('must be an e-mail address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEED_DEMO: bool.optional(),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().default('Reservations <reservations@example.com>'),
  BRAND_NAME: z.string().trim().min(1).default('Maison Azur'),
  COMPANY_NAME: z.string().trim().min(1).default('Maison Azur Travel Ltd'),
  COMPANY_NUMBER: z.string().trim().min(1).default('SC812457'),
  COMPANY_TYPE: z.string().default('Private limited company registered in Scotland'),
  COMPANY_INCORPORATED: z.string().default('June 2024'),
  COMPANY_ADDRESS: z.string().default('14 Charlotte Square, Edinburgh, EH2 4DJ, Scotland'),
  COMPANY_STATUS: z.string().default('Active'),
  COMPANY_NATURE: z.string().default('79110 - Travel agency activities'),
  COMPANY_ACCOUNTS_DUE: z.string().default('31 March 2026'),
  COMPANY_CONFIRMATION_DUE: z.string().default('18 June 2026'),
  COMPANY_REGISTER_URL: z
    .string()
    .url()
    .default('https://find-and-update.company-information.service.gov.uk/company/SC812457'),
  COMPANY_EMAIL: z.string().default('concierge@maisonazur.example'),
  COMPANY_PHONE: z.string().default('+44 131 555 0142'),
  UPLOAD_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: bool.default(false),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  PAGE_RATE_LIMIT_MAX: z.coerce.number({ error: 'must be a number' }).int().min(1).default(300),
  LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number({ error: 'must be a number' }).int().min(1).default(5),
  LOGIN_ACCOUNT_LOCK_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).default(60),
  LOGIN_ACCOUNT_MAX_LOCK_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).default(900),
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number({ error: 'must be a number' }).int().min(1).default(100),
  LOGIN_ADDRESS_WINDOW_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).default(900),
  LOGIN_DEVICE_MAX_FAILURES: z.coerce.number({ error: 'must be a number' }).int().min(1).default(10),
  LOGIN_DEVICE_WINDOW_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).default(900),
  TRUST_PROXY: bool.default(false),
  API_DOCS: z.enum(['admin', 'public', 'off'], { error: 'use admin, public or off' }).default('admin'),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(100).default(3000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(100).default(15_000),
  // At most 500 h: a longer interval would overflow the timer.
  BACKUP_INTERVAL_HOURS: z.coerce.number({ error: 'must be a number' }).min(0).max(500).default(24),
  BACKUP_KEEP: z.coerce.number({ error: 'must be a number' }).int().min(1).default(7),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DB_START_WAIT_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(0).default(60),
  OUTBOUND_ALLOW_HOSTS: z
    .string()
    .default('')
    .refine(
      (v) => v.split(',').every((h) => /^\s*(\[[0-9a-fA-F:.]+\]|[^\s:/[\]]+)?(:\d{1,5})?\s*$/.test(h)),
      {
        message: 'use comma-separated host or host:port entries',
      },
    ),
  OUTBOUND_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(100).default(20_000),
  SYNC_INTERVAL_MINUTES: z.coerce.number({ error: 'must be a number' }).int().min(0).default(60),
  ICAL_INTERVAL_MINUTES: z.coerce.number({ error: 'must be a number' }).int().min(0).default(15),
  HOLD_SWEEP_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(0).default(30),
  HOLD_MAX_NIGHTS_UNDATED: z.coerce.number({ error: 'must be a number' }).int().min(1).max(90).default(14),
  HOLD_MAX_ACTIVE_PER_AGENT: z.coerce.number({ error: 'must be a number' }).int().min(1).default(20),
  HOLD_MAX_NIGHTS_PER_AGENT: z.coerce.number({ error: 'must be a number' }).int().min(1).default(120),
  PREVIOUS_APP_SECRETS: z.string().default(''),
  LIVE_HEARTBEAT_MS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(10)
    .max(120_000)
    .default(15_000),
  LIVE_STREAMS_PER_USER: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100).default(5),
  SESSION_CACHE_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(0).max(300).default(10),
  SEARCH_INDEX: z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).default('on'),
  IMAGE_QUEUE_MAX: z.coerce.number({ error: 'must be a number' }).int().min(0).default(8),
  REQUEST_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(100).default(30_000),
  UPLOAD_REQUEST_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(100).default(120_000),
  MAX_CONNECTIONS: z.coerce.number({ error: 'must be a number' }).int().min(1).default(2000),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number({ error: 'must be a number' }).int().min(1).default(256),
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number({ error: 'must be a number' }).int().min(0).default(1000),
  PRESSURE_MAX_HEAP_PERCENT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(100).default(90),
  BROCHURE_WORKERS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(32).default(1),
  BROCHURE_WORKER_HEAP_MB: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(64)
    .max(8192)
    .default(128),
  BROCHURE_QUEUE_MAX: z.coerce.number({ error: 'must be a number' }).int().min(0).max(10_000).default(4),
  BROCHURE_RENDER_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1000)
    .max(3_600_000)
    .default(60_000),
  BROCHURE_RATE_LIMIT_PER_LINK: z.coerce.number({ error: 'must be a number' }).int().min(1).default(30),
  BROCHURE_CACHE_MB: z.coerce.number({ error: 'must be a number' }).int().min(0).max(1_000_000).default(256),
});

export type RawEnv = z.input<typeof envSchema>;

/** Every variable the server reads (docs/configuration.md documents each; a test holds it to that). */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads a secret from DATA_DIR, generating and storing one on first start (never a hard-coded default). */
function persistentSecret(dataDir: string): string {
  if (dataDir === ':memory:') return randomBytes(32).toString('hex');
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The settings the app reads, from the validated variables: the schema's output is the `Config`
 * type, so a setting is declared once (its variable, default and check above, its shape here).
 * Cross-variable rules are checked after each variable passed its own.
 */
const configSchema = envSchema
  .superRefine((e, ctx) => {
    if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither',
      });
    }
    if (e.UPLOAD_REQUEST_TIMEOUT_MS < e.REQUEST_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'UPLOAD_REQUEST_TIMEOUT_MS: must be at least REQUEST_TIMEOUT_MS',
      });
    }
    if (e.LOGIN_ACCOUNT_MAX_LOCK_SECONDS < e.LOGIN_ACCOUNT_LOCK_SECONDS) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'LOGIN_ACCOUNT_MAX_LOCK_SECONDS: must be at least LOGIN_ACCOUNT_LOCK_SECONDS',
      });
    }
  })
  .transform((e) => {
    const dataDir = e.DATA_DIR === ':memory:' ? ':memory:' : path.resolve(e.DATA_DIR);
    return Object.freeze({
      port: e.PORT,
      host: e.HOST,
      /** Absolute directory, or ':memory:' for a throw-away database. */
      dataDir,
      databaseUrl: e.DATABASE_URL,
      sessionSecret: e.SESSION_SECRET ?? e.APP_SECRET ?? persistentSecret(dataDir),
      admin:
        e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
      /** undefined = seed demo accounts only into an empty database. */
      seedDemo: e.SEED_DEMO,
      publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM,
      uploadDir: path.resolve(
        e.UPLOAD_DIR ??
          (dataDir === ':memory:' ? path.join('data', 'uploads-tmp') : path.join(dataDir, 'uploads')),
      ),
      logLevel: e.LOG_LEVEL,
      logPretty: e.LOG_PRETTY,
      rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
      /**
       * Page loads (server-rendered pages, the web app's HTML, unknown URLs) per client address per
       * minute, in each instance's memory; behind a proxy the address is the client's only with
       * TRUST_PROXY (docs/operations.md).
       */
      pageRateLimitMax: e.PAGE_RATE_LIMIT_MAX,
      /**
       * Failed sign-ins, counted in the database (shared by every instance): per account, consecutive
       * failures lock it for `accountLockSeconds`, doubling per further failure up to
       * `accountMaxLockSeconds`; per client address, at most `addressMaxFailures` in a window. A
       * browser holding the account's device token skips the account's lock and has its own limit,
       * `deviceMaxFailures` per window (docs/decisions/006-login-limits.md).
       */
      login: {
        accountMaxFailures: e.LOGIN_ACCOUNT_MAX_FAILURES,
        accountLockSeconds: e.LOGIN_ACCOUNT_LOCK_SECONDS,
        accountMaxLockSeconds: e.LOGIN_ACCOUNT_MAX_LOCK_SECONDS,
        addressMaxFailures: e.LOGIN_ADDRESS_MAX_FAILURES,
        addressWindowSeconds: e.LOGIN_ADDRESS_WINDOW_SECONDS,
        deviceMaxFailures: e.LOGIN_DEVICE_MAX_FAILURES,
        deviceWindowSeconds: e.LOGIN_DEVICE_WINDOW_SECONDS,
      },
      trustProxy: e.TRUST_PROXY,
      /** Who may read /api/docs: administrators (default), everybody, or nobody. */
      apiDocs: e.API_DOCS,
      /** PostgreSQL server only: give up connecting / on a statement after this long (then 503). */
      db: { connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS, queryTimeoutMs: e.DB_QUERY_TIMEOUT_MS },
      /** Backups the server takes of the embedded database while it runs (DATA_DIR/backups). */
      backups: {
        dir: dataDir === ':memory:' ? null : path.join(dataDir, 'backups'),
        intervalHours: e.BACKUP_INTERVAL_HOURS,
        keep: e.BACKUP_KEEP,
      },
      /** The bearer token `GET /metrics` asks for; without one the route answers 404. */
      metricsToken: e.METRICS_TOKEN,
      /** PostgreSQL server only: how long start-up waits for a database that is not reachable yet. */
      dbStartWaitMs: e.DB_START_WAIT_SECONDS * 1000,
      /** Outbound requests (providers, iCal feeds): hosts exempt from the private-address refusal. */
      outbound: {
        allowHosts: e.OUTBOUND_ALLOW_HOSTS.split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
        timeoutMs: e.OUTBOUND_TIMEOUT_MS,
      },
      /** Scheduler intervals in minutes; 0 = off. */
      sync: { intervalMinutes: e.SYNC_INTERVAL_MINUTES, icalIntervalMinutes: e.ICAL_INTERVAL_MINUTES },
      /**
       * Holds: how often expired holds are freed, in seconds (0 = never: only when their nights are
       * asked for); the longest hold on a request without dates; and per agent, the most active holds
       * and held nights at once (docs/decisions/013-holds.md).
       */
      holds: {
        sweepSeconds: e.HOLD_SWEEP_SECONDS,
        maxNightsUndated: e.HOLD_MAX_NIGHTS_UNDATED,
        maxActivePerAgent: e.HOLD_MAX_ACTIVE_PER_AGENT,
        maxNightsPerAgent: e.HOLD_MAX_NIGHTS_PER_AGENT,
      },
      /** Earlier app secrets, still accepted to decrypt stored API secrets during a rotation. */
      previousSecrets: e.PREVIOUS_APP_SECRETS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      /**
       * Live notifications (GET /api/notifications/stream): a comment line every `heartbeatMs` keeps
       * proxies from closing an idle stream; one user may hold `streamsPerUser` streams per instance.
       */
      live: { heartbeatMs: e.LIVE_HEARTBEAT_MS, streamsPerUser: e.LIVE_STREAMS_PER_USER },
      /**
       * A signed-in session looked up from the database is used for this long by this instance
       * before it is read again (modules/sessions/session-cache.ts); 0 reads it on every request.
       */
      sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
      /**
       * Paged searches are answered from the in-process search index
       * (modules/properties/search-index.ts); 'off' runs every search in the database.
       */
      searchIndex: e.SEARCH_INDEX === 'on',
      /**
       * How long a client may take to send a request's body (an image upload's on the routes that take
       * files); past it the request is answered 408 and its connection closed
       * (plugins/connection-guard.ts, docs/operations.md).
       */
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      /**
       * Uploads that may wait for one of the two image slots; one more is answered 503 with
       * Retry-After (modules/uploads/uploads.service.ts). A sync's photos wait their turn uncounted.
       */
      imageQueueMax: e.IMAGE_QUEUE_MAX,
      uploadRequestTimeoutMs: e.UPLOAD_REQUEST_TIMEOUT_MS,
      /**
       * Open connections (keep-alive sockets and live-notification streams included): in all, and per
       * client address; the per-address cap is off behind a trusted proxy, where every socket is the
       * proxy's.
       */
      connections: {
        max: e.MAX_CONNECTIONS,
        perAddress: e.TRUST_PROXY ? undefined : e.MAX_CONNECTIONS_PER_ADDRESS,
      },
      /**
       * Past either threshold the server answers 503 with Retry-After instead of starting more work
       * (plugins/pressure.ts); 0 turns a check off.
       */
      pressure: {
        maxEventLoopDelayMs: e.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
        maxHeapPercent: e.PRESSURE_MAX_HEAP_PERCENT,
      },
      /**
       * Link brochures (docs/decisions/015-link-pricing-and-brochure.md): rendered by `workers`
       * worker threads of `workerHeapMb` each, at most `queueMax` more waiting (then 503), each
       * within `renderTimeoutMs`; a link's brochure downloaded at most `perLinkMax` times per rate
       * window; kept in a cache of `cacheBytes` under DATA_DIR (a temporary folder with ':memory:').
       */
      brochures: {
        workers: e.BROCHURE_WORKERS,
        workerHeapMb: e.BROCHURE_WORKER_HEAP_MB,
        queueMax: e.BROCHURE_QUEUE_MAX,
        renderTimeoutMs: e.BROCHURE_RENDER_TIMEOUT_MS,
        perLinkMax: e.BROCHURE_RATE_LIMIT_PER_LINK,
        cacheBytes: e.BROCHURE_CACHE_MB * 1024 * 1024,
        cacheDir: dataDir === ':memory:' ? null : path.join(dataDir, 'cache', 'brochures'),
      },
      company: {
        brandName: e.BRAND_NAME,
        name: e.COMPANY_NAME,
        number: e.COMPANY_NUMBER,
        type: e.COMPANY_TYPE,
        incorporated: e.COMPANY_INCORPORATED,
        address: e.COMPANY_ADDRESS,
        status: e.COMPANY_STATUS,
        nature: e.COMPANY_NATURE,
        accountsDue: e.COMPANY_ACCOUNTS_DUE,
        confirmationDue: e.COMPANY_CONFIRMATION_DUE,
        registerUrl: e.COMPANY_REGISTER_URL,
        email: e.COMPANY_EMAIL,
        phone: e.COMPANY_PHONE,
      },
    });
  });

export type Config = z.output<typeof configSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)),
    );
  }
  return parsed.data;
}

/** Test and tool configuration: defaults plus overrides, never touching the real environment. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: ':memory:',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '10000',
    BROCHURE_RATE_LIMIT_PER_LINK: '10000',
    // Every injected request comes from 127.0.0.1: files that test the address limit set their own.
    LOGIN_ADDRESS_MAX_FAILURES: '10000',
    SYNC_INTERVAL_MINUTES: '0',
    ICAL_INTERVAL_MINUTES: '0',
    HOLD_SWEEP_SECONDS: '0',
    // A test worker shares its cores with the others: a busy second must not shed its requests.
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    PRESSURE_MAX_HEAP_PERCENT: '0',
    ...overrides,
  });
}

/** Variables read by the process, for entry points (server, CLI). */
export const processEnv = process.env;

/** Loads `.env` from the working directory when present (real environment variables win). */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

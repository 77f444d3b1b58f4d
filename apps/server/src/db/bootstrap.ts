import { existsSync } from 'node:fs';
import { count, eq, like, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import { hashPassword, verifyPassword } from '@villas/db/password';
import { pgliteDataDir, type Db } from '@villas/db/client';
import { properties, propertyImages, users } from '@villas/db/schema';

/**
 * The demo (generator, image art, accounts, and what its build prepared) is a workspace of its own,
 * loaded only when a start seeds or repairs it: the bundler puts it in a chunk of its own that other
 * starts never read.
 */
const demoData = () => import('@villas/demo-data');
/** The part of it a first start asks first, light (no image library): is there a prepared database? */
const preparedDemo = () => import('@villas/demo-data/prepared');

export interface FirstStart {
  /** The database was copied from the demo's prepared one: it holds the catalogue, not yet the rest. */
  prepared: boolean;
  /** What happened, for the log (the logger exists only once the app is built). */
  note?: string;
}

/**
 * Before the database opens. On a first start of the embedded database (no data directory yet) the
 * demo's prepared data directory (migrated and seeded at build) is copied in, so the start opens a
 * database that already holds the demo catalogue instead of creating and seeding one: seconds
 * instead of about a minute. A PostgreSQL server, a throw-away database or an existing one are left
 * alone, and so is this one when nothing usable was prepared (the catalogue is then seeded as usual).
 */
export async function prepareDatabase(config: Config): Promise<FirstStart> {
  if (config.databaseUrl || config.dataDir === ':memory:' || existsSync(pgliteDataDir(config.dataDir)))
    return { prepared: false };
  const started = Date.now();
  const result = await (await preparedDemo()).installPreparedDatabase(pgliteDataDir(config.dataDir));
  return result.installed
    ? {
        prepared: true,
        note: `demo database of ${result.date} copied in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      }
    : { prepared: false, note: `seeding the demo catalogue: ${result.reason}` };
}

/**
 * Start-up work after migrations: make sure the configured admin exists (approved, role admin,
 * with the configured password), then the demo into an empty database (or the rest of it into one
 * prepareDatabase copied in): the catalogue with its images, and the demo accounts unless
 * SEED_DEMO=false. A database that has a catalogue gets the demo accounts only with SEED_DEMO=true,
 * and its demo images back if they went missing.
 */
export async function bootstrap(
  db: Db,
  config: Config,
  log: Pick<FastifyBaseLogger, 'info'>,
  first: FirstStart = { prepared: false },
): Promise<void> {
  if (first.note) log.info(first.note);
  if (config.admin) await ensureAdmin(db, config.admin.email, config.admin.password);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(properties);
  if (n === 0 || first.prepared) {
    const started = Date.now();
    await (
      await demoData()
    ).seed(db, config.uploadDir, { accounts: config.seedDemo !== false, log: (m) => log.info(m) });
    log.info(`demo ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    if (config.seedDemo === true) await (await demoData()).seedDemoAccounts(db);
    // Puts back demo images that went missing (a wiped uploads folder) while the catalogue still
    // shows them; ~10 ms when all exist.
    const [demo] = await db
      .select({ id: propertyImages.id })
      .from(propertyImages)
      .where(like(propertyImages.url, '/uploads/demo/%'))
      .limit(1);
    if (demo) {
      const { linked, rendered } = await (await demoData()).installDemoImages(config.uploadDir);
      if (linked + rendered) log.info(`put back ${linked + rendered} missing demo images`);
    }
  }
}

/**
 * The configured administrator: created, or set back to an approved admin with the configured
 * password. A password that still matches keeps its hash, so a restart does not count as a password
 * change (which would end the account's sign-in device tokens, docs/decisions/006-login-limits.md).
 */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<void> {
  const [existing] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  if (existing) {
    const same = await verifyPassword(existing.passwordHash, password);
    await db
      .update(users)
      .set({ ...(same ? {} : { passwordHash: await hashPassword(password) }), role: 'admin', approved: true })
      .where(eq(users.id, existing.id));
  } else {
    await db.insert(users).values({
      email,
      passwordHash: await hashPassword(password),
      firstName: 'Site',
      lastName: 'Administrator',
      company: 'Administration',
      role: 'admin',
      approved: true,
    });
  }
}

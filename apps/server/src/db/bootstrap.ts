import { count, eq, like, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import { hashPassword } from '../lib/password';
import type { Db } from './client';
import { properties, propertyImages, users } from './schema';

/**
 * The demo (generator, image art, accounts) is a workspace of its own, loaded only when a start
 * seeds or repairs it: the bundler puts it in a chunk of its own that other starts never read.
 */
const demoData = () => import('@villas/demo-data');

/**
 * Start-up work after migrations: make sure the configured admin exists (approved, role admin,
 * with the configured password), then seed the demo catalogue into an empty database.
 */
export async function bootstrap(db: Db, config: Config, log: Pick<FastifyBaseLogger, 'info'>): Promise<void> {
  if (config.admin) await ensureAdmin(db, config.admin.email, config.admin.password);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(properties);
  if (n === 0) {
    const started = Date.now();
    const { seedCatalogue, seedDemoAccounts } = await demoData();
    await seedCatalogue(db, { uploadDir: config.uploadDir, log: (m) => log.info(m) });
    log.info(`demo catalogue seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (config.seedDemo !== false) await seedDemoAccounts(db);
  } else {
    if (config.seedDemo === true) await (await demoData()).seedDemoAccounts(db);
    // Re-renders demo images that went missing (a wiped uploads folder) while the catalogue still
    // shows them; ~10 ms when all exist.
    const [demo] = await db
      .select({ id: propertyImages.id })
      .from(propertyImages)
      .where(like(propertyImages.url, '/uploads/demo/%'))
      .limit(1);
    if (demo) {
      const rendered = await (await demoData()).generateDemoImages(config.uploadDir);
      if (rendered) log.info(`re-rendered ${rendered} missing demo images`);
    }
  }
}

export async function ensureAdmin(db: Db, email: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  if (existing) {
    await db
      .update(users)
      .set({ passwordHash, role: 'admin', approved: true })
      .where(eq(users.id, existing.id));
  } else {
    await db.insert(users).values({
      email,
      passwordHash,
      firstName: 'Site',
      lastName: 'Administrator',
      company: 'Administration',
      role: 'admin',
      approved: true,
    });
  }
}

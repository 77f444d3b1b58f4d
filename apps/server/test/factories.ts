import type { Role } from '@villas/shared';
import { sql } from 'drizzle-orm';
import type { App } from '../src/app';
import type { Db } from '@villas/db/client';
import { properties, regions, subregions, users } from '@villas/db/schema';
import { hashPassword } from '@villas/db/password';

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

export const DEFAULT_PASSWORD = 'correct-horse-1';

export async function createUser(
  db: Db,
  opts: Partial<typeof users.$inferInsert> & { password?: string } = {},
) {
  const { password = DEFAULT_PASSWORD, ...rest } = opts;
  const [row] = await db
    .insert(users)
    .values({
      email: `user-${unique()}@example.com`,
      firstName: 'Ada',
      lastName: 'Agent',
      company: 'Azure Travel',
      approved: true,
      role: 'agent',
      ...rest,
      passwordHash: await hashPassword(password),
    })
    .returning();
  return { ...row!, password };
}

/** Signs in through the real login route and returns the Cookie header value. */
export async function signIn(app: App, email: string, password = DEFAULT_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'sid');
  return `sid=${cookie!.value}`;
}

/** A signed-in user of the given role: `{user, cookie}`. */
export async function signedIn(
  app: App,
  db: Db,
  role: Role = 'agent',
  extra: Partial<typeof users.$inferInsert> = {},
) {
  const user = await createUser(db, { role, ...extra });
  return { user, cookie: await signIn(app, user.email) };
}

export async function createRegion(db: Db, name = `Region ${unique()}`, subs: string[] = []) {
  const [region] = await db.insert(regions).values({ name }).returning();
  const subregionRows = subs.length
    ? await db
        .insert(subregions)
        .values(subs.map((s) => ({ name: s, regionId: region!.id })))
        .returning()
    : [];
  return { region: region!, subregions: subregionRows };
}

export async function createProperty(db: Db, values: Partial<typeof properties.$inferInsert> = {}) {
  const [row] = await db
    .insert(properties)
    .values({
      name: `Villa ${unique()}`,
      description: 'A quiet villa above the sea with a long pool and a shaded terrace.',
      bedrooms: 4,
      maxGuests: 8,
      basePricePerNight: '1000',
      propertyCurrency: 'EUR',
      amenityIds: sql`'{}'::integer[]`,
      ...values,
    })
    .returning();
  return row!;
}

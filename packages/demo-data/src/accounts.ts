import type { Role } from '@villas/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@villas/db/client';
import { notifications, properties, users } from '@villas/db/schema';
import { hashPassword } from '@villas/db/password';
import { FEATURED_NAME } from './catalogue';

export interface DemoAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  company: string;
  role: Role;
  approved: boolean;
  agentLicense?: string;
  phone?: string;
}

/** The demo sign-ins listed in the README. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@demo.test',
    password: 'demo-admin-pass',
    firstName: 'Demo',
    lastName: 'Administrator',
    company: 'Administration',
    role: 'admin',
    approved: true,
  },
  {
    email: 'sophie@azure-voyages.test',
    password: 'demo-agent-pass',
    firstName: 'Sophie',
    lastName: 'Laurent',
    company: 'Azure Voyages',
    role: 'agent',
    approved: true,
    agentLicense: 'IATA 20-3 4567 8',
    phone: '+33 4 93 12 34 56',
  },
  {
    email: 'james@hartwell-travel.test',
    password: 'demo-agent-pass',
    firstName: 'James',
    lastName: 'Hartwell',
    company: 'Hartwell Travel',
    role: 'agent',
    approved: true,
    agentLicense: 'ABTA P7421',
    phone: '+44 20 7946 0321',
  },
  {
    email: 'olivia@pending-travel.test',
    password: 'demo-agent-pass',
    firstName: 'Olivia',
    lastName: 'Grant',
    company: 'Grant & Co Travel',
    role: 'agent',
    approved: false,
    agentLicense: 'ABTA Y6183',
    phone: '+44 131 496 0718',
  },
];

const WELCOMED = 'sophie@azure-voyages.test';

/**
 * Creates the demo accounts that do not exist yet (by e-mail, any case); existing accounts are left
 * exactly as they are. Sophie gets two welcome notifications when she is created, so the bell is not
 * empty on a first look.
 */
export async function seedDemoAccounts(db: Db): Promise<void> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email.toLowerCase());
  const existing = new Set(
    (
      await db
        .select({ email: sql<string>`lower(${users.email})` })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, emails))
    ).map((r) => r.email),
  );
  const missing = DEMO_ACCOUNTS.filter((a) => !existing.has(a.email.toLowerCase()));
  if (!missing.length) return;
  const rows = await Promise.all(
    missing.map(async ({ password, ...account }) => ({
      ...account,
      passwordHash: await hashPassword(password),
    })),
  );
  const created = await db
    .insert(users)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email });
  const sophie = created.find((u) => u.email === WELCOMED);
  if (!sophie) return;
  const [featured] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.name, FEATURED_NAME))
    .limit(1);
  await db.insert(notifications).values([
    {
      userId: sophie.id,
      type: 'account_approved',
      title: 'Welcome aboard',
      message:
        'Your agent account is approved. Browse over 500 villas, chalets and private islands, and share a selection with your clients through a white-label link.',
    },
    {
      userId: sophie.id,
      type: 'new_property',
      title: 'New on the French Riviera',
      message: `${FEATURED_NAME}: six bedroom suites above a private cove on Cap Ferrat, from €15,000 per night.`,
      relatedId: featured?.id ?? null,
      relatedType: featured ? 'property' : null,
    },
  ]);
}

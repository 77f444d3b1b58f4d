import { existsSync } from 'node:fs';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import rule, { schemaTables } from './one-owner-per-table.js';
import { modulesDir, otherWriters, owners, repoRoot } from './table-owners.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
});

const at = (file) => path.join(repoRoot, file);
const holdsRepo = at('apps/server/src/modules/holds/holds.repository.ts');
const calendarRepo = at('apps/server/src/modules/calendar/calendar.repository.ts');
const invenioRepo = at('apps/server/src/modules/integrations/invenio/invenio.repository.ts');
const foreign = (table, writer, owner) => ({
  messageId: 'foreign',
  data: { table, writer, owner },
});

tester.run('one-owner-per-table', rule, {
  valid: [
    {
      name: 'the owner writes its table with Drizzle and raw SQL',
      filename: calendarRepo,
      code: `import { sql } from 'drizzle-orm';
        import { availability, dailyPricing } from '@villas/db/schema';
        export const a = (db) => db.insert(availability).values([]).onConflictDoUpdate({ set: {}, setWhere: sql\`true\` });
        export const b = (db) => db.delete(availability);
        export const c = (db) => db.execute(sql\`insert into \${dailyPricing} (property_id) values (1)
          on conflict (property_id, date) do update set price = excluded.price\`);`,
    },
    {
      name: 'reads, a Map named like a write, and a local shadowing a table are not writes',
      filename: holdsRepo,
      code: `import { sql } from 'drizzle-orm';
        import { availability, holds } from '@villas/db/schema';
        export const a = (db) => db.select().from(availability);
        export const b = (seen) => seen.delete('x');
        export const c = (db, availability) => db.update(availability);
        export const d = (db) => db.update(holds).set({ status: 'expired' });
        export const e = sql\`select id from holds where property_id = 1 for update skip locked\`;`,
    },
    {
      name: 'a table of the same name that is not the schema import is not one',
      filename: holdsRepo,
      code: `import { availability } from './somewhere-else';
        export const a = (db) => db.insert(availability);`,
    },
    {
      name: 'tests may write any table',
      filename: at('apps/server/src/modules/holds/holds.test.ts'),
      code: `import { availability, properties } from '@villas/db/schema';
        await db.insert(availability).values([]); await db.update(properties).set({});`,
    },
    {
      name: 'a listed writer outside the modules, for its tables',
      filename: at('apps/server/src/lib/mailer.ts'),
      code: `import { mailOutbox } from '@villas/db/schema';
        await db.insert(mailOutbox).values({});`,
    },
  ],
  invalid: [
    {
      name: "holds writing the calendar's availability (Drizzle)",
      filename: holdsRepo,
      code: `import { availability } from '@villas/db/schema';
        export const a = (db) => db
          .insert(availability)
          .values([]);`,
      errors: [{ ...foreign('availability', `${modulesDir}/holds`, `${modulesDir}/calendar`), line: 3 }],
    },
    {
      name: 'update and delete, a renamed import and a namespace import',
      filename: invenioRepo,
      code: `import { properties as villas, propertyImages } from '@villas/db/schema';
        import * as schema from '@villas/db/schema';
        export const a = (db) => db.update(villas).set({});
        export const b = (db) => db.delete(propertyImages);
        export const c = (db) => db.insert(schema.properties).values({});`,
      errors: [
        { ...foreign('properties', `${modulesDir}/integrations`, `${modulesDir}/properties`), line: 3 },
        { ...foreign('property_images', `${modulesDir}/integrations`, `${modulesDir}/properties`), line: 4 },
        { ...foreign('properties', `${modulesDir}/integrations`, `${modulesDir}/properties`), line: 5 },
      ],
    },
    {
      name: 'raw SQL: a named table, a quoted one and an interpolated schema table',
      filename: holdsRepo,
      code: `import { sql } from 'drizzle-orm';
        import { availability } from '@villas/db/schema';
        export const a = sql\`select 1;
          DELETE FROM property_images where id = 1\`;
        export const b = sql\`update "availability" set available = true\`;
        export const c = sql\`insert into \${availability} (date) values ('2030-01-01')\`;
        export const d = (client) => client.query('insert into users (email) values ($1)');`,
      errors: [
        { ...foreign('property_images', `${modulesDir}/holds`, `${modulesDir}/properties`), line: 4 },
        { ...foreign('availability', `${modulesDir}/holds`, `${modulesDir}/calendar`), line: 5 },
        { ...foreign('availability', `${modulesDir}/holds`, `${modulesDir}/calendar`), line: 6 },
        { ...foreign('users', `${modulesDir}/holds`, `${modulesDir}/users`), line: 7 },
      ],
    },
    {
      name: 'a listed writer outside its tables, and an unlisted file outside the modules',
      filename: at('apps/server/src/lib/mailer.ts'),
      code: `import { users } from '@villas/db/schema';
        await db.update(users).set({});`,
      errors: [foreign('users', 'apps/server/src/lib/mailer.ts', `${modulesDir}/users`)],
    },
    {
      name: 'a table nothing in the app may write',
      filename: at('apps/server/src/modules/calendar/calendar.repository.ts'),
      code: `import { staySums } from '@villas/db/schema';
        await db.delete(staySums);`,
      errors: [foreign('stay_sums', `${modulesDir}/calendar`, 'no module (nothing in the app writes it)')],
    },
    {
      name: 'a schema table without an owner',
      filename: at('packages/db/src/schema/widgets.ts'),
      code: `export const widgets = pgTable('widgets', { id: serial() });`,
      errors: [{ messageId: 'noOwner', data: { table: 'widgets' } }],
    },
  ],
});

describe('the owner map', () => {
  it('has exactly the tables of the schema', () => {
    expect(Object.keys(owners).sort()).toEqual([...new Set(schemaTables().values())].sort());
  });

  it('names existing modules, and a reason for every other writer', () => {
    for (const owner of Object.values(owners).filter(Boolean)) {
      expect(existsSync(path.join(repoRoot, modulesDir, owner)), owner).toBe(true);
    }
    for (const writer of otherWriters) {
      expect(writer.reason.length, writer.files.join()).toBeGreaterThan(20);
      if (writer.tables !== '*') for (const t of writer.tables) expect(Object.keys(owners)).toContain(t);
    }
  });
});

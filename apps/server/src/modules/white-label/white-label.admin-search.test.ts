import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { whiteLabelLinks } from '@villas/db/schema';
import { createUser, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';

const ctx = useTestContext();
let admin = '';

const titles = async (query: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/white-label-links${query}`,
    headers: { cookie: admin },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as Array<{ title: string }>).map((l) => l.title).sort();
};

beforeAll(async () => {
  admin = (await signedIn(ctx.app, ctx.db, 'admin')).cookie;
  const sophie = await createUser(ctx.db, {
    firstName: 'Sophie',
    lastName: 'Laurent',
    email: 'sophie@azure.example',
  });
  const marco = await createUser(ctx.db, {
    firstName: 'Marco',
    lastName: 'Rossi',
    email: 'marco@alpine.example',
  });
  const link = (
    agentId: number,
    title: string,
    extra: Partial<typeof whiteLabelLinks.$inferInsert> = {},
  ) => ({
    uuid: randomUUID(),
    agentId,
    title,
    propertyIds: [],
    ...extra,
  });
  await ctx.db.insert(whiteLabelLinks).values([
    link(sophie.id, 'Azure Voyages - Sophie Laurent'),
    link(marco.id, 'Alpine Escapes - Marco Rossi', {
      agentName: 'M. Rossi',
      agentEmail: 'desk@alpine.example',
    }),
    link(marco.id, 'Summer 100% sea', {
      agentName: 'Concierge desk',
      agentEmail: 'concierge@alpine.example',
    }),
    link(sophie.id, 'Deleted link', { deletedAt: new Date() }),
  ]);
});

describe('GET /api/admin/white-label-links?q=', () => {
  it('lists every link that is not deleted without q', async () => {
    expect(await titles('')).toEqual([
      'Alpine Escapes - Marco Rossi',
      'Azure Voyages - Sophie Laurent',
      'Summer 100% sea',
    ]);
  });

  it.each([
    ['?q=azure', ['Azure Voyages - Sophie Laurent']],
    ['?q=%20DESK%40alpine', ['Alpine Escapes - Marco Rossi']],
    ['?q=concierge', ['Summer 100% sea']],
    // The agent account: full name and e-mail.
    ['?q=sophie%20laurent', ['Azure Voyages - Sophie Laurent']],
    ['?q=marco%40alpine', ['Alpine Escapes - Marco Rossi', 'Summer 100% sea']],
    // Pattern characters match literally.
    ['?q=100%25', ['Summer 100% sea']],
    ['?q=_', []],
    ['?q=deleted', []],
    ['?q=', ['Alpine Escapes - Marco Rossi', 'Azure Voyages - Sophie Laurent', 'Summer 100% sea']],
  ])('%s matches title, agent name or e-mail', async (query, expected) => {
    expect(await titles(query)).toEqual(expected);
  });

  it('keeps paging with q', async () => {
    expect(await titles('?q=alpine&limit=1')).toHaveLength(1);
  });

  it('refuses an over-long q with a message', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/white-label-links?q=${'x'.repeat(201)}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Search at most 200 characters');
  });
});

import type { AdminLocation } from '@villas/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { regions, subregions } from '@villas/db/schema';
import { createProperty, createRegion, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';
import { uniqueName } from '../properties/properties.fixtures';

const ctx = useTestContext();
let admin = '';
let agent = '';

beforeAll(async () => {
  admin = (await signedIn(ctx.app, ctx.db, 'admin')).cookie;
  agent = (await signedIn(ctx.app, ctx.db, 'agent')).cookie;
});

const call = (method: 'POST' | 'DELETE' | 'GET', url: string, payload?: object, cookie = admin) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const enc = encodeURIComponent;

async function locations(): Promise<AdminLocation[]> {
  return (await call('GET', '/api/admin/locations')).json();
}

describe('POST /api/admin/locations/region', () => {
  it('creates a region (201) that the public list shows', async () => {
    const name = uniqueName('Greece');
    const res = await call('POST', '/api/admin/locations/region', { regionName: `  ${name} ` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ region: name, subregions: [] });
    const pub = await ctx.app.inject({ method: 'GET', url: '/api/locations' });
    expect(pub.json()).toContainEqual({ region: name, subregions: [] });
  });

  it.each([[{ regionName: '   ' }], [{ regionName: '' }], [{}]])(
    "rejects %j with 'Please enter a region name'",
    async (body) => {
      const res = await call('POST', '/api/admin/locations/region', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter a region name');
    },
  );

  it('answers 409 for a duplicate whatever its case', async () => {
    const name = uniqueName('Spain');
    expect((await call('POST', '/api/admin/locations/region', { regionName: name })).statusCode).toBe(201);
    const again = await call('POST', '/api/admin/locations/region', { regionName: name.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`A region named "${name.toUpperCase()}" already exists`);
  });

  it('is for admins only', async () => {
    expect((await call('POST', '/api/admin/locations/region', { regionName: 'X' }, agent)).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/admin/locations', undefined, agent)).statusCode).toBe(403);
    const anon = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/locations/region',
      payload: { regionName: 'X' },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('POST /api/admin/locations/subregion', () => {
  it('adds a subregion to a region named in any case', async () => {
    const { region } = await createRegion(ctx.db, uniqueName('Italy'));
    const res = await call('POST', '/api/admin/locations/subregion', {
      regionName: region.name.toLowerCase(),
      subregionName: 'Lake Como',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ region: region.name, subregions: ['Lake Como'] });
    const second = await call('POST', '/api/admin/locations/subregion', {
      regionName: region.name,
      subregionName: 'Amalfi Coast',
    });
    expect(second.json()).toEqual({ region: region.name, subregions: ['Amalfi Coast', 'Lake Como'] });
  });

  it.each([
    [{ regionName: '', subregionName: 'Capri' }],
    [{ regionName: 'Italy', subregionName: '  ' }],
    [{ subregionName: 'Capri' }],
    [{}],
  ])("rejects %j with 'Please select a region and enter a subregion name'", async (body) => {
    const res = await call('POST', '/api/admin/locations/subregion', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select a region and enter a subregion name');
  });

  it('answers 404 for an unknown region and 409 for a duplicate in the same region', async () => {
    const missing = await call('POST', '/api/admin/locations/subregion', {
      regionName: 'Atlantis',
      subregionName: 'Capital',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Region "Atlantis" not found');
    const { region } = await createRegion(ctx.db, uniqueName('Italy'), ['Tuscany']);
    const dup = await call('POST', '/api/admin/locations/subregion', {
      regionName: region.name,
      subregionName: 'TUSCANY',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(`"TUSCANY" already exists in ${region.name}`);
    // The same name in another region is fine.
    const { region: other } = await createRegion(ctx.db, uniqueName('Elsewhere'));
    const ok = await call('POST', '/api/admin/locations/subregion', {
      regionName: other.name,
      subregionName: 'Tuscany',
    });
    expect(ok.statusCode).toBe(201);
  });
});

describe('DELETE /api/admin/locations/region/:regionName', () => {
  it('deletes a region and its subregions; names with spaces and accents work URL-encoded', async () => {
    const name = uniqueName('Côte d’Azur');
    const { region } = await createRegion(ctx.db, name, ['Saint-Jean-Cap-Ferrat', 'Èze Village']);
    const res = await call('DELETE', `/api/admin/locations/region/${enc(name.toUpperCase())}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await ctx.db.select().from(regions).where(eq(regions.id, region.id))).toEqual([]);
    expect(await ctx.db.select().from(subregions).where(eq(subregions.regionId, region.id))).toEqual([]);
    expect((await locations()).map((l) => l.region)).not.toContain(name);
  });

  it('answers 404 for an unknown region', async () => {
    const res = await call('DELETE', `/api/admin/locations/region/${enc('Nowhere Land')}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Region "Nowhere Land" not found');
  });

  it('answers 409 with what to do while properties are still there (directly or via a subregion)', async () => {
    const { region, subregions: subs } = await createRegion(ctx.db, uniqueName('Switzerland'), ['Verbier']);
    const p = await createProperty(ctx.db, { regionId: region.id, subregionId: subs[0]!.id });
    const res = await call('DELETE', `/api/admin/locations/region/${enc(region.name)}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Cannot delete ${region.name}: 1 property is still listed there. Move or delete it first.`,
    );
    expect((await locations()).find((l) => l.region === region.name)).toMatchObject({
      region: region.name,
      subregions: ['Verbier'],
      propertyCount: 1,
    });
    const sub = await call('DELETE', `/api/admin/locations/subregion/${enc(region.name)}/Verbier`);
    expect(sub.statusCode).toBe(409);
    expect(sub.json().message).toBe(
      'Cannot delete Verbier: 1 property is still listed there. Move or delete it first.',
    );
    // Once the property is gone, both deletes work.
    expect((await call('DELETE', `/api/properties/${p.id}`)).statusCode).toBe(200);
    expect(
      (await call('DELETE', `/api/admin/locations/subregion/${enc(region.name)}/Verbier`)).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/admin/locations/region/${enc(region.name)}`)).statusCode).toBe(200);
  });
});

describe('DELETE /api/admin/locations/subregion/:regionName/:subregionName', () => {
  it('deletes only that subregion; accents and spaces work', async () => {
    const { region } = await createRegion(ctx.db, uniqueName('France'), ['Val d’Isère', 'Saint Tropez']);
    const res = await call(
      'DELETE',
      `/api/admin/locations/subregion/${enc(region.name)}/${enc('val d’isère')}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await locations()).find((l) => l.region === region.name)).toMatchObject({
      region: region.name,
      subregions: ['Saint Tropez'],
    });
  });

  it('answers 404 for an unknown region or subregion, 403 for an agent', async () => {
    const { region } = await createRegion(ctx.db, uniqueName('Portugal'), ['Algarve']);
    const noSub = await call('DELETE', `/api/admin/locations/subregion/${enc(region.name)}/Douro`);
    expect(noSub.statusCode).toBe(404);
    expect(noSub.json().message).toBe(`Subregion "Douro" not found in ${region.name}`);
    expect((await call('DELETE', '/api/admin/locations/subregion/Atlantis/Algarve')).statusCode).toBe(404);
    const asAgent = await call(
      'DELETE',
      `/api/admin/locations/subregion/${enc(region.name)}/Algarve`,
      undefined,
      agent,
    );
    expect(asAgent.statusCode).toBe(403);
  });
});

describe('destination creation without a body', () => {
  it("answers the form's own message", async () => {
    const { signedIn } = await import('../../../test/factories');
    const { cookie } = await signedIn(ctx.app, ctx.db, 'admin');
    const region = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/locations/region',
      headers: { cookie },
    });
    expect(region.statusCode).toBe(400);
    expect(region.json().message).toBe('Please enter a region name');
    const sub = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/locations/subregion',
      headers: { cookie },
    });
    expect(sub.statusCode).toBe(400);
    expect(sub.json().message).toBe('Please select a region and enter a subregion name');
  });
});

describe('GET /api/admin/locations', () => {
  it('lists each region with its property count and a count per subregion, in one answer', async () => {
    const { region, subregions: subs } = await createRegion(ctx.db, uniqueName('Greece'), [
      'Mykonos',
      'Corfu',
      'Crete',
    ]);
    const [mykonos, corfu] = [subs[0]!, subs[1]!];
    // One villa in the region itself, two on Mykonos, one on Corfu (with its region set as well).
    await createProperty(ctx.db, { regionId: region.id });
    await createProperty(ctx.db, { subregionId: mykonos.id });
    await createProperty(ctx.db, { regionId: region.id, subregionId: mykonos.id });
    await createProperty(ctx.db, { regionId: region.id, subregionId: corfu.id });
    const { region: empty } = await createRegion(ctx.db, uniqueName('Empty'));

    const list = await locations();
    expect(list.find((l) => l.region === region.name)).toEqual({
      region: region.name,
      subregions: ['Corfu', 'Crete', 'Mykonos'],
      propertyCount: 4,
      subregionCounts: [
        { name: 'Corfu', propertyCount: 1 },
        { name: 'Crete', propertyCount: 0 },
        { name: 'Mykonos', propertyCount: 2 },
      ],
    });
    expect(list.find((l) => l.region === empty.name)).toEqual({
      region: empty.name,
      subregions: [],
      propertyCount: 0,
      subregionCounts: [],
    });
    // The public list keeps the original shape.
    const pub = (await ctx.app.inject({ url: '/api/locations' })).json();
    expect(pub.find((l: AdminLocation) => l.region === region.name)).toEqual({
      region: region.name,
      subregions: ['Corfu', 'Crete', 'Mykonos'],
    });
  });
});

describe("names with '/', '&', '?', '#' and '%' in the path", () => {
  it('create, list and delete work when the client URL-encodes the names', async () => {
    const regionName = uniqueName('Turks & Caicos / North?#100%');
    const subregionName = 'Parrot Cay & Pine Cay / East';
    expect((await call('POST', '/api/admin/locations/region', { regionName })).statusCode).toBe(201);
    const sub = await call('POST', '/api/admin/locations/subregion', { regionName, subregionName });
    expect(sub.statusCode, sub.body).toBe(201);
    expect(sub.json()).toEqual({ region: regionName, subregions: [subregionName] });

    // Refused while a villa is listed there, with the decoded names in the message.
    const [row] = await ctx.db.select().from(subregions).where(eq(subregions.name, subregionName));
    const p = await createProperty(ctx.db, { regionId: row!.regionId, subregionId: row!.id });
    const refused = await call('DELETE', `/api/admin/locations/region/${enc(regionName)}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Cannot delete ${regionName}: 1 property is still listed there. Move or delete it first.`,
    );
    expect((await call('DELETE', `/api/properties/${p.id}`)).statusCode).toBe(200);

    const delSub = await call(
      'DELETE',
      `/api/admin/locations/subregion/${enc(regionName)}/${enc(subregionName)}`,
    );
    expect(delSub.statusCode, delSub.body).toBe(200);
    expect((await locations()).find((l) => l.region === regionName)).toMatchObject({ subregions: [] });
    const delRegion = await call('DELETE', `/api/admin/locations/region/${enc(regionName)}`);
    expect(delRegion.statusCode, delRegion.body).toBe(200);
    expect((await locations()).map((l) => l.region)).not.toContain(regionName);
  });

  it("an unencoded '/' reaches no route: 404, nothing deleted", async () => {
    const { region } = await createRegion(ctx.db, uniqueName('Antigua/Barbuda'));
    const res = await call('DELETE', `/api/admin/locations/region/${region.name}`);
    expect(res.statusCode).toBe(404);
    expect((await locations()).map((l) => l.region)).toContain(region.name);
  });
});

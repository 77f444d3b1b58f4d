import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import type { AdminLocation } from '@villas/shared';
import type { Queryable } from '@villas/db/client';
import { properties, regions, subregions } from '@villas/db/schema';

/** Regions with their subregion names, alphabetical: `[{region, subregions}]`. */
export async function listLocations(
  db: Queryable,
  opts: { regionId?: number } = {},
): Promise<Array<{ region: string; subregions: string[] }>> {
  const q = db
    .select({ region: regions.name, subregion: subregions.name })
    .from(regions)
    .leftJoin(subregions, eq(subregions.regionId, regions.id))
    .orderBy(asc(regions.name), asc(subregions.name))
    .$dynamic();
  if (opts.regionId != null) q.where(eq(regions.id, opts.regionId));
  const rows = await q;
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const list = out.get(r.region) ?? [];
    if (r.subregion) list.push(r.subregion);
    out.set(r.region, list);
  }
  return [...out].map(([region, subs]) => ({ region, subregions: subs }));
}

/**
 * The admin list in one statement: every region with its subregions (alphabetical) and how many
 * properties are listed in the region (directly or through one of its subregions, each counted once)
 * and in each subregion.
 */
export async function listLocationsWithCounts(db: Queryable): Promise<AdminLocation[]> {
  const regionCount = sql<number>`(select count(*)::int from ${properties} p
    where p.region_id = ${regions.id}
       or p.subregion_id in (select s2.id from ${subregions} s2 where s2.region_id = ${regions.id}))`;
  const subregionCount = sql<number | null>`case when ${subregions.id} is null then null else
    (select count(*)::int from ${properties} p where p.subregion_id = ${subregions.id}) end`;
  const rows = await db
    .select({
      region: regions.name,
      regionCount,
      subregion: subregions.name,
      subregionCount,
    })
    .from(regions)
    .leftJoin(subregions, eq(subregions.regionId, regions.id))
    .orderBy(asc(regions.name), asc(subregions.name));
  const out = new Map<string, AdminLocation>();
  for (const r of rows) {
    let loc = out.get(r.region);
    if (!loc) {
      loc = { region: r.region, subregions: [], propertyCount: Number(r.regionCount), subregionCounts: [] };
      out.set(r.region, loc);
    }
    if (r.subregion) {
      loc.subregions.push(r.subregion);
      loc.subregionCounts.push({ name: r.subregion, propertyCount: Number(r.subregionCount ?? 0) });
    }
  }
  return [...out.values()];
}

/** Case-insensitive lookup by name (the unique index is on lower(name)). */
export async function findRegionByName(db: Queryable, name: string) {
  const [row] = await db
    .select()
    .from(regions)
    .where(sql`lower(${regions.name}) = lower(${name})`)
    .limit(1);
  return row;
}

export async function findSubregionByName(db: Queryable, params: { regionId: number; name: string }) {
  const [row] = await db
    .select()
    .from(subregions)
    .where(
      and(eq(subregions.regionId, params.regionId), sql`lower(${subregions.name}) = lower(${params.name})`),
    )
    .limit(1);
  return row;
}

export async function insertRegion(db: Queryable, name: string) {
  const [row] = await db.insert(regions).values({ name }).returning();
  return row!;
}

export async function insertSubregion(db: Queryable, params: { regionId: number; name: string }) {
  const [row] = await db.insert(subregions).values(params).returning();
  return row!;
}

/** Properties placed in the region, directly or through one of its subregions. */
export async function countPropertiesInRegion(db: Queryable, regionId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(properties)
    .where(
      or(
        eq(properties.regionId, regionId),
        sql`${properties.subregionId} in (select ${subregions.id} from ${subregions} where ${subregions.regionId} = ${regionId})`,
      ),
    );
  return row?.n ?? 0;
}

export async function countPropertiesInSubregion(db: Queryable, subregionId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(properties)
    .where(eq(properties.subregionId, subregionId));
  return row?.n ?? 0;
}

export async function deleteRegion(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.delete(regions).where(eq(regions.id, id)).returning({ id: regions.id });
  return rows.length > 0;
}

export async function deleteSubregion(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.delete(subregions).where(eq(subregions.id, id)).returning({ id: subregions.id });
  return rows.length > 0;
}

import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { regions, subregions } from '../../db/schema';

/** Regions with their subregion names, alphabetical: `[{region, subregions}]`. */
export async function listLocations(db: Queryable): Promise<Array<{ region: string; subregions: string[] }>> {
  const rows = await db
    .select({ region: regions.name, subregion: subregions.name })
    .from(regions)
    .leftJoin(subregions, eq(subregions.regionId, regions.id))
    .orderBy(asc(regions.name), asc(subregions.name));
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const list = out.get(r.region) ?? [];
    if (r.subregion) list.push(r.subregion);
    out.set(r.region, list);
  }
  return [...out].map(([region, subs]) => ({ region, subregions: subs }));
}

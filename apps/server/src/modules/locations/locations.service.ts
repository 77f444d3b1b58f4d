import { plural, pluralWord } from '@villas/shared';
import type { Location } from '@villas/shared';
import type { Db, Queryable } from '@villas/db/client';
import { pgErrorCode } from '@villas/db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import * as repo from './locations.repository';

export const listLocations = (db: Queryable) => repo.listLocations(db);

/** The Destinations tab: regions, subregions and their property counts (one query). */
export const listAdminLocations = (db: Queryable) => repo.listLocationsWithCounts(db);

async function regionOrThrow(db: Queryable, regionName: string) {
  const region = await repo.findRegionByName(db, regionName);
  if (!region) throw new NotFoundError(`Region "${regionName}" not found`);
  return region;
}

async function locationOf(db: Queryable, regionId: number): Promise<Location> {
  const [location] = await repo.listLocations(db, { regionId });
  return location!;
}

/** A new region (country). Names are unique whatever their case. */
export async function createRegion(db: Db, regionName: string): Promise<Location> {
  const name = regionName.trim();
  if (!name) throw new ValidationError('Please enter a region name');
  const duplicate = () => new ConflictError(`A region named "${name}" already exists`);
  if (await repo.findRegionByName(db, name)) throw duplicate();
  try {
    const region = await repo.insertRegion(db, name);
    return await locationOf(db, region.id);
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw duplicate();
    throw err;
  }
}

/** A new subregion (destination) inside an existing region. */
export async function createSubregion(
  db: Db,
  input: { regionName: string; subregionName: string },
): Promise<Location> {
  const regionName = input.regionName.trim();
  const name = input.subregionName.trim();
  if (!regionName || !name) throw new ValidationError('Please select a region and enter a subregion name');
  const region = await regionOrThrow(db, regionName);
  const duplicate = () => new ConflictError(`"${name}" already exists in ${region.name}`);
  if (await repo.findSubregionByName(db, { regionId: region.id, name })) throw duplicate();
  try {
    await repo.insertSubregion(db, { regionId: region.id, name });
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw duplicate();
    throw err;
  }
  return locationOf(db, region.id);
}

/**
 * Deletes a region and its subregions. Refused (409) while properties are still listed there, so no
 * villa silently loses its destination; the database's restrict foreign keys back this up.
 */
export async function deleteRegion(db: Db, regionName: string): Promise<void> {
  await db.transaction(async (tx) => {
    const region = await regionOrThrow(tx, regionName);
    const n = await repo.countPropertiesInRegion(tx, region.id);
    if (n > 0) {
      throw new ConflictError(
        `Cannot delete ${region.name}: ${plural(n, 'property is', 'properties are')} still listed there. Move or delete ${pluralWord(n, 'it', 'them')} first.`,
      );
    }
    await deleteOrConflict(() => repo.deleteRegion(tx, region.id), region.name);
  });
}

export async function deleteSubregion(
  db: Db,
  input: { regionName: string; subregionName: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const region = await regionOrThrow(tx, input.regionName);
    const sub = await repo.findSubregionByName(tx, { regionId: region.id, name: input.subregionName });
    if (!sub) throw new NotFoundError(`Subregion "${input.subregionName}" not found in ${region.name}`);
    const n = await repo.countPropertiesInSubregion(tx, sub.id);
    if (n > 0) {
      throw new ConflictError(
        `Cannot delete ${sub.name}: ${plural(n, 'property is', 'properties are')} still listed there. Move or delete ${pluralWord(n, 'it', 'them')} first.`,
      );
    }
    await deleteOrConflict(() => repo.deleteSubregion(tx, sub.id), sub.name);
  });
}

async function deleteOrConflict(run: () => Promise<boolean>, name: string) {
  try {
    await run();
  } catch (err) {
    // A property was added between the count and the delete: the restrict FK refused it.
    if (pgErrorCode(err) === '23503') {
      throw new ConflictError(
        `Cannot delete ${name}: properties are still listed there. Move or delete them first.`,
      );
    }
    throw err;
  }
}

export interface ResolvedLocation {
  regionId: number;
  regionName: string;
  subregionId: number | null;
  subregionName: string | null;
}

/**
 * Region and subregion names (any case) → ids, for the property form. Unknown names are the caller's
 * mistake: 400 naming the value.
 */
export async function resolveLocation(
  db: Queryable,
  input: { region: string; subregion?: string | null },
): Promise<ResolvedLocation> {
  const region = await repo.findRegionByName(db, input.region.trim());
  if (!region) throw new ValidationError(`Unknown region "${input.region}"`);
  const subName = input.subregion?.trim();
  if (!subName)
    return { regionId: region.id, regionName: region.name, subregionId: null, subregionName: null };
  const sub = await repo.findSubregionByName(db, { regionId: region.id, name: subName });
  if (!sub) throw new ValidationError(`Unknown subregion "${subName}" in ${region.name}`);
  return { regionId: region.id, regionName: region.name, subregionId: sub.id, subregionName: sub.name };
}

import { eq } from 'drizzle-orm';
import type { Queryable } from '@villas/db/client';
import { properties } from '@villas/db/schema';

/**
 * Whether a property with this id exists: the check every module that takes a property id in its
 * path makes before reading or writing what belongs to it (404 otherwise). One read of the key.
 */
export async function propertyExists(db: Queryable, propertyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .limit(1);
  return row != null;
}

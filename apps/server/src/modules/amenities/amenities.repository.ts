import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '@villas/db/client';
import { amenities, amenityCategories } from '@villas/db/schema';

/** Every amenity with its category's name (null when it has none), in the categories' order. */
export function listAmenities(db: Queryable) {
  return db
    .select({ id: amenities.id, name: amenities.name, category: amenityCategories.name })
    .from(amenities)
    .leftJoin(amenityCategories, eq(amenityCategories.id, amenities.categoryId))
    .orderBy(asc(amenityCategories.sortOrder), asc(amenities.id));
}

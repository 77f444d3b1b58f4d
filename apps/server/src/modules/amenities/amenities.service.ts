import type { Amenity } from '@villas/shared';
import type { Queryable } from '@villas/db/client';
import * as repo from './amenities.repository';

/** The amenity list (search filters, the property form); an amenity without a category is under 'Amenities'. */
export async function listAmenities(db: Queryable): Promise<Amenity[]> {
  return (await repo.listAmenities(db)).map((a) => ({ ...a, category: a.category ?? 'Amenities' }));
}

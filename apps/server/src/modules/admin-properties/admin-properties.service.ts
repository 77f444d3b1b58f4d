import {
  ADMIN_PROPERTY_CARD_IMAGES,
  ADMIN_PROPERTY_DESCRIPTION_CHARS,
  todayIso,
  truncate,
  type AdminPropertiesPage,
  type adminPropertiesQuerySchema,
  type Currency,
} from '@villas/shared';
import type { z } from 'zod';
import type { Queryable } from '@villas/db/client';
import { pageOf } from '../../lib/paging';
import { num } from '../../lib/time';
import * as repo from './admin-properties.repository';

type Query = z.output<typeof adminPropertiesQuerySchema>;

/**
 * The admin Properties tab: properties whose name, location, description or type
 * matches `q`, a page at a time, as cards with prices in EUR and whether each is bookable today.
 * 'Today' is the UTC date.
 */
export async function listAdminProperties(
  db: Queryable,
  query: Query,
  now: Date = new Date(),
): Promise<AdminPropertiesPage> {
  const q = query.q || undefined;
  const rows = await repo.listAdminProperties(db, {
    q,
    limit: query.limit,
    offset: query.offset,
    today: todayIso(now),
    images: ADMIN_PROPERTY_CARD_IMAGES,
    descriptionChars: ADMIN_PROPERTY_DESCRIPTION_CHARS,
  });
  return pageOf(
    rows,
    query,
    (r) => ({
      id: r.id,
      name: r.name,
      location: r.location,
      region: r.region,
      subregion: r.subregion,
      description: truncate(r.description, ADMIN_PROPERTY_DESCRIPTION_CHARS),
      images: r.images ?? [],
      imageCount: r.imageCount,
      bedrooms: r.bedrooms,
      maxGuests: r.maxGuests,
      propertyType: r.propertyType,
      available: r.available,
      availableNow: r.availableNow,
      basePricePerNight: r.basePricePerNight == null ? null : Number(r.basePricePerNight),
      propertyCurrency: r.propertyCurrency as Currency,
      nightlyPriceEur: num(r.nightlyPriceEur),
      weeklyPriceEur: num(r.weeklyPriceEur),
    }),
    () => repo.countAdminProperties(db, { q }),
  );
}

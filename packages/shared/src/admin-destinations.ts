import { z } from 'zod';
import { locationSchema } from './reference.js';

/**
 * `GET /api/admin/locations`: the original `{region, subregions}` plus how many properties are listed in
 * the region (directly or through a subregion) and in each subregion, in the order of `subregions`.
 */
export const adminLocationSchema = locationSchema.extend({
  propertyCount: z.number().int(),
  subregionCounts: z.array(z.object({ name: z.string(), propertyCount: z.number().int() })),
});
export type AdminLocation = z.infer<typeof adminLocationSchema>;

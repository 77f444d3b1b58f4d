import { matchesSearch, type Property } from '@villas/shared';

type Option = Pick<Property, 'id' | 'name' | 'location' | 'region' | 'subregion'>;

/**
 * A test handler for POST /api/properties/search as the picker asks it: the villas whose name or
 * destination holds every word of `q` (like the server), as one page with its total.
 */
export const optionsSearch =
  (villas: readonly Option[]) =>
  ({ body }: { body: unknown }) => {
    const { q = '', limit = 40, offset = 0 } = body as { q?: string; limit?: number; offset?: number };
    const found = villas.filter((p) => matchesSearch(q, [p.name, p.location, p.region, p.subregion]));
    return { body: { items: found.slice(offset, offset + limit), total: found.length, limit, offset } };
  };

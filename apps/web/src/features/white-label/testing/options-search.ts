import { matchesSearch, type Property } from '@villas/shared';
import { route } from '../../../testing/api-handlers';
import { makeProperty, toCard } from '../../../testing/fixtures';

type Option = Pick<Property, 'id' | 'name' | 'location' | 'region' | 'subregion'>;

/**
 * A test handler for POST /api/properties/search as the picker asks it: the villas whose name or
 * destination holds every word of `q` (like the server), as one page with its total.
 */
export const optionsSearch = (villas: readonly Option[]) =>
  route('POST /api/properties/search', ({ body }) => {
    const { q = '', limit = 40, offset = 0 } = body as { q?: string; limit?: number; offset?: number };
    const found = villas.filter((p) => matchesSearch(q, [p.name, p.location, p.region, p.subregion]));
    const items = found.slice(offset, offset + limit).map((v) => toCard(makeProperty(v)));
    return { items, total: found.length, limit, offset };
  });

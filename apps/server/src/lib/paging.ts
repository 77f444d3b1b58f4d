/** One page of a list: its items, how many match in all (across pages), and the page's limit and offset. */
export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

/**
 * A page from rows that carry the match count (`count(*) over ()` as `total`) in one query. Past the
 * last match no row carries it, so `countAll` is asked then (only then: a second query).
 */
export async function pageOf<R extends { total: number | string | null }, T>(
  rows: R[],
  paging: { limit: number; offset: number },
  toItem: (row: R) => T,
  countAll: () => Promise<number>,
): Promise<Page<T>> {
  const counted = rows[0]?.total;
  const total = counted != null ? Number(counted) : paging.offset > 0 ? await countAll() : 0;
  return { items: rows.map(toItem), total, limit: paging.limit, offset: paging.offset };
}

import type { Villa } from './villa';

/** A match: the villa and its sort key (lower first; ties by id). */
export interface Hit {
  id: number;
  key: number;
  villa: Villa;
  /** A dated search's stay total in cents, in the villa's currency (null = Price on Request). */
  cost: number | null;
}

/** Past this many, every hit is kept and sorted at the end. */
const MAX_KEPT_IN_ORDER = 1000;

/** The `size` lowest hits in order, kept while scanning (no sort of every match). */
export class TopHits {
  private readonly hits: Hit[] = [];
  /**
   * Once `size` are kept, the last one's key and id: a villa must come before them to enter. Most
   * lose to them; the search's loop asks `loses` before calling `add` (no call, no object for them).
   */
  lastKey = Number.POSITIVE_INFINITY;
  lastId = Number.POSITIVE_INFINITY;
  constructor(private readonly size: number) {}
  loses(id: number, key: number): boolean {
    return !(key < this.lastKey || (key === this.lastKey && id < this.lastId));
  }
  add(id: number, key: number, villa: Villa, cost: number | null) {
    if (this.loses(id, key)) return;
    const hits = this.hits;
    if (this.size === 0) return;
    if (this.size > MAX_KEPT_IN_ORDER) {
      hits.push({ id, key, villa, cost });
      return;
    }
    const hit = { id, key, villa, cost };
    let lo = 0;
    let hi = hits.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(hits[mid]!, hit)) lo = mid + 1;
      else hi = mid;
    }
    hits.splice(lo, 0, hit);
    if (hits.length > this.size) hits.pop();
    if (hits.length === this.size) {
      const last = hits[hits.length - 1]!;
      this.lastKey = last.key;
      this.lastId = last.id;
    }
  }
  sorted(): Hit[] {
    if (this.size > MAX_KEPT_IN_ORDER) this.hits.sort((a, b) => (before(a, b) ? -1 : 1));
    return this.hits.slice(0, this.size);
  }
}
const before = (a: Hit, b: Hit) => a.key < b.key || (a.key === b.key && a.id < b.id);

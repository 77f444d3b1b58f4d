import { lt } from 'drizzle-orm';
import type { Db, Queryable } from '@villas/db/client';
import { rateLimits } from '@villas/db/schema';

/** rate-limiter-flexible's Drizzle store over the `rate_limits` table (the login limits' counters). */
export const counterStore = (db: Db) => ({ storeClient: db, schema: rateLimits });

/** Deletes counters that expired before `before`. */
export async function deleteExpiredCounters(db: Queryable, before: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expire, before));
}

import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counters of rate-limiter-flexible's `RateLimiterDrizzle` (login limits, docs/decisions/006): one row
 * per limiter key (`<prefix>:<sha-256>`), shared by every instance on this database. A row whose
 * `expire` has passed counts as absent; old ones are deleted from time to time.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    points: integer().notNull(),
    expire: timestamp({ withTimezone: true }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

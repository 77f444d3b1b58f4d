import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The audit trail of administrators' changes (docs/decisions/007): who (the account, and its e-mail at
 * the time, kept when the account is deleted), what (an action such as `user.approve`, its target and
 * the request's fields with secrets removed) and when. Rows are only ever inserted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text().notNull(),
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    summary: jsonb()
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    statusCode: smallint().notNull(),
  },
  (t) => [index('audit_log_at_idx').on(t.at.desc(), t.id.desc()), index('audit_log_actor_idx').on(t.actorId)],
);

import { z } from 'zod';
import { pageQuerySchema, pathIdSchema } from './common.js';

/** One page of the audit log. */
export const AUDIT_LOG_PAGE_SIZE = 50;

/**
 * `GET /api/admin/audit-log`: newest first, paged; `action` keeps the actions starting with it
 * (`user` or `user.approve`), `actorId` one administrator's changes.
 */
export const auditLogQuerySchema = z.object({
  ...pageQuerySchema(AUDIT_LOG_PAGE_SIZE, 200).shape,
  action: z
    .string()
    .trim()
    .max(100, 'Action at most 100 characters')
    .regex(/^[a-z.-]*$/, 'Use an action such as user or user.approve')
    .optional(),
  actorId: pathIdSchema('actorId').optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

/**
 * One recorded change. `summary` holds the request's fields as sent, with secrets (passwords, API keys
 * and secrets, tokens) replaced by "[redacted]" and URL queries removed.
 */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  summary: z.record(z.string(), z.unknown()),
  statusCode: z.number().int(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogPageSchema = z.object({
  items: z.array(auditEntrySchema),
  /** Whether a further page exists (offset + limit). */
  hasMore: z.boolean(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

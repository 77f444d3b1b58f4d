import { z } from 'zod';
import { pagingQuerySchema } from './common.js';

/** The Users tab's two lists: approved accounts and applications awaiting approval. */
export const USER_STATUSES = ['active', 'pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** `q` matches first name, last name, e-mail, company or licence, case-insensitively. */
const userSearchSchema = z.string().trim().max(200, 'Search at most 200 characters').optional();

/**
 * `GET /api/admin/users`: optional search, status and paging. Without them the answer is the original
 * full array; with them it is still an array, newest first.
 */
export const adminUsersQuerySchema = pagingQuerySchema.extend({
  q: userSearchSchema,
  status: z.enum(USER_STATUSES, { error: "Use status 'active' or 'pending'" }).optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** `GET /api/admin/users/summary`: the same `q`. */
export const adminUsersSummaryQuerySchema = z.object({ q: userSearchSchema });

/** Counts for the Users tab: every account (matching `q`), approved ones and pending applications. */
export const adminUsersSummarySchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  pending: z.number().int(),
});
export type AdminUsersSummary = z.infer<typeof adminUsersSummarySchema>;

/** The server's answer when a change would leave no approved administrator. */
export const LAST_ADMIN_MESSAGE = 'At least one administrator must remain';

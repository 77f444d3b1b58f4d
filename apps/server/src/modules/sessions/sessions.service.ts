import { createHash, randomBytes } from 'node:crypto';
import { REMEMBER_ME_TTL_MS, SESSION_TTL_MS, type CurrentUser } from '@villas/shared';
import type { Queryable } from '@villas/db/client';
import type { SessionCache } from './session-cache';
import * as repo from './sessions.repository';

/**
 * Sessions (docs/decisions/002): the cookie holds a random token, the `sessions` table only its
 * SHA-256 hash, so a leaked table opens no account. This module is the table's one owner: the auth
 * plugin loads the signed-in user here, sign-in and sign-out open and end sessions here, and the
 * users module ends an account's sessions here when an admin revokes it or sets its password.
 */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUserOfSession>>>['user'];

/** An account as the signed-in user it is to the API (`GET /api/auth/me`, `request.user`). */
export function toCurrentUser(u: UserRow): CurrentUser {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    name: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
    company: u.company,
    role: u.role,
    approved: u.approved,
  };
}

/**
 * The signed-in user of a cookie's token; sessions of accounts not (or no longer) approved do not
 * count. With a cache, a session looked up in the last seconds is not read again (session-cache.ts).
 */
export async function findSession(
  db: Queryable,
  token: string,
  cache?: SessionCache,
): Promise<{ user: CurrentUser; sessionId: string } | null> {
  const id = hashToken(token);
  const cached = cache?.get(id);
  if (cached) return { user: cached.user, sessionId: id };
  const ticket = cache?.ticket();
  const found = await repo.findUserOfSession(db, id);
  if (!found || !found.user.approved) return null;
  const user = toCurrentUser(found.user);
  if (cache && ticket !== undefined) cache.set(id, { user, expiresAt: found.expiresAt.getTime() }, ticket);
  return { user, sessionId: id };
}

/**
 * Opens a session for the account with a fresh token (the cookie's value): two days, or fourteen
 * with "remember me". The caller's previous session, if any, ends, and expired sessions are swept.
 */
export async function openSession(
  tx: Queryable,
  input: {
    userId: number;
    rememberMe?: boolean;
    previousSessionId: string | null;
    userAgent?: string;
    ip: string;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const now = new Date();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + (input.rememberMe ? REMEMBER_ME_TTL_MS : SESSION_TTL_MS));
  if (input.previousSessionId) await repo.deleteSession(tx, input.previousSessionId);
  await repo.deleteExpired(tx, now);
  await repo.insertSession(tx, {
    id: hashToken(token),
    userId: input.userId,
    expiresAt,
    userAgent: input.userAgent?.slice(0, 500),
    ipAddress: input.ip,
  });
  return { token, expiresAt };
}

export async function endSession(db: Queryable, sessionId: string): Promise<void> {
  await repo.deleteSession(db, sessionId);
}

/** Signs the account out everywhere (its approval revoked, its password set by an admin). */
export async function endUserSessions(db: Queryable, userId: number): Promise<void> {
  await repo.deleteUserSessions(db, userId);
}

/** When a session ends, or undefined when it is gone, over, or its account is not approved. */
export const sessionExpiry = (db: Queryable, sessionId: string): Promise<Date | undefined> =>
  repo.findExpiry(db, sessionId);

/** Of these sessions, the ones that still count (same rule as `sessionExpiry`). */
export async function liveSessionIds(db: Queryable, sessionIds: string[]): Promise<Set<string>> {
  if (!sessionIds.length) return new Set();
  return new Set(await repo.findLiveIds(db, sessionIds));
}

import {
  LAST_ADMIN_MESSAGE,
  type AdminUsersQuery,
  type AdminUsersSummary,
  type UpdateUserInput,
  type User,
} from '@villas/shared';
import type { Db, Queryable } from '@villas/db/client';
import type { Mailer } from '../../lib/mailer';
import type { WriteScope } from '../../lib/write-scope';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { iso } from '../../lib/time';
import type { AuditDecision } from '../../plugins/audit';
import type { AuthUser } from '../../plugins/auth';
import { hashPassword } from '@villas/db/password';
import { notify } from '../notifications/notifications.service';
import { endUserSessions } from '../sessions/sessions.service';
import * as repo from './users.repository';
import { ErrorCode } from '@villas/shared';
import { pgConstraint, pgErrorCode } from '@villas/db/client';

export function toUser(u: repo.UserRow): User {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    company: u.company,
    agentLicense: u.agentLicense,
    phone: u.phone,
    approved: u.approved,
    role: u.role,
    createdAt: iso(u.createdAt)!,
  };
}

export function isEmailTaken(err: unknown): boolean {
  return pgErrorCode(err) === '23505' && pgConstraint(err) === 'users_email_lower_unique';
}

/** The account with this e-mail, whatever its case, password hash included (sign-in). */
export const findAccountByEmail = (db: Queryable, email: string): Promise<repo.UserRow | undefined> =>
  repo.findByEmail(db, email);

/**
 * Records a successful sign-in of the account; true when it is its first (no sign-in recorded
 * before: migration 0016 counted the accounts that existed then as signed in when anything showed it).
 */
export const recordSignIn = async (tx: Queryable, id: number): Promise<boolean> =>
  (await repo.stampSignIn(tx, id)) === null;

/** A new account, as registration creates it (an agent, not yet approved). */
export const createAccount = (db: Queryable, values: repo.NewUser): Promise<repo.UserRow> =>
  repo.insertUser(db, values);

/** Newest first; optionally searched (`q`), filtered by status and paged. */
export async function listUsers(db: Db, query: AdminUsersQuery): Promise<User[]> {
  return (await repo.listAll(db, query)).map(toUser);
}

/** Counts of all, approved and pending accounts (matching `q` when given). */
export const usersSummary = (db: Db, query: { q?: string }): Promise<AdminUsersSummary> =>
  repo.countUsers(db, query);

const isActiveAdmin = (u: Pick<repo.UserRow, 'role' | 'approved'>) => u.role === 'admin' && u.approved;

/**
 * The last-administrator rule: no change may leave the platform without an approved administrator.
 * Runs inside the caller's transaction after `lockApprovedAdmins`, so concurrent edits serialise.
 */
function keepAnAdmin(
  admins: number[],
  before: repo.UserRow,
  after: Pick<repo.UserRow, 'role' | 'approved'> | null,
) {
  if (!isActiveAdmin(before) || (after && isActiveAdmin(after))) return;
  if (admins.filter((id) => id !== before.id).length === 0) throw new ConflictError(LAST_ADMIN_MESSAGE);
}

/**
 * Admin edit: partial; an empty or absent password leaves it unchanged. Approving a pending agent
 * notifies them (in-app and by e-mail, the message sent once the scope's writes are committed).
 * Revoking approval or changing the password ends their sessions.
 */
export async function updateUserByAdmin(
  scope: Pick<WriteScope, 'db' | 'afterCommit'>,
  mailer: Mailer,
  actor: AuthUser,
  id: number,
  input: UpdateUserInput,
): Promise<User> {
  const { password, ...rest } = input;
  const passwordHash = password ? await hashPassword(password) : undefined;
  try {
    const result = await scope.db.transaction(async (tx) => {
      const admins = await repo.lockApprovedAdmins(tx);
      const before = await repo.findByIdForUpdate(tx, id);
      if (!before) throw new NotFoundError('User not found');
      keepAnAdmin(admins, before, {
        role: rest.role ?? before.role,
        approved: rest.approved ?? before.approved,
      });
      if (id === actor.id && (rest.role === 'agent' || rest.approved === false)) {
        throw new ValidationError('You cannot remove your own admin access');
      }
      const changes = { ...rest, ...(passwordHash ? { passwordHash } : {}) };
      // An empty edit changes nothing (and an UPDATE with nothing to set is not valid SQL).
      const after = Object.keys(changes).length ? await repo.updateUser(tx, id, changes) : before;
      if (!after) throw new NotFoundError('User not found');
      if (passwordHash || (before.approved && !after.approved)) {
        await endUserSessions(tx, id);
      }
      const approvedNow = !before.approved && after.approved;
      if (approvedNow) {
        await notify(tx, {
          userId: id,
          type: 'account_approved',
          title: 'Account approved',
          message:
            'Your agent account has been approved. You can now search the portfolio and create white-label links.',
          relatedId: id,
          relatedType: 'user',
        });
      }
      return { after, approvedNow };
    });
    if (result.approvedNow) {
      await mailer.send(
        {
          to: result.after.email,
          subject: 'Your agent account has been approved',
          text: `Dear ${result.after.firstName},\n\nYour application has been approved. You can now sign in, search the portfolio and share white-label collections with your clients.\n`,
        },
        scope,
      );
    }
    return toUser(result.after);
  } catch (err) {
    if (isEmailTaken(err))
      throw new ConflictError('An account with this email already exists', ErrorCode.EMAIL_TAKEN);
    throw err;
  }
}

/**
 * Deletes an account (also how an application is rejected). The last approved administrator cannot
 * be deleted (409), and an admin never deletes their own account here (400).
 */
export async function deleteUserByAdmin(db: Db, actor: AuthUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const admins = await repo.lockApprovedAdmins(tx);
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new NotFoundError('User not found');
    keepAnAdmin(admins, before, null);
    if (id === actor.id) throw new ValidationError('You cannot delete your own account');
    if (!(await repo.deleteUser(tx, id))) throw new NotFoundError('User not found');
  });
}

/** An account's e-mail and state before an admin's change, as the audit log keeps them. */
const snapshot = (u: repo.UserRow) => ({
  targetEmail: u.email,
  before: { approved: u.approved, role: u.role },
});

/**
 * The audit action of an admin's edit of an account: `user.approve` when it approves a pending
 * account, `user.role` when it changes the role, else `user.update`; the summary keeps the e-mail
 * and the state before.
 */
export async function userEditDecision(
  db: Queryable,
  id: number,
  input: Partial<UpdateUserInput>,
): Promise<AuditDecision> {
  const before = await repo.findById(db, id);
  if (!before) return { action: 'user.update' };
  const action =
    input.approved === true && !before.approved
      ? 'user.approve'
      : input.role !== undefined && input.role !== before.role
        ? 'user.role'
        : 'user.update';
  return { action, summary: snapshot(before) };
}

/** Deleting an account: its e-mail and state are kept in the summary (the row is gone afterwards). */
export async function userDeleteDecision(db: Queryable, id: number): Promise<AuditDecision> {
  const before = await repo.findById(db, id);
  return { action: 'user.delete', summary: before ? snapshot(before) : {} };
}

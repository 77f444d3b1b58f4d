import { ErrorCode, type LoginInput, type RegisterInput, type User } from '@villas/shared';
import type { Db } from '../../db/client';
import { ConflictError, ForbiddenError, UnauthorizedError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { notifyAdmins } from '../notifications/notifications.service';
import { endSession, openSession, toCurrentUser } from '../sessions/sessions.service';
import { createAccount, findAccountByEmail, isEmailTaken, toUser } from '../users/users.service';
import type { LoginLimiter } from './login-limits';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password';

/** A new application: role agent, not approved; every admin is told. */
export async function register(db: Db, mailer: Mailer, input: RegisterInput): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await db.transaction(async (tx) => {
      const row = await createAccount(tx, {
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        company: input.company,
        agentLicense: input.agentLicense ?? null,
        phone: input.phone ?? null,
        role: 'agent',
        approved: false,
      });
      await notifyAdmins(tx, {
        type: 'agent_application',
        title: 'New agent application',
        message: `${row.firstName} ${row.lastName} of ${row.company} (${row.email}) applied for access.`,
        relatedId: row.id,
        relatedType: 'user',
      });
      return row;
    });
    await mailer.send({
      to: user.email,
      subject: 'We received your application',
      text: `Dear ${user.firstName},\n\nThank you for applying. Our team reviews applications within 24 hours; we will write again once your account is approved.\n`,
    });
    return toUser(user);
  } catch (err) {
    if (isEmailTaken(err)) {
      throw new ConflictError('An account with this email already exists', ErrorCode.EMAIL_TAKEN);
    }
    throw err;
  }
}

export interface LoginResult {
  user: AuthUser;
  token: string;
  expiresAt: Date;
}

/**
 * Checks the credentials and opens a new session (a fresh id at every login). The old session, if
 * any, is ended. Wrong e-mail and wrong password answer the same. The login limits are checked
 * before the password (a closed account or address answers 429 whatever the password) and count
 * every failure, for unknown e-mails too.
 */
export async function login(
  db: Db,
  limits: LoginLimiter,
  input: LoginInput,
  meta: { previousSessionId: string | null; userAgent?: string; ip: string },
): Promise<LoginResult> {
  const attempt = await limits.begin(input.email, meta.ip);
  const row = await findAccountByEmail(db, input.email);
  const ok = await verifyPassword(row?.passwordHash ?? (await dummyHash()), input.password);
  if (!row || !ok) {
    await attempt.failed();
    throw new UnauthorizedError('Invalid credentials', ErrorCode.INVALID_CREDENTIALS);
  }
  await attempt.succeeded();
  if (!row.approved) {
    throw new ForbiddenError(
      'Account pending approval. An administrator will review your application within 24 hours.',
      ErrorCode.ACCOUNT_PENDING,
    );
  }
  const { token, expiresAt } = await db.transaction((tx) =>
    openSession(tx, { userId: row.id, rememberMe: input.rememberMe, ...meta }),
  );
  return { user: toCurrentUser(row), token, expiresAt };
}

export async function logout(db: Db, sessionId: string | null): Promise<void> {
  if (sessionId) await endSession(db, sessionId);
}

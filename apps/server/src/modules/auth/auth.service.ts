import { ErrorCode, type LoginInput, type RegisterInput, type User } from '@villas/shared';
import type { Db } from '@villas/db/client';
import { ConflictError, ForbiddenError, UnauthorizedError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { notifyAdmins } from '../notifications/notifications.service';
import { endSession, openSession, toCurrentUser } from '../sessions/sessions.service';
import {
  createAccount,
  findAccountByEmail,
  isEmailTaken,
  recordSignIn,
  toUser,
} from '../users/users.service';
import type { DeviceTokens } from './device-tokens';
import type { LoginLimiter } from './login-limits';
import { dummyHash, hashPassword, verifyPassword } from '@villas/db/password';

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
  /** This is the account's first successful sign-in (the welcome says so). */
  firstSignIn: boolean;
  token: string;
  expiresAt: Date;
  /** A new device token for the browser that signed in (device-tokens.ts). */
  device: { token: string; maxAgeSeconds: number };
}

/**
 * Checks the credentials and opens a new session (a fresh id at every login). The old session, if
 * any, is ended; the sign-in is stamped on the account, and the answer says whether it was its first. Wrong e-mail and wrong password answer the same. The login limits are checked
 * before the password (a closed account or address answers 429 whatever the password) and count
 * every failure, for unknown e-mails too. A browser whose device token belongs to this account is
 * limited per device instead of per account (docs/decisions/006-login-limits.md).
 */
export async function login(
  db: Db,
  limits: LoginLimiter,
  devices: DeviceTokens,
  input: LoginInput,
  meta: { previousSessionId: string | null; userAgent?: string; ip: string; deviceToken?: string },
): Promise<LoginResult> {
  const { deviceToken, ...sessionMeta } = meta;
  // Only a well-formed, unexpired token costs a look-up before the limits: it needs the account's stamp.
  const claim = devices.parse(deviceToken);
  const claimed = claim ? await findAccountByEmail(db, input.email) : undefined;
  const known = claim && claimed && devices.belongsTo(claim, claimed) ? claim.nonce : undefined;
  const attempt = await limits.begin(input.email, meta.ip, known);
  const row = claim ? claimed : await findAccountByEmail(db, input.email);
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
  const { token, expiresAt, firstSignIn } = await db.transaction(async (tx) => ({
    ...(await openSession(tx, { userId: row.id, rememberMe: input.rememberMe, ...sessionMeta })),
    firstSignIn: await recordSignIn(tx, row.id),
  }));
  return { user: toCurrentUser(row), firstSignIn, token, expiresAt, device: devices.issue(row) };
}

export async function logout(db: Db, sessionId: string | null): Promise<void> {
  if (sessionId) await endSession(db, sessionId);
}

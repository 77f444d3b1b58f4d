import { createHash } from 'node:crypto';
import { RateLimiterDrizzle, type RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { TooManyRequestsError } from '../../lib/errors';
import * as repo from './login-limits.repository';

/**
 * Failed sign-ins, per account and per client address, counted in the `rate_limits` table so every
 * instance on one database sees the same counts (docs/decisions/006-login-limits.md).
 *
 * - Account (normalised e-mail, known or not): the first `accountMaxFailures - 1` consecutive
 *   failures are free; from the `accountMaxFailures`-th on, each failure closes the account for
 *   `accountLockSeconds`, doubling with every further failure up to `accountMaxLockSeconds`, and only
 *   one attempt at a time passes once the account is at the threshold. A success clears it all. A
 *   streak that nobody ended is forgotten a day after it began.
 * - Address (`request.ip`): at most `addressMaxFailures` failures per `addressWindowSeconds`
 *   (a fixed window from the first failure); successes do not count.
 *
 * Both checks run before the password is verified, and an attempt is counted before it is verified
 * (and given back when it turns out not to be a failure), so parallel requests cannot slip past.
 */
export type LoginLimitSettings = Config['login'];

/** A consecutive-failure streak nobody ended (by a success) is forgotten after this long. */
const STREAK_SECONDS = 24 * 60 * 60;
/** How long an attempt on an account at its threshold keeps others waiting (a crashed one frees it). */
const ATTEMPT_HOLD_SECONDS = 10;
/** Expired counters older than this are deleted every `CLEANUP_INTERVAL_MS`. */
const EXPIRED_KEEP_MS = 60 * 60 * 1000;
const CLEANUP_INTERVAL_MS = 5 * 60 * 1000;

/** Store keys are hashes: the table holds no e-mail address or IP address. */
const keyOf = (value: string) => createHash('sha256').update(value).digest('base64url');
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

function refuse(msBeforeNext: number, from: 'account' | 'address'): TooManyRequestsError {
  const what =
    from === 'account'
      ? 'Too many failed sign-in attempts.'
      : 'Too many failed sign-in attempts from this network.';
  return new TooManyRequestsError(msBeforeNext / 1000, what);
}

/** The outcome of one counted attempt; exactly one of the two is called. */
export interface LoginAttempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

export class LoginLimiter {
  /** Consecutive failures per account (attempts in flight included). */
  private readonly streak: RateLimiterDrizzle;
  /** Per account: present and unexpired = closed (locked, or one attempt at the threshold in flight). */
  private readonly gate: RateLimiterDrizzle;
  /** Failures per client address in the current window (attempts in flight included). */
  private readonly address: RateLimiterDrizzle;
  private cleanup: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly settings: LoginLimitSettings,
  ) {
    const common = { ...repo.counterStore(db), clearExpiredByTimeout: false };
    this.streak = new RateLimiterDrizzle({
      ...common,
      keyPrefix: 'login-account-failures',
      points: settings.accountMaxFailures,
      duration: STREAK_SECONDS,
    });
    this.gate = new RateLimiterDrizzle({
      ...common,
      keyPrefix: 'login-account-lock',
      points: 1,
      duration: ATTEMPT_HOLD_SECONDS,
    });
    this.address = new RateLimiterDrizzle({
      ...common,
      keyPrefix: 'login-address-failures',
      points: settings.addressMaxFailures,
      duration: settings.addressWindowSeconds,
    });
  }

  /** Seconds the account stays closed after its `failures`-th consecutive failure (0: open). */
  lockSeconds(failures: number): number {
    const { accountMaxFailures, accountLockSeconds, accountMaxLockSeconds } = this.settings;
    if (failures < accountMaxFailures) return 0;
    const doublings = Math.min(failures - accountMaxFailures, 30);
    return Math.min(accountLockSeconds * 2 ** doublings, accountMaxLockSeconds);
  }

  /**
   * Call before looking at the password: throws 429 (`TooManyRequestsError`) when the address or the
   * account may not try now, otherwise counts the attempt and returns how to settle it.
   */
  async begin(email: string, ip: string): Promise<LoginAttempt> {
    const account = keyOf(normaliseEmail(email));
    const address = keyOf(ip);
    const max = this.settings.addressMaxFailures;

    // Reads first: a refused caller (the usual case under attack) costs no write.
    const [closed, spent] = await Promise.all([this.gate.get(account), this.address.get(address)]);
    if (spent && spent.consumedPoints >= max) throw refuse(spent.msBeforeNext, 'address');
    if (closed) throw refuse(closed.msBeforeNext, 'account');

    // Count the attempt atomically, so concurrent requests see each other.
    const byAddress = await this.address.penalty(address);
    if (byAddress.consumedPoints > max) {
      await this.address.reward(address);
      throw refuse(byAddress.msBeforeNext, 'address');
    }
    const failures = (await this.streak.penalty(account)).consumedPoints;
    if (failures >= this.settings.accountMaxFailures) {
      // At the threshold one attempt at a time: whoever takes the gate first goes on.
      const taken: RateLimiterRes = await this.gate.penalty(account);
      if (taken.consumedPoints > 1) {
        await Promise.all([this.streak.reward(account), this.address.reward(address)]);
        throw refuse(taken.msBeforeNext, 'account');
      }
    }

    return {
      failed: async () => {
        const seconds = this.lockSeconds(failures);
        if (seconds > 0) await this.gate.set(account, 1, seconds);
      },
      succeeded: async () => {
        await Promise.all([
          this.streak.delete(account),
          this.gate.delete(account),
          this.address.reward(address),
        ]);
      },
    };
  }

  /** Deletes long-expired counters every few minutes until `stop()`. */
  start(onError: (err: unknown) => void): void {
    this.cleanup = setInterval(() => {
      repo.deleteExpiredCounters(this.db, new Date(Date.now() - EXPIRED_KEEP_MS)).catch(onError);
    }, CLEANUP_INTERVAL_MS);
    this.cleanup.unref();
  }

  stop(): void {
    clearInterval(this.cleanup);
  }
}

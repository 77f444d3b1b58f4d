import { createHash } from 'node:crypto';
import { RateLimiterDrizzle, type RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../../config/env';
import type { Db } from '@villas/db/client';
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
 * - Known device (a browser holding the account's device token, device-tokens.ts): its attempts
 *   skip the account's lock and leave the account's streak alone — neither counted nor cleared —
 *   and are limited to `deviceMaxFailures` failures per `deviceWindowSeconds` for that token
 *   instead (a fixed window; a success clears it). The address limit applies all the same.
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

function refuse(msBeforeNext: number, from: 'account' | 'device' | 'address'): TooManyRequestsError {
  const what =
    from === 'address'
      ? 'Too many failed sign-in attempts from this network.'
      : 'Too many failed sign-in attempts.';
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
  /** Failures per known device (device token) in the current window (attempts in flight included). */
  private readonly device: RateLimiterDrizzle;
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
    this.device = new RateLimiterDrizzle({
      ...common,
      keyPrefix: 'login-device-failures',
      points: settings.deviceMaxFailures,
      duration: settings.deviceWindowSeconds,
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
   * account may not try now, otherwise counts the attempt and returns how to settle it. `device` is
   * the nonce of a device token already verified for this account: the attempt is then limited per
   * device instead of per account.
   */
  async begin(email: string, ip: string, device?: string): Promise<LoginAttempt> {
    const address = keyOf(ip);
    if (device !== undefined) return this.beginKnown(keyOf(device), address);
    const account = keyOf(normaliseEmail(email));
    const max = this.settings.addressMaxFailures;

    // Reads first: a refused caller (the usual case under attack) costs no write.
    const [closed, spent] = await Promise.all([this.gate.get(account), this.address.get(address)]);
    if (spent && spent.consumedPoints >= max) throw refuse(spent.msBeforeNext, 'address');
    if (closed) throw refuse(closed.msBeforeNext, 'account');

    // Count the attempt atomically, so concurrent requests see each other.
    await this.countAddress(address);
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

  /** An attempt from a known device: its own failures and the address's, never the account's. */
  private async beginKnown(device: string, address: string): Promise<LoginAttempt> {
    const max = this.settings.deviceMaxFailures;
    const [spentByDevice, spent] = await Promise.all([this.device.get(device), this.address.get(address)]);
    if (spent && spent.consumedPoints >= this.settings.addressMaxFailures) {
      throw refuse(spent.msBeforeNext, 'address');
    }
    if (spentByDevice && spentByDevice.consumedPoints >= max) {
      throw refuse(spentByDevice.msBeforeNext, 'device');
    }

    await this.countAddress(address);
    const byDevice = await this.device.penalty(device);
    if (byDevice.consumedPoints > max) {
      await Promise.all([this.device.reward(device), this.address.reward(address)]);
      throw refuse(byDevice.msBeforeNext, 'device');
    }

    return {
      // The failure stays counted, for the device and the address.
      failed: async () => undefined,
      succeeded: async () => {
        await Promise.all([this.device.delete(device), this.address.reward(address)]);
      },
    };
  }

  /** Counts an attempt against the address, or gives it back and throws 429 past the limit. */
  private async countAddress(address: string): Promise<void> {
    const byAddress = await this.address.penalty(address);
    if (byAddress.consumedPoints > this.settings.addressMaxFailures) {
      await this.address.reward(address);
      throw refuse(byAddress.msBeforeNext, 'address');
    }
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

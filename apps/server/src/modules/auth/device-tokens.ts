import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Sign-in device tokens (docs/decisions/006-login-limits.md): a browser that signed in to an account
 * keeps one, and its later sign-ins to that account skip the account's lock (they have a limit of
 * their own, login-limits.ts). Nothing is stored: a token is valid while its expiry is ahead and its
 * MAC matches the account's id and its current credentials stamp, which the database replaces when
 * the password, the e-mail or the approval changes (migration 0015). A deleted account has no row,
 * so no stamp. Anything else — another account's token, a forged, altered or expired one — is no
 * token at all.
 *
 *   d1.<user id>.<nonce>.<expiry, unix seconds>.<HMAC-SHA256>        (nonce and MAC base64url)
 *
 * The MAC key is derived from the app secret with HKDF for this use only; tokens made with a key in
 * PREVIOUS_APP_SECRETS still count, so a rotation does not cost every browser its exemption.
 */
export const DEVICE_COOKIE = 'device';
/** How long a browser stays known after its last successful sign-in. */
export const DEVICE_TOKEN_SECONDS = 180 * 24 * 60 * 60;

const VERSION = 'd1';
const SALT = 'villas/auth/device-tokens';
const INFO = 'sign-in device token hmac-sha256 v1';
const FORMAT = /^d1\.([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{22})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/;

/** What a well-formed, unexpired token claims; `belongsTo` says whether it is true. */
export interface DeviceClaim {
  userId: number;
  /** Random, one per token: the key of the device's own failure count. */
  nonce: string;
  expiresAt: number;
  mac: Buffer;
}

/** The account fields a token is bound to. */
export interface DeviceAccount {
  id: number;
  credentialsStamp: string;
}

const derive = (secret: string) => Buffer.from(hkdfSync('sha256', secret, SALT, INFO, 32));

export class DeviceTokens {
  private readonly keys: Buffer[];

  constructor(secret: string, previousSecrets: readonly string[] = []) {
    this.keys = [secret, ...previousSecrets].map(derive);
  }

  private mac(key: Buffer, userId: number, nonce: string, expiresAt: number, stamp: string): Buffer {
    return createHmac('sha256', key).update(`${VERSION}.${userId}.${nonce}.${expiresAt}.${stamp}`).digest();
  }

  /** A new token for a browser that just signed in to `account`. */
  issue(account: DeviceAccount, now = Date.now()): { token: string; maxAgeSeconds: number } {
    const nonce = randomBytes(16).toString('base64url');
    const expiresAt = Math.floor(now / 1000) + DEVICE_TOKEN_SECONDS;
    const mac = this.mac(this.keys[0]!, account.id, nonce, expiresAt, account.credentialsStamp);
    return {
      token: `${VERSION}.${account.id}.${nonce}.${expiresAt}.${mac.toString('base64url')}`,
      maxAgeSeconds: DEVICE_TOKEN_SECONDS,
    };
  }

  /** The claim of a well-formed token that has not expired (no database needed); otherwise none. */
  parse(token: string | undefined, now = Date.now()): DeviceClaim | undefined {
    const m = token ? FORMAT.exec(token) : null;
    if (!m) return undefined;
    const expiresAt = Number(m[3]);
    if (expiresAt * 1000 <= now) return undefined;
    return { userId: Number(m[1]), nonce: m[2]!, expiresAt, mac: Buffer.from(m[4]!, 'base64url') };
  }

  /** The claim was made by this server for `account` as it is now. */
  belongsTo(claim: DeviceClaim, account: DeviceAccount): boolean {
    if (claim.userId !== account.id) return false;
    return this.keys.some((key) =>
      timingSafeEqual(
        this.mac(key, claim.userId, claim.nonce, claim.expiresAt, account.credentialsStamp),
        claim.mac,
      ),
    );
  }
}

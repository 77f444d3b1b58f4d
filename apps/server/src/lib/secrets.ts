import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of provider credentials (docs/decisions/005-integrations.md).
 *
 * AES-256-GCM with a 96-bit random IV per value and the caller's purpose as additional data: what
 * the value belongs to (for a connection's secret, its column, its row and the origin it is sent
 * to), so a value copied elsewhere, or left behind when that changes, does not decrypt. The key is
 * derived from the app secret with HKDF-SHA256, so the database alone never reveals the
 * credentials. Stored form:
 *
 *   v2.<key id>.<iv>.<tag>.<ciphertext>        (base64url parts)
 *
 * `v1` values were written when the purpose named the column only: they are read only when the
 * caller gives that older purpose (`legacyPurpose`, the start-up re-encryption) and need
 * re-encrypting. The key id is a fingerprint of the derived key: after a rotation (new
 * SESSION_SECRET, the old one in PREVIOUS_APP_SECRETS) values are read with whichever key they name
 * and re-encrypted with the current one (`needsRewrap`).
 */
const VERSION = 'v2';
const LEGACY_VERSION = 'v1';
const SALT = 'villas/integrations/secrets';
const INFO = 'api-connections aes-256-gcm v1';

interface Key {
  id: string;
  key: Buffer;
}

function derive(secret: string): Key {
  const key = Buffer.from(hkdfSync('sha256', secret, SALT, INFO, 32));
  const id = createHash('sha256').update(key).digest('base64url').slice(0, 8);
  return { id, key };
}

export class SecretDecryptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretDecryptError';
  }
}

export class SecretBox {
  private readonly current: Key;
  private readonly keys: Map<string, Key>;

  constructor(currentSecret: string, previousSecrets: readonly string[] = []) {
    this.current = derive(currentSecret);
    this.keys = new Map([this.current, ...previousSecrets.map(derive)].map((k) => [k.id, k]));
  }

  get keyId(): string {
    return this.current.id;
  }

  encrypt(plain: string, purpose: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    cipher.setAAD(Buffer.from(purpose));
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [
      VERSION,
      this.current.id,
      iv.toString('base64url'),
      tag.toString('base64url'),
      ct.toString('base64url'),
    ].join('.');
  }

  /**
   * Reads a value written for `purpose`; a `v1` value only with `legacyPurpose`, the additional data
   * it was written with.
   */
  decrypt(stored: string, purpose: string, legacyPurpose?: string): string {
    const parts = stored.split('.');
    if (parts.length !== 5 || (parts[0] !== VERSION && parts[0] !== LEGACY_VERSION))
      throw new SecretDecryptError('Unknown secret format');
    const [version, kid, iv, tag, ct] = parts as [string, string, string, string, string];
    const aad = version === VERSION ? purpose : legacyPurpose;
    if (aad === undefined)
      throw new SecretDecryptError('The stored secret is in an older form, re-encrypted at start');
    const key = this.keys.get(kid);
    if (!key)
      throw new SecretDecryptError(`No key ${kid}: was the app secret changed without PREVIOUS_APP_SECRETS?`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(aad));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SecretDecryptError('The stored secret could not be decrypted');
    }
  }

  /**
   * The id of the key a stored value was encrypted with when neither the current secret nor a
   * previous one derives it (the app started with another secret); undefined when it can be read.
   */
  foreignKeyId(stored: string): string | undefined {
    const [version, kid] = stored.split('.');
    if ((version !== VERSION && version !== LEGACY_VERSION) || !kid) return undefined;
    return this.keys.has(kid) ? undefined : kid;
  }

  /** True when the value was encrypted with another key than the current one, or in the older form. */
  needsRewrap(stored: string): boolean {
    const [version, kid] = stored.split('.');
    return version !== VERSION || kid !== this.current.id;
  }
}

/** `••••3f9a`: the last four characters of a secret long enough to keep the rest hidden. */
export function maskSecret(plain: string | null | undefined): string | null {
  if (plain == null || plain === '') return null;
  return plain.length >= 12 ? `••••${plain.slice(-4)}` : '••••';
}

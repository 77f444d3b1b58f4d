import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of provider credentials (docs/decisions/005-integrations.md).
 *
 * AES-256-GCM with a 96-bit random IV per value and the column's purpose as additional data (a
 * value copied into another column does not decrypt). The key is derived from the app secret with
 * HKDF-SHA256, so the database alone never reveals the credentials. Stored form:
 *
 *   v1.<key id>.<iv>.<tag>.<ciphertext>        (base64url parts)
 *
 * The key id is a fingerprint of the derived key: after a rotation (new SESSION_SECRET, the old one
 * in PREVIOUS_APP_SECRETS) values are read with whichever key they name and re-encrypted with the
 * current one (`needsRewrap`).
 */
const VERSION = 'v1';
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

  decrypt(stored: string, purpose: string): string {
    const parts = stored.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretDecryptError('Unknown secret format');
    const [, kid, iv, tag, ct] = parts as [string, string, string, string, string];
    const key = this.keys.get(kid);
    if (!key)
      throw new SecretDecryptError(`No key ${kid}: was the app secret changed without PREVIOUS_APP_SECRETS?`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SecretDecryptError('The stored secret could not be decrypted');
    }
  }

  /** True when the value was encrypted with another key than the current one. */
  needsRewrap(stored: string): boolean {
    return stored.split('.')[1] !== this.current.id;
  }
}

/** `••••3f9a`: the last four characters of a secret long enough to keep the rest hidden. */
export function maskSecret(plain: string | null | undefined): string | null {
  if (plain == null || plain === '') return null;
  return plain.length >= 12 ? `••••${plain.slice(-4)}` : '••••';
}

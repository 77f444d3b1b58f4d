import { describe, expect, it } from 'vitest';
import { maskSecret, SecretBox, SecretDecryptError } from './secrets';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

describe('SecretBox (AES-256-GCM, HKDF key, key id prefix)', () => {
  it('round-trips, never stores the plaintext, and uses a fresh IV each time', () => {
    const box = new SecretBox(A);
    const one = box.encrypt('sk_live_0123456789abcdef', 'k');
    const two = box.encrypt('sk_live_0123456789abcdef', 'k');
    expect(one).toMatch(/^v2\.[A-Za-z0-9_-]{8}\./);
    expect(one).not.toContain('sk_live');
    expect(one).not.toBe(two);
    expect(box.decrypt(one, 'k')).toBe('sk_live_0123456789abcdef');
  });

  it('refuses another purpose, a tampered value and an unknown key', () => {
    const box = new SecretBox(A);
    const stored = box.encrypt('secret-value-1234', 'api_key');
    expect(() => box.decrypt(stored, 'api_secret')).toThrow(SecretDecryptError);
    const parts = stored.split('.');
    parts[4] = Buffer.from('tampered!').toString('base64url');
    expect(() => box.decrypt(parts.join('.'), 'api_key')).toThrow(SecretDecryptError);
    expect(() => new SecretBox(B).decrypt(stored, 'api_key')).toThrow(/PREVIOUS_APP_SECRETS/);
  });

  it('reads values of a previous secret during a rotation and says they need re-encrypting', () => {
    const old = new SecretBox(A).encrypt('rotate-me-please', 'k');
    const box = new SecretBox(B, [A]);
    expect(box.decrypt(old, 'k')).toBe('rotate-me-please');
    expect(box.needsRewrap(old)).toBe(true);
    expect(box.needsRewrap(box.encrypt('x', 'k'))).toBe(false);
  });

  it('names the key of a value neither the current nor a previous secret can read', () => {
    const made = new SecretBox(A);
    const stored = made.encrypt('api-key-0123456789', 'k');
    expect(new SecretBox(B).foreignKeyId(stored)).toBe(made.keyId);
    expect(new SecretBox(B).foreignKeyId(stored.replace(/^v2\./, 'v1.'))).toBe(made.keyId);
    expect(new SecretBox(B, [A]).foreignKeyId(stored)).toBeUndefined();
    expect(made.foreignKeyId(stored)).toBeUndefined();
    expect(new SecretBox(B).foreignKeyId('not-a-stored-secret')).toBeUndefined();
  });

  it('reads an older-form value (v1) only with the purpose it was written for, and says it needs re-encrypting', () => {
    const box = new SecretBox(A);
    // The older form: the same layout, written with the column alone as additional data.
    const old = box.encrypt('legacy-value-1234', 'api_key').replace(/^v2\./, 'v1.');
    expect(() => box.decrypt(old, 'api_key|7|https://api.example')).toThrow(SecretDecryptError);
    expect(box.decrypt(old, 'api_key|7|https://api.example', 'api_key')).toBe('legacy-value-1234');
    expect(() => box.decrypt(old, 'api_key|7|https://api.example', 'api_secret')).toThrow(SecretDecryptError);
    expect(box.needsRewrap(old)).toBe(true);
    // A current value is read with its own purpose only, whatever older purpose is offered.
    const current = box.encrypt('bound-value-1234', 'api_key|7|https://api.example');
    expect(() => box.decrypt(current, 'api_key|7|https://evil.example', 'api_key')).toThrow(
      SecretDecryptError,
    );
    expect(box.needsRewrap(current)).toBe(false);
  });

  it('masks to the last four characters only when enough stays hidden', () => {
    expect(maskSecret('sk_live_abcdef123f9a')).toBe('••••3f9a');
    expect(maskSecret('short')).toBe('••••');
    expect(maskSecret(null)).toBeNull();
  });
});

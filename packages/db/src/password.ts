import { hash, verify } from '@node-rs/argon2';

// The format of users.password_hash, here because two packages write it: the server (sign-up,
// password changes) and the demo seed (its accounts); the server verifies it at sign-in.
// Argon2id (the library's default algorithm) with OWASP's minimum parameters: ~10 ms a hash here.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);
export const verifyPassword = async (hashed: string, password: string) => {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
};

/** A real hash to verify against when the e-mail is unknown, so timing does not reveal accounts. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hashPassword('not-a-real-password-0'));

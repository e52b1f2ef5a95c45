import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id of @node-rs/argon2 is an ambient const enum, which verbatimModuleSyntax cannot read.
const ARGON2ID = 2;

/** argon2id with the library's defaults (m = 19 MiB, t = 2, p = 1: OWASP's baseline). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

// A real hash, so that a login for an unknown email costs as much as one for a known email.
const dummyHash = hash('not-a-real-password', { algorithm: ARGON2ID });

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { ACCOUNT_MESSAGES } from '#domain/rules/account-rules';
import { fieldError } from '../errors.ts';

// Algorithm.Argon2id of @node-rs/argon2 is an ambient const enum, which verbatimModuleSyntax cannot read.
const ARGON2ID = 2;

/** argon2id with the library's defaults (m = 19 MiB, t = 2, p = 1: OWASP's baseline). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/**
 * The 49,000 most used passwords of zxcvbn-ts's common dictionary (issue 32 item 8), compared in
 * lower case: the spec's minimum stays 6 characters, but "password1" or "qwerty" is refused. Built
 * at the first new password, not at start.
 */
let common: Set<string> | undefined;
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}

/** A password a person chose (sign-up, reset, change): refused when common, hashed otherwise. */
export function hashNewPassword(password: string): Promise<string> {
  if (isCommonPassword(password)) return Promise.reject(fieldError('password', ACCOUNT_MESSAGES.passwordCommon));
  return hashPassword(password);
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

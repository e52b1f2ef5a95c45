import { createHash, randomBytes } from 'node:crypto';

/**
 * The tokens of payment links (agency links, additional-cost links): random, shown once, and
 * stored only as their SHA-256.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What a link's token can look like (anything else is not found without a lookup). */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

export const LINK_NOT_FOUND = 'This payment link is not valid.';
export const LINK_EXPIRED = 'This payment link has expired; please ask for a new one.';

import type { Kysely } from 'kysely';

/**
 * Issue 40 (ADR 170): an OpenID Connect sign-in binds its ID token to the attempt with a `nonce`,
 * kept beside the state and the PKCE verifier. Null for GitHub (OAuth 2.0, no ID token) and for
 * attempts started before this migration (they expire within ten minutes). Portable (ADR 003).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oauth_state').addColumn('nonce', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oauth_state').dropColumn('nonce').execute();
}

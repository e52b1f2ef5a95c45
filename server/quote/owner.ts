import type { Context } from 'hono';
import type { AppEnv } from '../auth/auth-context.ts';
import { HttpError, MESSAGE_LOGIN_REQUIRED } from '../errors.ts';

/** Who owns quote things: a signed-in user, or a visitor's temporary subject (ADR 026). */
export type Owner = { column: 'user_id'; id: string } | { column: 'temp_subject_id'; id: string };

/** The caller as an owner; 401 for an anonymous caller (the `session` routes reject them first). */
export function ownerOf(c: Context<AppEnv>): Owner {
  const auth = c.get('auth');
  if (auth.kind === 'user') return { column: 'user_id', id: auth.userId };
  if (auth.kind === 'temporary') return { column: 'temp_subject_id', id: auth.subjectId };
  throw new HttpError(401, MESSAGE_LOGIN_REQUIRED);
}

/** The two owner columns of a new row. */
export function ownerColumns(owner: Owner): { user_id: string | null; temp_subject_id: string | null } {
  return owner.column === 'user_id' ? { user_id: owner.id, temp_subject_id: null } : { user_id: null, temp_subject_id: owner.id };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A path id that cannot name a row answers the same 404 as one that is not the caller's. */
export function idParam(c: Context<AppEnv>, name: string, notFound: string): string {
  const value = c.req.param(name) ?? '';
  if (!UUID.test(value)) throw new HttpError(404, notFound);
  return value;
}

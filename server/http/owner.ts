import type { Context } from 'hono';
import type { AppEnv } from '../auth/auth-context.ts';
import { HttpError, MESSAGE_LOGIN_REQUIRED } from '../errors.ts';
import type { Owner } from '../quote/owner.ts';

/** The caller as an owner of quote things; 401 for an anonymous caller (the `session` routes reject them first). */
export function ownerOf(c: Context<AppEnv>): Owner {
  const auth = c.get('auth');
  if (auth.kind === 'user') return { column: 'user_id', id: auth.userId };
  if (auth.kind === 'temporary') return { column: 'temp_subject_id', id: auth.subjectId };
  throw new HttpError(401, MESSAGE_LOGIN_REQUIRED);
}

import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '#domain/api/bases';
import type { AppEnv } from '../auth/auth-context.ts';
import { STORED_ANSWER_MESSAGES, type AnswerDb, type Answered, type AnswerScope, type StoredAnswers } from '../answers/stored-answers.ts';
import { HttpError } from '../errors.ts';

/**
 * A route's write answered once by its optional Idempotency-Key (ADR 174; the work is
 * server/answers/stored-answers.ts): the header read, the stored answer or the work's own sent,
 * `Idempotent-Replayed: true` on a stored one. Without the header, the work is done as before.
 */

/** What the OpenAPI documents say of a route answered once by its key. */
export const STORED_ANSWER_NOTE = `Optional ${IDEMPOTENCY_HEADER} header (8–128 letters, digits, - _ . :; a new random key for each action): a repeat of the same key answers the first answer (header Idempotent-Replayed: true) and changes nothing; the same key with another request is refused (422). Answers are kept 24 hours.`;

/** The request's Idempotency-Key: undefined without the header, 400 when it is malformed. */
export function optionalKeyOf(c: Context<AppEnv>): string | undefined {
  const raw = c.req.header(IDEMPOTENCY_HEADER);
  if (raw === undefined) return undefined;
  const key = raw.trim();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new HttpError(400, STORED_ANSWER_MESSAGES.malformed, { [IDEMPOTENCY_HEADER]: [STORED_ANSWER_MESSAGES.malformed] });
  return key;
}

function respond(c: Context<AppEnv>, answered: Answered<unknown>): Response {
  if (answered.kind === 'replay') c.header('Idempotent-Replayed', 'true');
  return c.json(answered.body as object, answered.status as ContentfulStatusCode);
}

type Scope = Omit<AnswerScope, 'key'>;

/**
 * Exactly once (`StoredAnswers.once`): with a key, `work` gets the transaction that records it and
 * does all its reads and writes with it; without one, it gets undefined and uses its own database.
 */
export async function answerOnce<T>(c: Context<AppEnv>, answers: StoredAnswers, scope: Scope, work: (db: AnswerDb | undefined) => Promise<T>): Promise<Response> {
  const key = optionalKeyOf(c);
  if (key === undefined) return c.json((await work(undefined)) as object, scope.status as ContentfulStatusCode);
  return respond(c, await answers.once({ ...scope, key }, work));
}

/** Answered once it is done (`StoredAnswers.around`), for work that is not one transaction (an upload). */
export async function answerAround<T>(c: Context<AppEnv>, answers: StoredAnswers, scope: Scope, work: () => Promise<T>): Promise<Response> {
  const key = optionalKeyOf(c);
  if (key === undefined) return c.json((await work()) as object, scope.status as ContentfulStatusCode);
  return respond(c, await answers.around({ ...scope, key }, work));
}

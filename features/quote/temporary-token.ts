import type { SessionActorRef } from '#machines/session-context';
import type { TemporaryTokenResponse } from '#domain/api/account';
import { issueTemporaryToken } from './api.ts';

/** The call in flight per session: the drop and an earlier intent share it (ADR 246). */
const inFlight = new WeakMap<SessionActorRef, Promise<void>>();

/**
 * An anonymous visitor needs a temporary token before the first project is created; a signed-in
 * customer or a visitor who already has one does not. Calls made while one is on its way wait for
 * that one: two tokens would leave the project owned by the one the session no longer holds.
 */
export function issueTemporaryTokenFor(session: SessionActorRef, issue: () => Promise<TemporaryTokenResponse> = issueTemporaryToken): Promise<void> {
  const { context } = session.getSnapshot();
  if (context.token || context.tempToken) return Promise.resolve();
  let pending = inFlight.get(session);
  if (!pending) {
    pending = issue()
      .then(({ temporaryToken, expiresIn }) => {
        session.send({ type: 'temporary.issued', temporaryToken, expiresIn });
      })
      .finally(() => inFlight.delete(session));
    inFlight.set(session, pending);
  }
  return pending;
}

/**
 * The same, asked when the visitor shows a file may come (the quote page's first input, a file
 * dragged over it; ADR 246), so that the drop's project does not wait for the token's round trip.
 * A failure is left to the drop, which asks again and shows it.
 */
export function prepareTemporaryToken(session: SessionActorRef, issue?: () => Promise<TemporaryTokenResponse>): void {
  issueTemporaryTokenFor(session, issue).catch(() => {});
}

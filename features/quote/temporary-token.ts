import type { SessionActorRef } from '#machines/session-context';
import { issueTemporaryToken } from './api.ts';

/**
 * An anonymous visitor needs a temporary token before the first project is created; a signed-in
 * customer or a visitor who already has one does not.
 */
export async function issueTemporaryTokenFor(session: SessionActorRef): Promise<void> {
  const { context } = session.getSnapshot();
  if (context.token || context.tempToken) return;
  const { temporaryToken, expiresIn } = await issueTemporaryToken();
  session.send({ type: 'temporary.issued', temporaryToken, expiresIn });
}

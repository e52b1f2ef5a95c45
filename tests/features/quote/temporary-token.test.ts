import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { TemporaryTokenResponse } from '#domain/api/account';
import { sessionMachine, type SessionInput } from '#machines/session-machine';
import { issueTemporaryTokenFor, prepareTemporaryToken } from '#features/quote/temporary-token';

function session(input: SessionInput = {}) {
  return createActor(sessionMachine.provide({ actors: { loadGeneral: fromPromise(async () => Promise.reject(new Error('offline'))) } }), { input }).start();
}

/** A token call the test answers when it chooses. */
function deferredIssue() {
  const answers: ((value: TemporaryTokenResponse | Error) => void)[] = [];
  const issue = vi.fn(
    () =>
      new Promise<TemporaryTokenResponse>((resolve, reject) => {
        answers.push((value) => (value instanceof Error ? reject(value) : resolve(value)));
      }),
  );
  return { issue, answer: (value: TemporaryTokenResponse | Error) => answers.shift()!(value) };
}

describe('the temporary token (ADR 246)', () => {
  test('asked early and again at the drop while on its way: one call, and the session holds its token', async () => {
    const actor = session();
    const { issue, answer } = deferredIssue();
    prepareTemporaryToken(actor, issue);
    const atDrop = issueTemporaryTokenFor(actor, issue);
    expect(issue).toHaveBeenCalledTimes(1);
    answer({ temporaryToken: 'tmp-1', expiresIn: 60 });
    await atDrop;
    expect(actor.getSnapshot().context.tempToken).toBe('tmp-1');
    await issueTemporaryTokenFor(actor, issue);
    expect(issue).toHaveBeenCalledTimes(1);
  });

  test('an early call that failed is not kept: the drop asks again and sees its own failure', async () => {
    const actor = session();
    const { issue, answer } = deferredIssue();
    prepareTemporaryToken(actor, issue);
    answer(new Error('Too many requests'));
    await vi.waitFor(() => expect(issue.mock.results[0]?.value).rejects.toThrow('Too many requests'));
    const atDrop = issueTemporaryTokenFor(actor, issue);
    expect(issue).toHaveBeenCalledTimes(2);
    answer(new Error('Still too many'));
    await expect(atDrop).rejects.toThrow('Still too many');
    expect(actor.getSnapshot().context.tempToken).toBeNull();
  });

  test('a signed-in customer or a visitor with a token asks for none', async () => {
    const { issue } = deferredIssue();
    prepareTemporaryToken(session({ token: 'user-token', tokenTtlMs: 60_000 }), issue);
    await issueTemporaryTokenFor(session({ tempToken: 'kept' }), issue);
    expect(issue).not.toHaveBeenCalled();
  });
});

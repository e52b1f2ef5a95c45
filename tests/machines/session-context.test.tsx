import { act, render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CommonIndexResponse } from '#domain/api/common';
import { SessionProvider, isStarting, useSessionOr, type SessionActorRef } from '#machines/session-context';
import { sessionMachine } from '#machines/session-machine';

/** A started session for a visitor without a token, whose common/index never answers (it stays starting). */
function startedSession(): SessionActorRef {
  return createActor(
    sessionMachine.provide({ actors: { loadGeneral: fromPromise(() => new Promise<CommonIndexResponse>(() => {})) } }),
    { input: { token: null, tokenTtlMs: null, tempToken: null } },
  ).start();
}

/** A screen that reads the session, and counts what it drew. */
function Reader({ drawn }: { drawn: string[] }) {
  const state = useSessionOr((s) => (isStarting(s) ? 'starting' : 'known'), 'loading');
  drawn.push(state);
  return <p>{state}</p>;
}

describe('SessionProvider', () => {
  test('a session already started is read by the first render: the screens do not draw a second time for it', () => {
    // The app's entry gives its first render the started actor when the session's chunk came first
    // (routes/main.tsx): the log-in page waits for it.
    const drawn: string[] = [];
    render(
      <SessionProvider actor={startedSession()}>
        <Reader drawn={drawn} />
      </SessionProvider>,
    );
    expect(screen.getByText('starting')).toBeInTheDocument();
    expect(drawn).not.toContain('loading');
  });

  test('a session still loading: the screens draw their loading state, then the session once it is there', async () => {
    let release!: (actor: SessionActorRef) => void;
    const loading = new Promise<SessionActorRef>((resolve) => (release = resolve));
    const drawn: string[] = [];
    await act(async () => {
      render(
        <SessionProvider actor={loading}>
          <Reader drawn={drawn} />
        </SessionProvider>,
      );
    });
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => release(startedSession()));
    expect(screen.getByText('starting')).toBeInTheDocument();
    expect(drawn.at(-1)).toBe('starting');
  });
});

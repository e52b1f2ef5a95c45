import { describe, expect, test, vi } from 'vitest';
import type * as XState from 'xstate';

const made = vi.hoisted(() => ({ count: 0 }));

// Counts the actors xstate makes, leaving them as they are.
vi.mock('xstate', async (importOriginal) => {
  const xstate = await importOriginal<typeof XState>();
  return {
    ...xstate,
    createActor: ((...args: Parameters<typeof xstate.createActor>) => {
      made.count++;
      return xstate.createActor(...args);
    }) as typeof xstate.createActor,
  };
});

describe('the session chunk (routes/session.ts, ADR 252)', () => {
  test('makes no actor as it is evaluated (the entry makes it in a task of its own); the first call makes the one actor, later calls answer it', async () => {
    const { sessionActor } = await import('../../routes/session.ts');
    expect(made.count).toBe(0);

    const actor = sessionActor();
    expect(made.count).toBe(1);
    expect(sessionActor()).toBe(actor);
    expect(made.count).toBe(1);
  });
});

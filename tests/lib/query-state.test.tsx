import type { UseQueryResult } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { expect, test } from 'vitest';
import { useDeferredAsyncState } from '#lib/query-state';

// A list's answer drawn in a render React slices (ADR 268): what each render of the screen draws.

type Rows = { id: string }[];
const loading = { status: 'pending', data: undefined, error: null, isFetching: true } as unknown as UseQueryResult<Rows>;
const answered = (data: Rows) => ({ status: 'success', data, error: null, isFetching: false }) as unknown as UseQueryResult<Rows>;
const failed = { status: 'error', data: undefined, error: new Error('down'), isFetching: false } as unknown as UseQueryResult<Rows>;

function drawn(first: UseQueryResult<Rows>) {
  const renders: string[] = [];
  const hook = renderHook(
    ({ query }) => {
      const state = useDeferredAsyncState(query);
      renders.push(state.status === 'success' ? state.data.map((r) => r.id).join(',') : state.status);
      return state;
    },
    { initialProps: { query: first } },
  );
  return { renders, rerender: (query: UseQueryResult<Rows>) => act(() => hook.rerender({ query })) };
}

test('an answer that ends the wait is drawn in a render after the one that received it, which still draws the loading row', () => {
  const { renders, rerender } = drawn(loading);
  rerender(answered([{ id: 'a' }, { id: 'b' }]));
  expect(renders).toEqual(['loading', 'loading', 'a,b']);
});

test('a list asked again says so at once, and its old rows never come back once it did', () => {
  const first = answered([{ id: 'a' }]);
  const { renders, rerender } = drawn(first);
  rerender(loading);
  expect(renders.at(-1)).toBe('loading');
  rerender(answered([{ id: 'c' }]));
  expect(renders.slice(renders.indexOf('loading'))).not.toContain('a');
  expect(renders.at(-1)).toBe('c');
});

test('a failure is drawn at once; an answer that replaces another is drawn as before, in the render that received it', () => {
  const { renders, rerender } = drawn(answered([{ id: 'a' }]));
  rerender(answered([{ id: 'a' }, { id: 'd' }]));
  // The render that received it draws it (React's deferred render after it draws the same).
  expect(renders[1]).toBe('a,d');
  expect(renders.slice(1)).not.toContain('a');
  rerender(failed);
  expect(renders.at(-1)).toBe('error');
});

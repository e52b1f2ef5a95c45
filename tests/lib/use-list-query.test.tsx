import { act, render } from '@testing-library/react';
import { expect, test } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useListQuery, type ListQuery } from '#lib/use-list-query';

function mount(path: string) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const state: { current: ListQuery<'q' | 'status'> | null } = { current: null };
  function Probe() {
    state.current = useListQuery(['q', 'status'] as const);
    return null;
  }
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Probe />
    </Router>,
  );
  return { list: () => state.current!, current: () => location.history.at(-1) };
}

test('reads page, page size and the list’s own parameters from the address; nonsense reads as the defaults', () => {
  expect(mount('/orders?page=3&pageSize=20&q=W26').list()).toMatchObject({ page: 3, pageSize: 20, values: { q: 'W26', status: '' } });
  expect(mount('/orders?page=0&pageSize=1000').list()).toMatchObject({ page: 1, pageSize: 10 });
  expect(mount('/orders?page=2.5&pageSize=abc').list()).toMatchObject({ page: 1, pageSize: 10 });
});

test('a new search goes back to page 1; defaults leave the address; page and page size change together', () => {
  const { list, current } = mount('/orders?page=4&status=paid');
  act(() => list().set({ q: 'PO-1' }));
  expect(current()).toBe('/orders?status=paid&q=PO-1');
  act(() => list().set({ status: null }));
  expect(current()).toBe('/orders?q=PO-1');
  act(() => {
    list().pagination.onPageSizeChange(20);
    list().pagination.onPageChange(2);
  });
  expect(current()).toBe('/orders?q=PO-1&page=2&pageSize=20');
  act(() => list().pagination.onPageChange(1));
  expect(current()).toBe('/orders?q=PO-1&pageSize=20');
});

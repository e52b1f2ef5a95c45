import { useCallback, useEffect, useState, type RefObject } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { lazyDialog } from '#lib/lazy-dialog';
import { errorMessage } from '#lib/api/error-message';

export type ListState<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; list: T[] };

/**
 * A list the page changes, through the browser's server-state cache (ADR 208): loads once, and
 * again after each change, keeping the rows on screen while it reloads (no flash of "loading"
 * after every edit); a failed reload keeps the rows it had.
 */
export function useBookList<T>(queryKey: QueryKey, load: (signal: AbortSignal) => Promise<{ list: T[] }>): { state: ListState<T>; reload: () => Promise<void> } {
  const query = useQuery({ queryKey, queryFn: ({ signal }) => load(signal) });
  const { refetch } = query;
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);
  const state: ListState<T> = query.data ? { status: 'ready', list: query.data.list } : query.isError ? { status: 'error', message: errorMessage(query.error) } : { status: 'loading' };
  return { state, reload };
}

/**
 * After rows were removed, focus goes to the first button of `toolbar`, which is always there (the
 * button that opened the confirmation may be gone), so a keyboard user is never left on the body.
 */
export function useFocusAfterRemoval(toolbar: RefObject<HTMLElement | null>): () => void {
  const [pending, setPending] = useState(0);
  useEffect(() => {
    if (pending > 0) toolbar.current?.querySelector('button')?.focus();
  }, [pending, toolbar]);
  return () => setPending((n) => n + 1);
}

export interface ConfirmDeleteProps {
  isOpen: boolean;
  title: string;
  body: string;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}

/**
 * "Delete 2 addresses?" (confirm-delete.tsx), fetched when the book mounts and drawn from its first
 * opening: the dialog's code (React Aria's modal and focus scope) is not in the page's first load
 * (ADR 140).
 */
export const ConfirmDelete = lazyDialog<ConfirmDeleteProps>(async () => (await import('./confirm-delete.tsx')).ConfirmDeleteDialog, (props) => props.isOpen);

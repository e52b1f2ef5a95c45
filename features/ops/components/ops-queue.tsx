import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { announce } from '#lib/a11y/announce';
import { errorMessage } from '#lib/api/error-message';
import { useT } from '#lib/i18n/i18n';
import { asyncState } from '#lib/query-state';
import { EmptyState } from '#ui/empty-state';
import { LoadFailed } from '#ui/load-failed';

/** What a decision says once done: shown on the page and said once through the app's announcer. */
export function useDoneMessage(): [string | null, (message: string) => void] {
  const [done, setDone] = useState<string | null>(null);
  return [
    done,
    (message: string) => {
      setDone(message);
      announce(message);
    },
  ];
}

export interface OpsQueueProps<T> {
  title: string;
  /** The queue's query: the oldest items (at most the server's limit) and how many wait in all. */
  queue: UseQueryResult<{ list: T[]; total: number }>;
  /** The last decision, said on the page (not a live region: `useDoneMessage` announces it). */
  done: string | null;
  children: (item: T) => ReactNode;
}

/**
 * One of the console's queues (after-sale claims, manual reviews; issue 38 items 4 and 5): its
 * heading, the last decision, then the items the oldest first, or why not (waiting, the server's
 * refusal with Try again, nothing waiting). When more wait than the server lists, it says so.
 */
export function OpsQueue<T>({ title, queue, done, children }: OpsQueueProps<T>) {
  const t = useT();
  const state = asyncState(queue);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-headline text-neutral-900">{title}</h1>
      {done && <p className="rounded-control border border-success-600 bg-success-50 px-4 py-3 text-success-700">{done}</p>}
      {state.status === 'error' ? (
        <LoadFailed retryLabel={t('common.tryAgain')} onRetry={queue.refetch}>
          {errorMessage(state.error)}
        </LoadFailed>
      ) : state.status !== 'success' ? (
        <p role="status">{t('common.loading')}</p>
      ) : state.data.list.length === 0 ? (
        <EmptyState title={t('opsQueues.empty')} />
      ) : (
        <>
          {state.data.total > state.data.list.length && <p>{t('opsQueues.more', { shown: state.data.list.length, total: state.data.total })}</p>}
          {state.data.list.map(children)}
        </>
      )}
    </div>
  );
}

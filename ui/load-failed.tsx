import type { ReactNode } from 'react';
import { Button } from './button.tsx';

const LOOKS = {
  /** A list or a page whose data did not load: a card in the danger colours. */
  card: 'flex flex-wrap items-center gap-3 rounded-card border border-danger-600 bg-danger-50 p-4 text-danger-700',
  /** A panel's message band, as the panel's other notices. */
  band: 'flex flex-wrap items-center gap-3 rounded-control border border-danger-600 bg-danger-50 px-4 py-3 text-danger-700',
  /** Inside a section that has its own frame: the words and the button on one line. */
  line: 'flex flex-wrap items-center gap-3 text-danger-700',
  /** In a narrow column: the button under the words. */
  column: 'flex flex-col gap-2 text-danger-700',
} as const;

export interface LoadFailedProps {
  /** Why it did not load. */
  children: ReactNode;
  /** The button's words ("Try again"). */
  retryLabel: string;
  /** Asks again (a query's `refetch`). */
  onRetry: () => unknown;
  look?: keyof typeof LOOKS;
}

/**
 * Where a screen's data failed to load: the reason, said at once (`role="alert"`), and a button
 * that asks again. The one block the account's and the console's lists, panels and pages share.
 */
export function LoadFailed({ children, retryLabel, onRetry, look = 'card' }: LoadFailedProps) {
  return (
    <div role="alert" className={LOOKS[look]}>
      <p>{children}</p>
      <Button variant="secondary" onPress={() => void onRetry()}>
        {retryLabel}
      </Button>
    </div>
  );
}

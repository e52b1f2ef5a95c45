import { UNSTABLE_ToastQueue as RACToastQueue, type ToastOptions } from 'react-aria-components';

// The queue lives here, the region that shows it in toast-region.tsx: any code can queue a toast,
// and the region's code (React Aria's toast and landmark hooks) loads with the first toast (ADR 133).

export type ToastTone = 'error' | 'success' | 'info';

export interface ToastContent {
  title: string;
  description?: string;
  tone: ToastTone;
}

/** How long a success or info toast stays (paused while hovered or focused). Errors stay until dismissed. */
export const DEFAULT_TOAST_TIMEOUT_MS = 6000;

export type ToastQueue = RACToastQueue<ToastContent>;

export interface Toasts {
  /** Shows a toast; returns its key. Errors persist until dismissed; successes and info time out. */
  add(content: ToastContent, options?: Pick<ToastOptions, 'onClose'>): string;
  close(key: string): void;
  clear(): void;
  readonly queue: ToastQueue;
}

/** A toast queue with the library's timing rules. The app uses the shared `toasts`; tests and stories make their own. */
export function createToasts({ timeout = DEFAULT_TOAST_TIMEOUT_MS, maxVisibleToasts = 4 }: { timeout?: number; maxVisibleToasts?: number } = {}): Toasts {
  const queue = new RACToastQueue<ToastContent>({ maxVisibleToasts });
  return {
    queue,
    add(content, options) {
      return queue.add(content, { ...options, timeout: content.tone === 'error' ? undefined : timeout });
    },
    close: (key) => queue.close(key),
    clear: () => queue.clear(),
  };
}

/** The app's one toast queue: `toasts.add({ title, description, tone: 'error' | 'success' | 'info' })` from anywhere. */
export const toasts: Toasts = createToasts();

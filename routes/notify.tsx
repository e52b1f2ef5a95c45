import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { configureApi } from '#lib/api/client';
import { useT } from '#lib/i18n/i18n';
import { toasts } from '#ui/toast';
import { afterFirstInput } from '#lib/first-input';
import { lazyComponent } from '#lib/lazy-component';

// The region's code (React Aria's toast and landmark hooks) is not in the first load: it is fetched
// at the visitor's first input (ADR 189), or by the first toast if one comes before, and shown from
// the first toast on (ADR 133).
const ToastRegion = lazyComponent(async () => (await import('#ui/toast-region')).ToastRegion);
const subscribe = (onChange: () => void) => toasts.queue.subscribe(onChange);
const anyToast = () => toasts.queue.visibleToasts.length > 0;

/** What screens use to tell the user something happened (the ui library's toast queue). */
export const notify = {
  /** Errors stay until dismissed: a user who looked away must still be able to read them. */
  error: (title: string) => toasts.add({ title, tone: 'error' }),
  success: (title: string) => toasts.add({ title, tone: 'success' }),
  info: (title: string) => toasts.add({ title, tone: 'info' }),
};

// Every failed call that the caller did not handle itself shows its catalogue message here.
configureApi({ onError: notify.error });

export function useNotify() {
  return notify;
}

/** The toast region of the app: a landmark; each toast is announced when it appears. */
export function Notifications() {
  const t = useT();
  const shown = useSyncExternalStore(subscribe, anyToast, anyToast);
  useEffect(() => afterFirstInput(() => void ToastRegion.preload()), []);
  // React Aria's region renders nothing without a toast either; a toast queued before the region's
  // code is in waits in the queue and shows as soon as it is.
  return shown ? (
    <Suspense fallback={null}>
      <ToastRegion aria-label={t('app.notifications')} dismissLabel={t('common.dismiss')} />
    </Suspense>
  ) : null;
}

import { configureApi } from '#lib/api/client';
import { useT } from '#lib/i18n/i18n';
import { ToastRegion, toasts } from '#ui/toast';

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
  return <ToastRegion aria-label={t('app.notifications')} dismissLabel={t('common.dismiss')} />;
}

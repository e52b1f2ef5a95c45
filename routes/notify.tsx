import {
  Button,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { configureApi } from '#lib/api/client';

export interface Notice {
  title: string;
  tone: 'error' | 'success' | 'info';
}

/** The app's one toast queue: the error catalogue's messages and success messages land here. */
export const notices = new ToastQueue<Notice>({ maxVisibleToasts: 3 });

export const notify = {
  /** Errors stay until dismissed: a user who looked away must still be able to read them. */
  error: (title: string) => notices.add({ title, tone: 'error' }),
  success: (title: string) => notices.add({ title, tone: 'success' }, { timeout: 5000 }),
  info: (title: string) => notices.add({ title, tone: 'info' }, { timeout: 5000 }),
};

// Every failed call that the caller did not handle itself shows its catalogue message here.
configureApi({ onError: notify.error });

export function useNotify() {
  return notify;
}

const TONE: Record<Notice['tone'], string> = {
  error: 'border-danger-600 bg-danger-50 text-danger-700',
  success: 'border-success-600 bg-success-50 text-success-700',
  info: 'border-brand-600 bg-brand-50 text-brand-800',
};

/** The toast region: a landmark (F6 reaches it), each toast announced politely, errors assertively. */
export function Notifications() {
  return (
    <ToastRegion queue={notices} className="fixed right-4 top-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-0">
      {({ toast }) => (
        <Toast
          toast={toast}
          className={`flex items-start justify-between gap-3 rounded-control border px-4 py-3 shadow-lg outline-0 focus-visible:outline-2 focus-visible:outline-focus forced-colors:border-[CanvasText] ${TONE[toast.content.tone]}`}
        >
          <ToastContent className="flex-1 text-body">
            <span slot="title" role={toast.content.tone === 'error' ? 'alert' : 'status'}>
              {toast.content.title}
            </span>
          </ToastContent>
          <Button slot="close" aria-label="Dismiss" className="rounded px-1 text-body leading-none outline-0 hover:bg-neutral-0/60 focus-visible:outline-2 focus-visible:outline-focus">
            ×
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}

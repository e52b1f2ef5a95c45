import {
  Button,
  Text,
  UNSTABLE_Toast as RACToast,
  UNSTABLE_ToastContent as RACToastContent,
  UNSTABLE_ToastRegion as RACToastRegion,
} from 'react-aria-components';
import { focusRing } from './focus-ring.ts';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon } from './icons.tsx';
import { toasts, type Toasts } from './toast.ts';
import { tv } from './tv.ts';

const toastStyles = tv({
  extend: focusRing,
  base: 'flex w-80 items-start gap-3 rounded-control border bg-neutral-0 p-4 shadow-overlay forced-colors:border-[CanvasText] forced-colors:bg-[Canvas]',
  variants: {
    tone: {
      error: 'border-danger-600 border-l-4',
      success: 'border-success-600 border-l-4',
      info: 'border-brand-600 border-l-4',
    },
  },
});

const closeButtonStyles = tv({
  extend: focusRing,
  base: 'flex size-7 shrink-0 items-center justify-center rounded text-neutral-600 hover:bg-neutral-100 pressed:bg-neutral-200',
});

const toneIcon = {
  error: <ErrorIcon className="mt-0.5 size-5 shrink-0 text-danger-700" />,
  success: <SuccessIcon className="mt-0.5 size-5 shrink-0 text-success-700" />,
  info: <InfoIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />,
} as const;

export interface ToastRegionProps {
  /** Defaults to the app's `toasts`. */
  toasts?: Toasts;
  /** Name of each toast's close button. */
  dismissLabel?: string;
  /** Name of the region landmark ("Notifications"). */
  'aria-label'?: string;
}

/**
 * Where toasts appear: a landmark (F6 reaches it), bottom right. Each toast is announced when it
 * appears; the tone is in an icon and in the title's words, never in colour alone.
 */
export function ToastRegion({ toasts: source = toasts, dismissLabel = 'Dismiss', ...props }: ToastRegionProps) {
  return (
    <RACToastRegion queue={source.queue} aria-label={props['aria-label']} className="fixed bottom-4 right-4 z-50 flex flex-col-reverse gap-2 outline-0">
      {({ toast }) => (
        <RACToast toast={toast} className={(rp) => toastStyles({ ...rp, tone: toast.content.tone })}>
          {toneIcon[toast.content.tone]}
          <RACToastContent className="flex min-w-0 flex-1 flex-col gap-0.5">
            <Text slot="title" className="text-body font-semibold text-neutral-900">
              {toast.content.title}
            </Text>
            {toast.content.description && (
              <Text slot="description" className="text-caption text-neutral-700">
                {toast.content.description}
              </Text>
            )}
          </RACToastContent>
          <Button slot="close" aria-label={dismissLabel} className={(rp) => closeButtonStyles(rp)}>
            <CloseIcon />
          </Button>
        </RACToast>
      )}
    </RACToastRegion>
  );
}

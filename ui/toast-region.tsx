import { useEffect, useRef, useState, type RefObject } from 'react';
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

/** The region's distance from the viewport's edge (Tailwind's `4`, 1rem). */
const EDGE_PX = 16;

type Placement = 'bottom' | 'top';

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Where the region keeps clear of the focused control (WCAG 2.4.11, Focus Not Obscured): bottom
 * right, unless it would cover the control that has the focus (a "Sign In successfully." toast over
 * "Place order and pay") and the top right would not; asked again whenever the focus moves, the page
 * scrolls or resizes, or a toast comes or goes.
 */
function useClearOfFocus(region: RefObject<HTMLDivElement | null>, source: Toasts): Placement {
  const [placement, setPlacement] = useState<Placement>('bottom');
  useEffect(() => {
    let frame = 0;
    const place = () => {
      const element = region.current;
      const focused = document.activeElement;
      if (!element || !(focused instanceof HTMLElement) || focused === document.body || element.contains(focused)) return;
      const own = element.getBoundingClientRect();
      const target = focused.getBoundingClientRect();
      const height = own.bottom - own.top;
      const band = (top: number): Box => ({ top, bottom: top + height, left: own.left, right: own.right });
      const bottom = band(window.innerHeight - EDGE_PX - height);
      const top = band(EDGE_PX);
      setPlacement(overlaps(bottom, target) && !overlaps(top, target) ? 'top' : 'bottom');
    };
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    place();
    document.addEventListener('focusin', place);
    window.addEventListener('scroll', later, { capture: true, passive: true });
    window.addEventListener('resize', later);
    const unsubscribe = source.queue.subscribe(later);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', place);
      window.removeEventListener('scroll', later, { capture: true });
      window.removeEventListener('resize', later);
      unsubscribe();
    };
  }, [region, source]);
  return placement;
}

/**
 * Where toasts appear: a landmark (F6 reaches it), bottom right, or top right while the bottom
 * would cover the focused control. Each toast is announced when it appears; the tone is in an icon
 * and in the title's words, never in colour alone.
 */
export function ToastRegion({ toasts: source = toasts, dismissLabel = 'Dismiss', ...props }: ToastRegionProps) {
  const ref = useRef<HTMLDivElement>(null);
  const placement = useClearOfFocus(ref, source);
  return (
    <RACToastRegion
      ref={ref}
      queue={source.queue}
      aria-label={props['aria-label']}
      data-placement={placement}
      className={`fixed right-4 z-50 flex gap-2 outline-0 ${placement === 'top' ? 'top-4 flex-col' : 'bottom-4 flex-col-reverse'}`}
    >
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

import type { ReactNode } from 'react';
import { AlertIcon, ClockIcon, DotIcon, ErrorIcon, SuccessIcon } from './icons.tsx';
import { tv } from './tv.ts';

export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

const badgeStyles = tv({
  base: 'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-caption font-medium whitespace-nowrap forced-colors:border-[CanvasText]',
  variants: {
    tone: {
      neutral: 'border-neutral-300 bg-neutral-100 text-neutral-700',
      info: 'border-brand-200 bg-brand-50 text-brand-700',
      success: 'border-success-100 bg-success-50 text-success-700',
      warning: 'border-warning-100 bg-warning-50 text-warning-700',
      danger: 'border-danger-100 bg-danger-50 text-danger-700',
    },
  },
});

/** Each tone has its own icon shape as well as its colour, so the tone never rests on colour alone. */
const toneIcons: Record<StatusTone, ReactNode> = {
  neutral: <DotIcon className="size-3.5" />,
  info: <ClockIcon className="size-3.5" />,
  success: <SuccessIcon className="size-3.5" />,
  warning: <AlertIcon className="size-3.5" />,
  danger: <ErrorIcon className="size-3.5" />,
};

/**
 * The usual order and payment statuses and their tone. The spec does not list statuses; the app
 * passes its own label and may pass `tone` for anything not here. Keys are compared in lower case,
 * with `_`/`-` read as spaces, so domain identifiers (`pending_payment`, `awaiting_transfer`) match.
 */
export const statusTones: Readonly<Record<string, StatusTone>> = {
  'draft': 'neutral',
  'quoted': 'neutral',
  'unpaid': 'warning',
  'pending payment': 'warning',
  'awaiting payment': 'warning',
  'awaiting transfer': 'warning',
  'paid': 'success',
  'in review': 'info',
  'in production': 'info',
  'processing': 'info',
  'shipped': 'info',
  'delivered': 'success',
  'completed': 'success',
  'refunded': 'neutral',
  'partially refunded': 'neutral',
  'cancelled': 'danger',
  'failed': 'danger',
  'declined': 'danger',
  'expired': 'neutral',
  'active': 'success',
  'inactive': 'neutral',
};

/** The tone of a status given as words ("In production") or as an identifier (`in_production`). */
export function statusTone(status: string): StatusTone {
  return statusTones[status.trim().toLowerCase().replace(/[_-]+/g, ' ')] ?? 'neutral';
}

export interface StatusBadgeProps {
  /** The status as the user reads it ("In production"). Always shown. */
  children: string;
  /** Overrides the tone looked up from the text. */
  tone?: StatusTone;
  className?: string;
}

/** A status label (order, payment, coupon): text always present, tone by colour and icon shape. */
export function StatusBadge({ children, tone, className }: StatusBadgeProps) {
  const resolved = tone ?? statusTone(children);
  return (
    <span className={badgeStyles({ tone: resolved, className })}>
      {toneIcons[resolved]}
      {children}
    </span>
  );
}

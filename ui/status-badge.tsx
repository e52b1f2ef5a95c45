import type { ReactNode, SVGProps } from 'react';
import {
  AlertIcon,
  BankIcon,
  BanknoteIcon,
  CheckIcon,
  ClockIcon,
  CloseIcon,
  DotIcon,
  ErrorIcon,
  FileIcon,
  GearIcon,
  HourglassIcon,
  InfoIcon,
  PencilIcon,
  RefreshIcon,
  ReturnIcon,
  SearchIcon,
  SuccessIcon,
  TruckIcon,
} from './icons.tsx';
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

type IconComponent = (props: SVGProps<SVGSVGElement>) => ReactNode;

/** The icon a tone shows when the status itself has none of its own (a custom status with `tone`). */
const toneIcons: Record<StatusTone, IconComponent> = {
  neutral: DotIcon,
  info: InfoIcon,
  success: SuccessIcon,
  warning: AlertIcon,
  danger: ErrorIcon,
};

/**
 * The usual order and payment statuses: each its own icon shape and a tone, so two statuses never
 * look alike even where they share a colour ("In production" a gear, "Shipped" a truck) and the
 * status never rests on colour alone. The spec does not list statuses; the app passes its own label
 * (and may pass the identifier as `status`). Keys are compared in lower case, with `_`/`-` read as
 * spaces, so domain identifiers (`pending_payment`, `awaiting_transfer`) match.
 */
export const statusLooks: Readonly<Record<string, { tone: StatusTone; icon: IconComponent }>> = {
  'draft': { tone: 'neutral', icon: PencilIcon },
  'quoted': { tone: 'neutral', icon: FileIcon },
  'unpaid': { tone: 'warning', icon: ClockIcon },
  'pending payment': { tone: 'warning', icon: ClockIcon },
  'awaiting payment': { tone: 'warning', icon: ClockIcon },
  'awaiting transfer': { tone: 'warning', icon: BankIcon },
  'paid': { tone: 'success', icon: BanknoteIcon },
  'in review': { tone: 'info', icon: SearchIcon },
  'reading': { tone: 'neutral', icon: HourglassIcon },
  'analysing': { tone: 'info', icon: RefreshIcon },
  'priced': { tone: 'success', icon: SuccessIcon },
  'needs attention': { tone: 'warning', icon: AlertIcon },
  'no price': { tone: 'danger', icon: ErrorIcon },
  'in production': { tone: 'info', icon: GearIcon },
  'processing': { tone: 'info', icon: RefreshIcon },
  'shipped': { tone: 'info', icon: TruckIcon },
  'delivered': { tone: 'success', icon: CheckIcon },
  'completed': { tone: 'success', icon: SuccessIcon },
  'refunded': { tone: 'neutral', icon: ReturnIcon },
  'partially refunded': { tone: 'neutral', icon: ReturnIcon },
  'cancelled': { tone: 'danger', icon: CloseIcon },
  'failed': { tone: 'danger', icon: AlertIcon },
  'declined': { tone: 'danger', icon: AlertIcon },
  'expired': { tone: 'neutral', icon: HourglassIcon },
  'active': { tone: 'success', icon: SuccessIcon },
  'inactive': { tone: 'neutral', icon: DotIcon },
};

const lookUp = (status: string) => statusLooks[status.trim().toLowerCase().replace(/[_-]+/g, ' ')];

/** The tone of each known status (kept for callers that only need the colour). */
export const statusTones: Readonly<Record<string, StatusTone>> = Object.fromEntries(
  Object.entries(statusLooks).map(([status, look]) => [status, look.tone]),
);

/** The tone of a status given as words ("In production") or as an identifier (`in_production`). */
export function statusTone(status: string): StatusTone {
  return lookUp(status)?.tone ?? 'neutral';
}

export interface StatusBadgeProps {
  /** The status as the user reads it ("In production"). Always shown. */
  children: string;
  /**
   * The status identifier (`in_production`) to pick the look by, so a translated label still gets
   * its icon and tone. Defaults to the label.
   */
  status?: string;
  /** Overrides the tone looked up from the status. */
  tone?: StatusTone;
  className?: string;
}

/** A status label (order, payment, coupon): text always present, tone by colour, the status by icon shape. */
export function StatusBadge({ children, status, tone, className }: StatusBadgeProps) {
  const look = lookUp(status ?? children);
  const resolved = tone ?? look?.tone ?? 'neutral';
  const Icon = look?.icon ?? toneIcons[resolved];
  return (
    <span className={badgeStyles({ tone: resolved, className })}>
      <Icon className="size-3.5" />
      {children}
    </span>
  );
}

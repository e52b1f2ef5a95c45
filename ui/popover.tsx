import type { ReactNode } from 'react';
import { OverlayArrow, Popover as RACPopover, composeRenderProps, type PopoverProps as RACPopoverProps } from 'react-aria-components';
import { tv } from './tv.ts';

export interface PopoverProps extends Omit<RACPopoverProps, 'children'> {
  children: ReactNode;
  showArrow?: boolean;
}

const popoverStyles = tv({
  base: 'rounded-control border border-neutral-200 bg-neutral-0 text-neutral-900 shadow-overlay outline-0 forced-colors:bg-[Canvas] forced-colors:border-[CanvasText]',
});

/** A non-modal layer anchored to its trigger (put a Dialog inside for focusable content). */
export function Popover({ children, showArrow, className, ...props }: PopoverProps) {
  return (
    <RACPopover offset={showArrow ? 12 : 8} {...props} className={composeRenderProps(className, (c, rp) => popoverStyles({ ...rp, className: c }))}>
      {showArrow && (
        <OverlayArrow className="group">
          <svg aria-hidden width={12} height={12} viewBox="0 0 12 12" className="block fill-neutral-0 stroke-neutral-200 group-placement-bottom:rotate-180 group-placement-left:-rotate-90 group-placement-right:rotate-90 forced-colors:fill-[Canvas] forced-colors:stroke-[CanvasText]">
            <path d="M0 0 L6 6 L12 0" />
          </svg>
        </OverlayArrow>
      )}
      {children}
    </RACPopover>
  );
}

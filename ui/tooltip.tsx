import type { ReactNode } from 'react';
import { OverlayArrow, Tooltip as RACTooltip, type TooltipProps as RACTooltipProps } from 'react-aria-components';
import { composeTailwindRenderProps } from './tv.ts';

export interface TooltipProps extends Omit<RACTooltipProps, 'children'> {
  children: ReactNode;
}

/**
 * A short hint for a control, shown on hover and keyboard focus (Escape hides it). It only adds a
 * description: never put the only name of a control or anything interactive in a tooltip.
 * Use inside RAC's `TooltipTrigger` (re-exported here).
 */
export function Tooltip({ children, ...props }: TooltipProps) {
  return (
    <RACTooltip
      offset={10}
      {...props}
      className={composeTailwindRenderProps(props.className, 'group max-w-60 rounded-control bg-neutral-900 px-3 py-1.5 text-caption text-neutral-0 shadow-floating forced-colors:border forced-colors:border-[CanvasText] forced-colors:bg-[Canvas] forced-colors:text-[CanvasText]')}
    >
      <OverlayArrow>
        <svg aria-hidden width={8} height={8} viewBox="0 0 8 8" className="fill-neutral-900 group-placement-bottom:rotate-180 group-placement-left:-rotate-90 group-placement-right:rotate-90 forced-colors:fill-[Canvas]">
          <path d="M0 0 L4 4 L8 0" />
        </svg>
      </OverlayArrow>
      {children}
    </RACTooltip>
  );
}

export { TooltipTrigger } from 'react-aria-components';

import { ProgressBar as RACProgressBar, type ProgressBarProps as RACProgressBarProps } from 'react-aria-components';
import { Label } from './field.tsx';
import { composeTailwindRenderProps, twMerge } from './tv.ts';

export interface ProgressBarProps extends RACProgressBarProps {
  label?: string;
  /** Only the bar, thin, without the label row or the percentage (a status cell in a table; named by aria-label). */
  compact?: boolean;
}

/** Progress of a task (upload, analysis). Without a value (`isIndeterminate`) it says only that work is under way. */
export function ProgressBar({ label, compact = false, ...props }: ProgressBarProps) {
  if (compact) {
    return (
      <RACProgressBar {...props} className={composeTailwindRenderProps(props.className, 'h-1.5 w-24 overflow-hidden rounded bg-neutral-200 forced-colors:outline forced-colors:outline-1 forced-colors:outline-[ButtonBorder]')}>
        {({ percentage, isIndeterminate }) => (
          <div
            className={twMerge('h-full bg-brand-600 forced-colors:bg-[Highlight]', isIndeterminate ? 'w-1/3 motion-safe:animate-pulse' : undefined)}
            style={isIndeterminate ? undefined : { width: `${percentage ?? 0}%` }}
          />
        )}
      </RACProgressBar>
    );
  }
  return (
    <RACProgressBar {...props} className={composeTailwindRenderProps(props.className, 'flex w-72 flex-col gap-1')}>
      {({ percentage, valueText, isIndeterminate }) => (
        <>
          <div className="flex justify-between gap-2">
            {label && <Label>{label}</Label>}
            {!isIndeterminate && <span className="text-caption tabular-nums text-neutral-700">{valueText}</span>}
          </div>
          <div className="relative h-2 overflow-hidden rounded-full bg-neutral-200 outline outline-1 -outline-offset-1 outline-transparent forced-colors:outline-[ButtonBorder]">
            <div
              className={twMerge('absolute top-0 h-full rounded-full bg-brand-600 forced-colors:bg-[Highlight]', isIndeterminate ? 'left-1/4 w-2/5 motion-safe:animate-pulse' : 'left-0')}
              style={isIndeterminate ? undefined : { width: `${percentage ?? 0}%` }}
            />
          </div>
        </>
      )}
    </RACProgressBar>
  );
}

import { Meter as RACMeter, type MeterProps as RACMeterProps } from 'react-aria-components';
import { Label } from './field.tsx';
import { composeTailwindRenderProps, twMerge } from './tv.ts';

export interface MeterProps extends RACMeterProps {
  label: string;
  /** From which share (0-100) the bar turns to warning (e.g. storage almost full). */
  warningAt?: number;
}

/** A measured quantity within a known range (membership points toward the next level, storage used). */
export function Meter({ label, warningAt, ...props }: MeterProps) {
  return (
    <RACMeter {...props} className={composeTailwindRenderProps(props.className, 'flex w-72 flex-col gap-1')}>
      {({ percentage, valueText }) => (
        <>
          <div className="flex justify-between gap-2">
            <Label>{label}</Label>
            <span className="text-caption tabular-nums text-neutral-700">{valueText}</span>
          </div>
          <div className="relative h-2 overflow-hidden rounded-full bg-neutral-200 outline outline-1 -outline-offset-1 outline-transparent forced-colors:outline-[ButtonBorder]">
            <div
              className={twMerge('absolute left-0 top-0 h-full rounded-full forced-colors:bg-[Highlight]', warningAt !== undefined && percentage >= warningAt ? 'bg-warning-600' : 'bg-success-600')}
              style={{ width: `${percentage}%` }}
            />
          </div>
        </>
      )}
    </RACMeter>
  );
}

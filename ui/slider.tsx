import {
  Label,
  Slider as RACSlider,
  SliderOutput,
  SliderThumb,
  SliderTrack,
  type SliderProps as RACSliderProps,
} from 'react-aria-components';
import { focusRing } from './focus-ring.ts';
import { composeTailwindRenderProps, tv, twMerge } from './tv.ts';

export interface SliderProps<T extends number | number[]> extends RACSliderProps<T> {
  label: string;
  /** Names of the thumbs of a range slider (["Minimum", "Maximum"]). */
  thumbLabels?: string[];
  /** Text under the track naming its ends ("30 soft", "90 hard"). */
  minLabel?: string;
  maxLabel?: string;
}

const thumbStyles = tv({
  extend: focusRing,
  base: 'top-1/2 size-5 rounded-full border-2 border-brand-600 bg-neutral-0 shadow-raised hover:bg-brand-50 dragging:bg-brand-100 forced-colors:border-[Highlight] forced-colors:bg-[ButtonFace]',
  variants: {
    isDisabled: { true: 'border-neutral-400 forced-colors:border-[GrayText]' },
  },
});

/** A value on a scale (Shore hardness 30–90). Arrow keys step; Page Up/Down step by a tenth; Home/End jump to the ends. */
export function Slider<T extends number | number[]>({ label, thumbLabels, minLabel, maxLabel, ...props }: SliderProps<T>) {
  return (
    <RACSlider {...props} className={composeTailwindRenderProps(props.className, 'flex w-72 flex-col gap-2')}>
      <div className="flex justify-between">
        <Label className="text-caption font-medium text-neutral-700">{label}</Label>
        <SliderOutput className="text-body font-medium tabular-nums text-neutral-900" />
      </div>
      <SliderTrack className="relative h-6 w-full">
        {({ state, isDisabled }) => (
          <>
            <div className={twMerge('absolute top-1/2 h-1.5 w-full -translate-y-1/2 rounded-full forced-colors:bg-[ButtonBorder]', isDisabled ? 'bg-neutral-200' : 'bg-neutral-300')} />
            <div
              className={twMerge('absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full forced-colors:bg-[Highlight]', isDisabled ? 'bg-neutral-400' : 'bg-brand-600')}
              style={
                state.values.length > 1
                  ? { left: `${state.getThumbPercent(0) * 100}%`, width: `${(state.getThumbPercent(1) - state.getThumbPercent(0)) * 100}%` }
                  : { left: 0, width: `${state.getThumbPercent(0) * 100}%` }
              }
            />
            {state.values.map((_, i) => (
              <SliderThumb key={i} index={i} aria-label={thumbLabels?.[i]} className={thumbStyles} />
            ))}
          </>
        )}
      </SliderTrack>
      {(minLabel || maxLabel) && (
        <div aria-hidden className="flex justify-between text-caption text-neutral-600">
          <span>{minLabel}</span>
          <span>{maxLabel}</span>
        </div>
      )}
    </RACSlider>
  );
}

import {
  FieldError as RACFieldError,
  Label as RACLabel,
  Text,
  type FieldErrorProps,
  type LabelProps,
  type TextProps,
} from 'react-aria-components';
import { composeTailwindRenderProps, tv, twMerge } from './tv.ts';
import { focusRing } from './focus-ring.ts';

export function Label(props: LabelProps) {
  return <RACLabel {...props} className={twMerge('text-caption font-medium text-neutral-700', props.className)} />;
}

export function Description(props: TextProps) {
  return <Text {...props} slot="description" className={twMerge('text-caption text-neutral-600', props.className)} />;
}

/** The field's error. In forced colours it keeps the system text colour (Mark is a highlight, too faint as text). */
export function FieldError(props: FieldErrorProps) {
  return (
    <RACFieldError
      {...props}
      className={composeTailwindRenderProps(props.className, 'text-caption text-danger-700')}
    />
  );
}

/**
 * The frame around an input: border, invalid and disabled states, focus ring on the group. Focus
 * follows RAC's attributes: `data-focus-within` on a Group, `data-focused` on a lone Input.
 * In forced colours an invalid frame is dashed in the text colour: the system's Mark is a yellow
 * highlight (1.1:1 on a white Canvas), and a frame must differ from a valid one by more than colour.
 */
export const fieldGroupStyles = tv({
  extend: focusRing,
  base: 'group flex items-center overflow-hidden rounded-control border bg-neutral-0 border-neutral-400 focus-within:border-brand-600 focus:border-brand-600 forced-colors:bg-[Field] forced-colors:border-[ButtonBorder] forced-colors:focus-within:border-[Highlight] forced-colors:focus:border-[Highlight]',
  variants: {
    isInvalid: {
      true: 'border-danger-600 focus-within:border-danger-600 focus:border-danger-600 forced-colors:border-[CanvasText] forced-colors:border-dashed',
    },
    isDisabled: {
      true: 'border-neutral-300 bg-neutral-100 forced-colors:border-[GrayText]',
    },
  },
});

export const inputStyles = 'min-w-0 flex-1 bg-transparent px-3 py-2 text-body text-neutral-900 outline-0 placeholder:text-neutral-500 disabled:text-neutral-500';

/** The button of a select (ui/select), and its stand-in while the select loads (ui/lazy-select). */
export const selectTriggerStyles = tv({
  extend: focusRing,
  base: 'flex min-w-40 cursor-default items-center gap-2 rounded-control border bg-neutral-0 px-3 py-2 text-start text-body text-neutral-900 forced-colors:bg-[Field]',
  variants: {
    isInvalid: { true: 'border-danger-600 forced-colors:border-[CanvasText] forced-colors:border-dashed', false: 'border-neutral-400 forced-colors:border-[ButtonBorder]' },
    isDisabled: { true: 'border-neutral-300 bg-neutral-100 text-neutral-500 forced-colors:text-[GrayText]' },
  },
});

import type { ReactNode } from 'react';
import { Switch as RACSwitch, type SwitchProps as RACSwitchProps } from 'react-aria-components';
import { composeTailwindRenderProps, tv } from './tv.ts';
import { focusRingLook } from './focus-ring.ts';

export interface SwitchProps extends Omit<RACSwitchProps, 'children'> {
  children: ReactNode;
}

const switchStyles = tv({
  base: 'group/switch flex items-center gap-2 text-body text-neutral-900',
  variants: { isDisabled: { true: 'text-neutral-500 forced-colors:text-[GrayText]' } },
});

/** The track: hover darkens it, a press darkens it more (the label's `data-hovered`/`data-pressed`). */
const trackStyles = tv({
  extend: focusRingLook,
  base: 'flex h-5 w-9 shrink-0 items-center rounded-full border-2 border-transparent px-0.5 transition-colors forced-color-adjust-none group-focus-visible/switch:outline-2',
  variants: {
    isSelected: {
      false: 'bg-neutral-500 group-hover/switch:bg-neutral-600 group-pressed/switch:bg-neutral-700 forced-colors:border-[ButtonBorder] forced-colors:bg-[ButtonFace] forced-colors:group-hover/switch:bg-[ButtonFace] forced-colors:group-pressed/switch:bg-[ButtonFace]',
      true: 'bg-brand-600 group-hover/switch:bg-brand-700 group-pressed/switch:bg-brand-800 forced-colors:bg-[Highlight] forced-colors:group-hover/switch:bg-[Highlight] forced-colors:group-pressed/switch:bg-[Highlight]',
    },
    isDisabled: { true: 'bg-neutral-300 forced-colors:border-[GrayText]' },
  },
});

const handleStyles = tv({
  base: 'size-3.5 rounded-full bg-neutral-0 shadow-raised transition-transform forced-colors:bg-[ButtonText]',
  variants: {
    isSelected: { true: 'translate-x-4 forced-colors:bg-[HighlightText]' },
  },
});

/** An on/off setting that applies at once (not a form answer: use Checkbox for those). */
export function Switch({ children, ...props }: SwitchProps) {
  return (
    <RACSwitch
      {...props}
      className={composeTailwindRenderProps(props.className, (rp) => switchStyles(rp))}
    >
      {(rp) => (
        <>
          <span className={trackStyles(rp)}>
            <span className={handleStyles(rp)} />
          </span>
          {children}
        </>
      )}
    </RACSwitch>
  );
}

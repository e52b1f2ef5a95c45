import { Button as RACButton, ProgressBar, composeRenderProps, type ButtonProps as RACButtonProps } from 'react-aria-components';
import type { VariantProps } from 'tailwind-variants';
import { tv, twMerge } from './tv.ts';
import { focusRing } from './focus-ring.ts';

export const buttonStyles = tv({
  extend: focusRing,
  base: 'relative inline-flex items-center justify-center gap-2 rounded-control px-4 py-2 text-body font-medium transition-colors cursor-default border forced-colors:border-[ButtonBorder] forced-colors:bg-[ButtonFace] forced-colors:text-[ButtonText]',
  variants: {
    variant: {
      primary: 'bg-brand-600 border-transparent text-neutral-0 hover:bg-brand-700 pressed:bg-brand-800',
      secondary: 'bg-neutral-0 border-neutral-400 text-neutral-900 hover:bg-neutral-100 pressed:bg-neutral-200',
      quiet: 'bg-transparent border-transparent text-brand-700 hover:bg-brand-50 pressed:bg-brand-100',
      destructive: 'bg-danger-600 border-transparent text-neutral-0 hover:bg-danger-700 pressed:bg-danger-700',
    },
    isDisabled: {
      true: 'bg-neutral-100 border-neutral-200 text-neutral-500 forced-colors:text-[GrayText] forced-colors:border-[GrayText]',
    },
    isPending: {
      // The label stays in the accessible name but is not drawn (in forced colours too) under the spinner.
      true: 'text-transparent forced-colors:text-[ButtonFace]',
    },
  },
  defaultVariants: { variant: 'primary' },
});

export interface ButtonProps extends RACButtonProps, Omit<VariantProps<typeof buttonStyles>, 'isDisabled' | 'isPending' | 'isFocusVisible'> {}

/**
 * A button. `isPending` keeps it focusable, announces progress and ignores presses, so a double
 * click on Pay cannot submit twice.
 */
export function Button({ variant, ...props }: ButtonProps) {
  const spinnerTone = variant === 'secondary' || variant === 'quiet' ? 'text-brand-700' : 'text-neutral-0';
  return (
    <RACButton
      {...props}
      className={composeRenderProps(props.className, (className, renderProps) =>
        buttonStyles({ ...renderProps, variant, className }),
      )}
    >
      {composeRenderProps(props.children, (children, { isPending }) => (
        <>
          {children}
          {isPending && (
            <ProgressBar aria-label="In progress" isIndeterminate className="absolute inset-0 flex items-center justify-center">
              <span aria-hidden className={twMerge('size-4 animate-spin rounded-full border-2 border-current border-r-transparent', spinnerTone)} />
            </ProgressBar>
          )}
        </>
      ))}
    </RACButton>
  );
}

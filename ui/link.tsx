import { Link as RACLink, composeRenderProps, type LinkProps as RACLinkProps } from 'react-aria-components';
import { tv } from './tv.ts';
import { focusRing } from './focus-ring.ts';

export const linkStyles = tv({
  extend: focusRing,
  base: 'rounded-sm underline underline-offset-2 transition-colors cursor-pointer forced-colors:text-[LinkText]',
  variants: {
    variant: {
      primary: 'text-brand-700 decoration-brand-700/60 hover:decoration-brand-700',
      secondary: 'text-neutral-900 decoration-neutral-500 hover:decoration-neutral-900',
      /** Navigation links: no underline until hovered (their place in a nav says they are links). */
      quiet: 'text-neutral-900 no-underline hover:underline',
    },
    isDisabled: { true: 'cursor-default text-neutral-500 no-underline forced-colors:text-[GrayText]' },
  },
  defaultVariants: { variant: 'primary' },
});

export interface LinkProps extends RACLinkProps {
  variant?: 'primary' | 'secondary' | 'quiet';
}

/**
 * A link. Internal hrefs go through the nearest RAC `RouterProvider` (the app binds it to its
 * router), so a press navigates client-side; modified clicks and external hrefs behave natively.
 */
export function Link({ variant, ...props }: LinkProps) {
  return <RACLink {...props} className={composeRenderProps(props.className, (className, rp) => linkStyles({ ...rp, variant, className }))} />;
}

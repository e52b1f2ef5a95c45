import { tv } from './tv.ts';

/** The one focus ring of the library: visible for keyboard focus only, and in forced-colors mode. */
export const focusRing = tv({
  base: 'outline outline-2 outline-offset-2 outline-focus forced-colors:outline-[Highlight]',
  variants: {
    isFocusVisible: {
      false: 'outline-0',
      true: 'outline-2',
    },
  },
});

import { createTV } from 'tailwind-variants';
import { fontSize } from './tokens.ts';

/**
 * The library's `tv`. tailwind-merge must know the custom type scale (`text-body`, `text-caption`, ...)
 * as font sizes; otherwise it takes `text-body` for a colour and drops it next to `text-neutral-900`.
 * Every ui file imports `tv` from here, never from tailwind-variants directly.
 */
export const tv = createTV({
  twMergeConfig: {
    extend: {
      classGroups: {
        'font-size': [{ text: Object.keys(fontSize) }],
      },
    },
  },
});

import { composeRenderProps } from 'react-aria-components';
import { cnMerge, createTV, type ClassValue } from 'tailwind-variants';
import { borderRadius, boxShadow, fontSize, spacing } from './tokens.ts';

/**
 * What tailwind-merge must know about our tokens, or it merges them wrongly. The type scale
 * (`text-body`, `text-caption`, ...) are font sizes: left alone, tailwind-merge takes `text-body` for a
 * colour, drops it next to `text-neutral-900` and keeps both `text-body` and `text-title`. The radii
 * (`rounded-control`), shadows (`shadow-overlay`) and spacing (`px-gutter`) names would not be recognised at all, so a caller's
 * `rounded-none` would not replace them. One config serves `tv` and `twMerge`.
 */
const twMergeConfig = {
  extend: {
    theme: {
      text: Object.keys(fontSize),
      radius: Object.keys(borderRadius),
      shadow: Object.keys(boxShadow),
      spacing: Object.keys(spacing),
    },
  },
};

/**
 * The library's `tv`. Every ui file imports `tv` from here, never from tailwind-variants directly.
 */
export const tv = createTV({ twMergeConfig });

/**
 * Joins class lists so that a later class wins over an earlier one of the same kind:
 * `twMerge('p-4 text-body', 'p-2 text-caption')` keeps only `p-2 text-caption`.
 * Falsy entries are skipped, so `twMerge('a', isOn && 'b', className)` works.
 *
 * The merge is tailwind-merge's algorithm as tailwind-variants 3 carries it inside (`cnMerge`, the
 * engine `tv` already uses), with the same config: importing the `tailwind-merge` package as well put
 * a second copy of that engine (28 KB, 9 KB gzip) in every page's first load (ADR 133).
 */
export function twMerge(...classLists: ClassValue[]): string {
  return cnMerge(...classLists)({ twMergeConfig }) ?? '';
}

/**
 * A RAC `className` prop (a string or a function of the render state) merged over the component's
 * own classes, so the caller's classes override the base reliably (as in the react-aria-components
 * Tailwind starter). `base` may itself depend on the render state.
 */
export function composeTailwindRenderProps<T>(
  className: string | ((renderProps: T) => string) | undefined,
  base: string | ((renderProps: T) => string),
): (renderProps: T) => string {
  return composeRenderProps(className, (callerClasses, renderProps) =>
    twMerge(typeof base === 'function' ? base(renderProps) : base, callerClasses),
  );
}

/** For plain elements (no render props): the base classes, then the caller's, merged. */
export function mergeClassName(base: string, className: string | undefined): string {
  return twMerge(base, className);
}

import { composeRenderProps } from 'react-aria-components';
import { createTailwindMerge } from 'tailwind-merge';
import { cx, tv as tvWithoutMerge, type ClassValue } from 'tailwind-variants/lite';
import { TW_MERGE_CONFIG } from './tw-merge-config.ts';

/**
 * tailwind-merge with the config of `tw-merge-config.ts`: its own default config with our tokens
 * (the type scale `text-body` is a font size, not a colour; `rounded-control`, `shadow-overlay` and
 * `px-gutter` are known, so a caller's `rounded-none` replaces them), pruned to the class groups our
 * code uses (ADR 138). The full config is about 10 KB gzip of every page's first load.
 */
const merge = createTailwindMerge(() => TW_MERGE_CONFIG);

/**
 * Joins class lists so that a later class wins over an earlier one of the same kind:
 * `twMerge('p-4 text-body', 'p-2 text-caption')` keeps only `p-2 text-caption`.
 * Falsy entries are skipped, so `twMerge('a', isOn && 'b', className)` works.
 */
export function twMerge(...classLists: ClassValue[]): string {
  return merge(cx(...classLists) ?? '');
}

/**
 * The library's `tv`, its classes merged by `twMerge`. Every ui file imports `tv` from here, never
 * from tailwind-variants directly. tailwind-variants' `lite` build joins a component's base,
 * variant, compound and caller classes in that order; `twMerge` then lets the later of two classes of
 * one kind win, as the full build (which carries the whole default config) does.
 */
export const tv = ((options: object) => {
  const joined = (tvWithoutMerge as unknown as (options: object) => (props?: object) => ClassValue)(options);
  const merged = (props?: object) => twMerge(joined(props));
  // The base, variants and defaults stay readable, so a component can `extend` this one.
  return Object.assign(merged, joined);
}) as unknown as typeof tvWithoutMerge;

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

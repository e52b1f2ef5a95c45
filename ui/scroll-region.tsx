import type { ReactNode } from 'react';
import { twMerge } from './tv.ts';

/**
 * What is wider than a phone (a table of many columns) scrolls sideways by itself, inside a region
 * the keyboard can reach and a screen reader can name (WCAG 1.4.10 reflow, 2.1.1 keyboard), so the
 * page around it never scrolls sideways.
 */
export function ScrollRegion({ children, className, ...label }: { children: ReactNode; className?: string } & ({ 'aria-label': string } | { 'aria-labelledby': string })) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (WCAG 2.1.1)
    <div {...label} role="region" tabIndex={0} className={twMerge('max-w-full overflow-x-auto outline-offset-2 focus-visible:outline-2 focus-visible:outline-focus', className)}>
      {children}
    </div>
  );
}

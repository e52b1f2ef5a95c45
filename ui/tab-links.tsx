import type { ReactNode } from 'react';
import { Link } from './link.tsx';
import { tv } from './tv.ts';

/** One view of a tab row of links: where it is (its own address) and what it is called. */
export interface TabLinkItem {
  id: string;
  href: string;
  label: ReactNode;
}

export interface TabLinksProps {
  /** What the views are views of: the navigation's name. */
  'aria-label': string;
  items: readonly TabLinkItem[];
  /** The id of the view on screen: its link is the current page (`aria-current`). */
  current: string;
}

// The tabs' look (tabs.tsx) on links: the current one underlined in the brand's colour.
const tabLinkStyles = tv({
  base: '-mb-px flex items-center gap-2 rounded-t-control border-b-2 px-4 py-2 text-body font-medium no-underline transition-colors forced-color-adjust-none hover:no-underline',
  variants: {
    isCurrent: {
      false: 'border-transparent text-neutral-600 hover:border-neutral-300 hover:text-neutral-900 forced-colors:text-[LinkText]',
      true: 'border-brand-600 text-brand-700 forced-colors:border-[Highlight] forced-colors:text-[Highlight]',
    },
  },
});

/**
 * Views of one page that each have an address (a history's reloads and transactions, `?tab=…`), as
 * a row of links that looks like tabs (ADR 271): a navigation named by `aria-label`, Tab and Enter
 * between them, the view on screen the current page. Each view is a page of its own (Back returns
 * to the previous one, a link opens it in a new tab), which is what a link says; the code is a
 * link's, so nothing is fetched for it before the page's first input. Views that are not places (an
 * order's products and tracking, side by side in one panel) stay `tabs.tsx`.
 */
export function TabLinks({ items, current, 'aria-label': label }: TabLinksProps) {
  return (
    <nav aria-label={label}>
      <ul role="list" className="flex gap-1 border-b border-neutral-300">
        {items.map((item) => (
          <li key={item.id} className="flex">
            <Link href={item.href} aria-current={item.id === current ? 'page' : undefined} className={tabLinkStyles({ isCurrent: item.id === current })}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

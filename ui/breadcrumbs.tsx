import {
  Breadcrumb as RACBreadcrumb,
  Breadcrumbs as RACBreadcrumbs,
  Link,
  type BreadcrumbProps as RACBreadcrumbProps,
  type BreadcrumbsProps,
  type LinkProps,
} from 'react-aria-components';
import { ChevronRightIcon } from './icons.tsx';
import { linkStyles } from './link.tsx';
import { composeTailwindRenderProps, twMerge } from './tv.ts';

/** Where the page sits ("Account / Orders / 10234"), inside a `nav` named by `aria-label`. The last crumb is the current page. */
export function Breadcrumbs<T extends object>({ 'aria-label': ariaLabel = 'Breadcrumbs', ...props }: BreadcrumbsProps<T> & { 'aria-label'?: string }) {
  return (
    <nav aria-label={ariaLabel}>
      <RACBreadcrumbs {...props} className={twMerge('flex flex-wrap items-center gap-1 text-caption', props.className)} />
    </nav>
  );
}

export interface BreadcrumbProps extends RACBreadcrumbProps {
  href?: string;
  children: string;
  routerOptions?: LinkProps['routerOptions'];
}

export function Breadcrumb({ href, children, routerOptions, ...props }: BreadcrumbProps) {
  return (
    <RACBreadcrumb {...props} className={composeTailwindRenderProps(props.className, 'flex items-center gap-1')}>
      {({ isCurrent }) => (
        <>
          <Link
            href={href}
            routerOptions={routerOptions}
            className={(rp) => (isCurrent ? 'font-medium text-neutral-900 outline-0' : linkStyles({ ...rp, variant: 'secondary' }))}
          >
            {children}
          </Link>
          {!isCurrent && <ChevronRightIcon className="size-3.5 text-neutral-500" />}
        </>
      )}
    </RACBreadcrumb>
  );
}

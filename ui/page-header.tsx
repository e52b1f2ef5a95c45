import type { ReactNode } from 'react';

export interface PageHeaderProps {
  /** The page's one h1. */
  title: string;
  description?: ReactNode;
  /** Page-level actions (New project). */
  actions?: ReactNode;
  /** A `Breadcrumbs` element, shown above the title. */
  breadcrumbs?: ReactNode;
}

export function PageHeader({ title, description, actions, breadcrumbs }: PageHeaderProps) {
  return (
    <div className="flex flex-col gap-2 pb-6">
      {breadcrumbs}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-headline text-neutral-900">{title}</h1>
          {description && <p className="max-w-2xl text-body text-neutral-600">{description}</p>}
        </div>
        {actions && <div className="flex gap-2">{actions}</div>}
      </div>
    </div>
  );
}

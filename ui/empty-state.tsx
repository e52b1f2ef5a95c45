import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** An icon (decorative). */
  icon?: ReactNode;
  /** The one next step ("Upload a file"). */
  action?: ReactNode;
  /** Heading level, to fit the page outline. */
  level?: 2 | 3 | 4;
}

/** What an empty list says, and the way forward. */
export function EmptyState({ title, description, icon, action, level = 2 }: EmptyStateProps) {
  const H = `h${level}` as 'h2' | 'h3' | 'h4';
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
      {icon && <span aria-hidden className="mb-2 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">{icon}</span>}
      <H className="text-title text-neutral-900">{title}</H>
      {description && <p className="max-w-sm text-body text-neutral-600">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}

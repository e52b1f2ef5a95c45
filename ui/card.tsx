import { useId, type ReactNode } from 'react';
import { twMerge } from './tv.ts';

export interface CardProps {
  /** Names the card's section when given (a region a screen reader can list). */
  title?: string;
  description?: ReactNode;
  /** Actions at the top right (Edit). */
  actions?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
  level?: 2 | 3 | 4;
  className?: string;
}

/** A framed group of content (an address, an order summary). */
export function Card({ title, description, actions, footer, children, level = 2, className }: CardProps) {
  const id = useId();
  const H = `h${level}` as 'h2' | 'h3' | 'h4';
  return (
    <section
      aria-labelledby={title ? id : undefined}
      className={twMerge('flex flex-col rounded-card border border-neutral-200 bg-neutral-0 shadow-raised forced-colors:border-[CanvasText]', className)}
    >
      {(title || actions) && (
        <header className="flex items-start justify-between gap-4 px-5 pt-4">
          <div className="flex flex-col gap-0.5">
            {title && <H id={id} className="text-title text-neutral-900">{title}</H>}
            {description && <p className="text-caption text-neutral-600">{description}</p>}
          </div>
          {actions && <div className="flex shrink-0 gap-2">{actions}</div>}
        </header>
      )}
      <div className="px-5 py-4 text-body text-neutral-900">{children}</div>
      {footer && <footer className="flex justify-end gap-2 border-t border-neutral-200 px-5 py-3">{footer}</footer>}
    </section>
  );
}

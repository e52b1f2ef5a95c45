import type { ReactNode } from 'react';

/** A message for the whole form, announced when it appears (role="alert"). */
export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'success' }) {
  const styles =
    tone === 'error'
      ? 'border-danger-600 bg-danger-50 text-danger-700'
      : 'border-success-600 bg-success-50 text-success-700';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-control border px-4 py-3 text-body forced-colors:border-[CanvasText] ${styles}`}>
      {children}
    </div>
  );
}

/** A placeholder block while content loads. Decorative: pair it with a status message (`SkeletonGroup` gives one). */
import { twMerge } from './tv.ts';
export function Skeleton({ className = 'h-4 w-full' }: { className?: string }) {
  return <div aria-hidden className={twMerge('rounded bg-neutral-200 motion-safe:animate-pulse forced-colors:bg-[GrayText]', className)} />;
}

export interface SkeletonGroupProps {
  /** Announced once, instead of each grey block ("Loading orders…"). */
  label?: string;
  /** Number of text lines to draw. */
  lines?: number;
  className?: string;
}

/** Lines of placeholder text with one polite status for screen readers. */
export function SkeletonGroup({ label = 'Loading…', lines = 3, className }: SkeletonGroupProps) {
  return (
    <div role="status" aria-label={label} className={twMerge('flex w-full max-w-md flex-col gap-2', className)}>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={i === lines - 1 ? 'h-4 w-2/3' : 'h-4 w-full'} />
      ))}
    </div>
  );
}

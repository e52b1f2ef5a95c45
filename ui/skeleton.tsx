/** A placeholder block while content loads. Decorative: pair it with a status message (`SkeletonGroup` gives one). */
export function Skeleton({ className = 'h-4 w-full' }: { className?: string }) {
  return <div aria-hidden className={`rounded bg-neutral-200 motion-safe:animate-pulse forced-colors:bg-[GrayText] ${className}`} />;
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
    <div role="status" aria-label={label} className={`flex w-full max-w-md flex-col gap-2 ${className ?? ''}`}>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={`h-4 ${i === lines - 1 ? 'w-2/3' : 'w-full'}`} />
      ))}
    </div>
  );
}

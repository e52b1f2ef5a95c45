import { startTransition, useEffect, useState, type ReactNode } from 'react';

export interface RenderedAfterProps {
  /** What stands in its place until then: its room on the page, so nothing below it moves twice. */
  placeholder: ReactNode;
  children: ReactNode;
}

/**
 * `children` rendered right after what comes before them has been drawn (ADR 239): the first
 * commit draws `placeholder`, then `children` render in a transition, in slices a tap can
 * interrupt. For a heavy part of a page below its first screen (a long form), so the part a
 * person sees first is painted without waiting for it.
 */
export function RenderedAfter({ placeholder, children }: RenderedAfterProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready ? children : placeholder;
}

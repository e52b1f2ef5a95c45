import { useEffect } from 'react';
import { useLocation } from 'wouter';

let current: string | null = null;
let previous: string | null = null;

/**
 * The path visited before `location` in this tab, for "back to the previous path". Works during
 * the render of the new location too (before the history effect has recorded it).
 */
export function previousPath(location: string): string | null {
  return current !== location ? current : previous;
}

/** Records each navigation (mounted once, in the app). */
export function useNavigationHistory(): void {
  const [location] = useLocation();
  useEffect(() => {
    if (location === current) return;
    previous = current;
    current = location;
  }, [location]);
}

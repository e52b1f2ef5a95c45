import { useEffect } from 'react';

/**
 * Calls `onLeave` once when the pointer leaves the page through its top edge (towards the tab bar
 * or the address bar): the moment a visitor is about to leave. It never stops them.
 */
export function useExitIntent(enabled: boolean, onLeave: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    const onOut = (event: MouseEvent) => {
      if (event.relatedTarget === null && event.clientY <= 0) onLeave();
    };
    document.addEventListener('mouseout', onOut);
    return () => document.removeEventListener('mouseout', onOut);
  }, [enabled, onLeave]);
}

import { createContext, useContext } from 'react';

/**
 * True while the build renders a page's first screen to HTML (ADR 141). That screen is the same for
 * every visitor, so what depends on who is looking (the header's account links) is drawn
 * invisible there, holding its place, and appears when the app takes over.
 */
export const PrerenderContext = createContext(false);

export function usePrerendering(): boolean {
  return useContext(PrerenderContext);
}

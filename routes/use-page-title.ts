import { useEffect } from 'react';

export const DEFAULT_TITLE = 'Manufacture: instant quotes for 3D printing, CNC machining and vacuum casting';

/** Sets the document title for the page (spec section 2: "the page title is set from the route"). */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Manufacture` : DEFAULT_TITLE;
  }, [title]);
}

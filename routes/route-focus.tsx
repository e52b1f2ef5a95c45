import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { clearAnnouncements } from '#lib/a11y/announce';
import { isQuotePath } from './route-table.ts';

/**
 * Whether going from `from` to `to` is a new page for the visitor. A changed query (a list's filter
 * or page, ADR 098) is not, and neither is the quote page getting its project's address
 * (`/quote` → `/quote/{id}` after the first drop): the visitor is still on the page they were using.
 */
export function isNewPage(from: string, to: string): boolean {
  if (from === to) return false;
  if (isQuotePath(from) && isQuotePath(to) && !from.startsWith('/quote/shared/') && !to.startsWith('/quote/shared/')) {
    return !(from === '/quote' && to.startsWith('/quote/')) && !(to === '/quote' && from.startsWith('/quote/'));
  }
  return true;
}

/** The element a new page's focus goes to: its main heading (made focusable by script only). */
export function mainHeading(doc: Document = document): HTMLElement | null {
  return doc.querySelector<HTMLElement>('main h1') ?? doc.querySelector<HTMLElement>('h1');
}

/**
 * Focus on a route change (WCAG 2.4.3, 4.1.3; ADR 121): on every change of page but the first
 * load, focus moves to the new page's main heading, so a screen reader says where the visitor is
 * and the next Tab starts at the content, not at the top of the document. A page that draws its
 * heading after loading gets focus when the heading appears, unless the visitor has moved focus
 * meanwhile. Announcements still pending from the page left are dropped.
 */
export function RouteFocus() {
  const [location] = useLocation();
  const previous = useRef<string | null>(null);
  // Until the visitor presses a key or a pointer, a change of address is still the first load (a
  // redirect: `/` to the quote page, a guarded page to log in), which keeps the browser's focus.
  const interacted = useRef(false);

  useEffect(() => {
    const onInput = () => {
      interacted.current = true;
    };
    window.addEventListener('keydown', onInput, true);
    window.addEventListener('pointerdown', onInput, true);
    return () => {
      window.removeEventListener('keydown', onInput, true);
      window.removeEventListener('pointerdown', onInput, true);
    };
  }, []);

  useEffect(() => {
    const from = previous.current;
    previous.current = location;
    if (from === null || !isNewPage(from, location)) return;
    clearAnnouncements();
    if (!interacted.current) return;
    // What had focus when the page changed (the link pressed, or nothing once it was removed).
    const before = document.activeElement;
    const untouched = () => {
      const active = document.activeElement;
      return !active || active === document.body || active === before || !active.isConnected;
    };
    const tryFocus = (): boolean => {
      const heading = mainHeading();
      if (!heading) return false;
      if (untouched()) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [location]);

  return null;
}

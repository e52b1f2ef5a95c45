import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** Spec section 9: a hash anchor lands 100 px below the top (room for the sticky header). */
export const SCROLL_OFFSET_PX = 100;

/** Scrolls a given hash anchor into view with the offset; returns whether it found it. */
export function scrollToHash(hash: string, win: Window = window): boolean {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return false;
  const target = win.document.getElementById(id);
  if (!target) return false;
  win.scrollTo({ top: target.getBoundingClientRect().top + win.scrollY - SCROLL_OFFSET_PX });
  return true;
}

/** On navigation: scroll to the top, or to the hash anchor with a 100 px offset (spec section 2). */
export function ScrollManager() {
  const [location] = useLocation();
  useEffect(() => {
    if (!scrollToHash(window.location.hash)) window.scrollTo({ top: 0 });
  }, [location]);
  useEffect(() => {
    const onHash = () => scrollToHash(window.location.hash);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return null;
}

/**
 * Inside a lazily loaded page's Suspense boundary: once the page has rendered, its hash anchor
 * exists, so scroll to it then (ScrollManager ran while the page was still loading).
 */
export function ScrollToHashOnMount() {
  useEffect(() => {
    scrollToHash(window.location.hash);
  }, []);
  return null;
}

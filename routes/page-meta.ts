import { useEffect } from 'react';
import { useT, type Translator } from '#lib/i18n/i18n';
import type { RouteMeta } from './route-table.ts';

/**
 * Page meta of spec section 2: the title from the route (or the default), noindex where set,
 * a canonical link and a description where set. Head elements are kept in place and updated, so
 * navigating never leaves the previous page's meta behind.
 */
export function usePageMeta(meta: RouteMeta | undefined): void {
  const { title, description } = pageTexts(meta, useT());
  const noindex = !!meta?.noindex;
  const canonical = !!meta?.canonical;
  useEffect(() => {
    document.title = title;
    setMeta('robots', noindex ? 'noindex' : null);
    setMeta('description', description);
    setCanonical(canonical ? `${window.location.origin}${window.location.pathname}` : null);
  }, [title, noindex, canonical, description]);
}

function setMeta(name: string, content: string | null): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (content === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.append(el);
  }
  el.content = content;
}

function setCanonical(href: string | null): void {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (href === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.append(el);
  }
  el.href = href;
}

/** A page's title and description, as the head shows them (also written into a prerendered page, ADR 141). */
export function pageTexts(meta: RouteMeta | undefined, t: Translator): { title: string; description: string } {
  return {
    title: meta?.title ? t('app.titleTemplate', { title: t(meta.title) }) : t('app.defaultTitle'),
    description: t(meta?.description ?? 'app.defaultDescription'),
  };
}

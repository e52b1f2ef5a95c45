import { useSyncExternalStore } from 'react';
import { useT } from '#lib/i18n/i18n';
import { COOKIE_ACCEPTED_VALUE, STORAGE_KEYS, storage } from '#lib/storage/storage';
import { Button } from '#ui/button';
import { Link } from '#ui/link';

/** Whether the visitor has accepted cookies (the flag is stored as `1`, spec section 3). */
export function hasAcceptedCookies(): boolean {
  return storage.get(STORAGE_KEYS.cookieAccepted) === COOKIE_ACCEPTED_VALUE;
}

/** Banners on screen: each shows the stored answer (one in a loading page's frame, one in the page's own). */
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/**
 * The cookie banner (spec sections 2 and 4): shown until accepted, with the privacy-policy link.
 * A non-modal region in the page's flow, above the header (ADR 121): it never covers the focused
 * control (WCAG 2.4.11) as a banner fixed over the content would, never traps focus, and is
 * reachable from the landmark list. Accepting it hands focus to the page's main content, which
 * is where a keyboard user was heading. Every banner reads the stored answer (an external store):
 * accepted in the frame of a loading page, it does not come back in the page's own frame.
 */
export function CookieBanner({ onAccepted }: { onAccepted?: () => void }) {
  const accepted = useSyncExternalStore(subscribe, hasAcceptedCookies);
  const t = useT();
  if (accepted) return null;
  return (
    <section aria-label={t('cookie.region')} className="border-b border-neutral-200 bg-neutral-0 forced-colors:border-[CanvasText]">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-gutter py-4">
        <p className="max-w-3xl text-body">
          {t.rich('cookie.message', { link: (chunks) => <Link href="/terms-of-use?tab=privacy-policy">{chunks}</Link> })}
        </p>
        <Button
          onPress={() => {
            storage.set(STORAGE_KEYS.cookieAccepted, COOKIE_ACCEPTED_VALUE);
            for (const listener of [...listeners]) listener();
            onAccepted?.();
          }}
        >
          {t('cookie.accept')}
        </Button>
      </div>
    </section>
  );
}

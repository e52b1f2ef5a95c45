import { useEffect, useSyncExternalStore } from 'react';
import { APP_BASE_PATH } from '#domain/api/bases';
import { CONSENT_COOKIE } from '#domain/rules/consent-cookie';
import { useT } from '#lib/i18n/i18n';
import { COOKIE_ACCEPTED_VALUE, STORAGE_KEYS, storage } from '#lib/storage/storage';
import { Button } from '#ui/button';
import { Link } from '#ui/link';

/** Whether the visitor has accepted cookies (the flag is stored as `1`, spec section 3). */
export function hasAcceptedCookies(): boolean {
  return storage.get(STORAGE_KEYS.cookieAccepted) === COOKIE_ACCEPTED_VALUE;
}

/**
 * Keeps the server told whether the banner was accepted (ADR 141), so the quote page it prerenders
 * comes with the banner exactly when the app shows it. The cookie follows the stored answer: written
 * on accepting (or where an earlier consent has none yet), removed where the storage was cleared.
 */
function syncConsentCookie(accepted: boolean): void {
  const cookie = `${CONSENT_COOKIE.name}=${CONSENT_COOKIE.value}`;
  if (document.cookie.split('; ').includes(cookie) === accepted) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const value = accepted ? `${cookie}; Max-Age=${CONSENT_COOKIE.maxAgeSeconds}` : `${CONSENT_COOKIE.name}=; Max-Age=0`;
  document.cookie = `${value}; Path=${APP_BASE_PATH}; SameSite=Lax${secure}`;
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
  // The same store on a server render: the build prerenders the page with and without the banner (ADR 141).
  const accepted = useSyncExternalStore(subscribe, hasAcceptedCookies, hasAcceptedCookies);
  const t = useT();
  useEffect(() => syncConsentCookie(accepted), [accepted]);
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

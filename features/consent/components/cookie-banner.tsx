import { useState } from 'react';
import { useT } from '#lib/i18n/i18n';
import { COOKIE_ACCEPTED_VALUE, STORAGE_KEYS, storage } from '#lib/storage/storage';
import { Button } from '#ui/button';
import { Link } from '#ui/link';

/** Whether the visitor has accepted cookies (the flag is stored as `1`, spec section 3). */
export function hasAcceptedCookies(): boolean {
  return storage.get(STORAGE_KEYS.cookieAccepted) === COOKIE_ACCEPTED_VALUE;
}

/**
 * The cookie banner (spec sections 2 and 4): shown until accepted, with the privacy-policy link.
 * A non-modal region at the bottom of the page: it never traps focus or hides content from
 * assistive technology, and it is reachable from the skip link's landmark list.
 */
export function CookieBanner() {
  const [accepted, setAccepted] = useState(hasAcceptedCookies);
  const t = useT();
  if (accepted) return null;
  return (
    <section
      aria-label={t('cookie.region')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-neutral-200 bg-neutral-0 shadow-lg forced-colors:border-[CanvasText]"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-gutter py-4">
        <p className="max-w-3xl text-body">
          {t.rich('cookie.message', { link: (chunks) => <Link href="/terms-of-use?tab=privacy-policy">{chunks}</Link> })}
        </p>
        <Button
          onPress={() => {
            storage.set(STORAGE_KEYS.cookieAccepted, COOKIE_ACCEPTED_VALUE);
            setAccepted(true);
          }}
        >
          {t('cookie.accept')}
        </Button>
      </div>
    </section>
  );
}

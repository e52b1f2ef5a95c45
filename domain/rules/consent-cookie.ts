/**
 * The cookie that mirrors the stored cookie consent (spec section 3's flag) for the server, so the
 * prerendered page it sends (`prerendered-pages.ts`, ADR 141) already has, or has not, the banner
 * the app will show. It says only that the banner was accepted. A module of its own: the cookie
 * banner reads it in the browser, which needs nothing of the list of prerendered pages.
 */
export const CONSENT_COOKIE = { name: 'manufacture_consent', value: '1', maxAgeSeconds: 365 * 24 * 3600 } as const;

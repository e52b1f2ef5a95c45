import type { Context, MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';

type Source = string | typeof NONCE;
type Directives = Record<string, Source[]>;

/**
 * The Content-Security-Policy the production app satisfies (issue 12 item 6, ADR 080), derived
 * from what the built app loads and checked by running the end-to-end suite with it on (the suite
 * fails on any violation report):
 * - scripts only from this origin, no inline script; `'wasm-unsafe-eval'` compiles the STEP
 *   reader's WebAssembly (occt-import-js), nothing else may evaluate code in a page;
 * - workers (the geometry worker, the sign-up's proof-of-work worker, ADR 081) from this origin or a
 *   blob: URL; the proof-of-work worker needs nothing more (WebCrypto's PBKDF2, no eval, no wasm);
 * - style sheets from this origin, plus the two `<style>` elements react-aria adds at run time,
 *   which carry the page's nonce (`<meta name="csp-nonce">`, see `withStyleNonce`), and `style`
 *   attributes (react-aria positions popovers with them);
 * - images from this origin, data: (the captcha, the colour swatches) and blob: (previews);
 * - calls only to this origin, and to blob: URLs the page made itself (Chromium checks a picture's
 *   object URL against connect-src when the profile's preview is replaced by the saved picture);
 *   no plugins, no framing by anyone, forms post here only.
 */
export function contentSecurityPolicy(options: { https: boolean; reportUri?: string | undefined }): Directives {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    workerSrc: ["'self'", 'blob:'],
    styleSrc: ["'self'", NONCE],
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", 'blob:'],
    mediaSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(options.https ? { upgradeInsecureRequests: [] } : {}),
    ...(options.reportUri ? { reportUri: [options.reportUri] } : {}),
  };
}

/** A policy as a header value (what hono/secure-headers writes for the others). */
function render(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...sources.filter((s): s is string => typeof s === 'string')].join(' '))
    .join('; ');
}

/**
 * The geometry worker's own policy. The STEP reader's glue code (Emscripten's embind) builds its
 * function wrappers with `new Function`, so the worker, and only the worker, may evaluate code: it
 * has no document, no cookies and no token to steal, and it reads only the file the visitor chose.
 * A dedicated worker takes its policy from its script's answer, so the pages keep theirs.
 */
export function geometryWorkerPolicy(options: { https: boolean; reportUri?: string | undefined }): string {
  const directives = contentSecurityPolicy(options);
  return render({ ...directives, scriptSrc: [...(directives.scriptSrc ?? []), "'unsafe-eval'"], styleSrc: ["'self'"] });
}

/**
 * Security headers on every answer (hono/secure-headers): the policy above, `nosniff`, no framing
 * (`frame-ancestors 'none'` and `X-Frame-Options: DENY` for old browsers), referrers cut to the
 * origin across sites, and HSTS when the site is served over https (PUBLIC_URL). An answer that
 * set its own policy (the geometry worker's script) keeps it.
 */
export function securityHeaders(config: { publicUrl: string; cspReportUri?: string | undefined }): MiddlewareHandler {
  const https = config.publicUrl.startsWith('https:');
  return secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy({ https, reportUri: config.cspReportUri }),
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
    overwrite: false,
  });
}

/**
 * The app's index.html with this answer's style nonce, where react-aria reads it
 * (`<meta name="csp-nonce" nonce="…">`; the `nonce` attribute is hidden from the page's own CSS
 * and scripts once parsed). Served `no-cache`: the nonce is new on every answer.
 */
export function withStyleNonce(c: Context, html: string): string {
  const nonce = (c.get as (key: string) => unknown)('secureHeadersNonce');
  if (typeof nonce !== 'string') return html;
  c.header('Cache-Control', 'no-cache');
  return html.replace(/<head>/i, `<head><meta name="csp-nonce" nonce="${nonce}">`);
}

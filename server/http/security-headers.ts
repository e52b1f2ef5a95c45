import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * The Content-Security-Policy the production app satisfies (issue 12 item 6, ADR 080), derived
 * from what the built app loads and checked by running the end-to-end suite with it on (the suite
 * fails on any violation report):
 * - scripts only from this origin, no inline script; `'wasm-unsafe-eval'` compiles the STEP
 *   reader's WebAssembly (occt-import-js), nothing else may evaluate code;
 * - workers (the geometry worker) from this origin or a blob: URL;
 * - styles from this origin, and `style` attributes (react-aria positions popovers with them);
 * - images from this origin, data: (the captcha, the colour swatches) and blob: (previews);
 * - calls only to this origin; no plugins, no framing by anyone, forms post here only.
 */
export function contentSecurityPolicy(options: { https: boolean; reportUri?: string | undefined }) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    workerSrc: ["'self'", 'blob:'],
    styleSrc: ["'self'"],
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    mediaSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(options.https ? { upgradeInsecureRequests: [] } : {}),
    ...(options.reportUri ? { reportUri: [options.reportUri] } : {}),
  };
}

/**
 * Security headers on every answer (hono/secure-headers): the policy above, `nosniff`, no framing
 * (`frame-ancestors 'none'` and `X-Frame-Options: DENY` for old browsers), referrers cut to the
 * origin across sites, and HSTS when the site is served over https (PUBLIC_URL).
 */
export function securityHeaders(config: { publicUrl: string; cspReportUri?: string | undefined }): MiddlewareHandler {
  const https = config.publicUrl.startsWith('https:');
  return secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy({ https, reportUri: config.cspReportUri }),
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
  });
}

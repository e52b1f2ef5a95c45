import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { getMimeType } from 'hono/utils/mime';
import { APP_BASE_PATH } from '#domain/api/bases';
import { CHECKOUT_MESSAGES } from '#domain/rules/checkout-rules';
import { CONSENT_COOKIE } from '#domain/rules/consent-cookie';
import { PRERENDER_DIR, prerenderedFileFor } from '#domain/rules/prerendered-pages';
import { encode, preferredCoding, varyOnEncoding, type ContentCoding } from './compression.ts';
import { withStyleNonce } from './security-headers.ts';

/** Vite's content-hashed output: a file there never changes, so a browser keeps it a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (the favicon; index.html, which is new each time): kept, but asked again each time (a 304 when unchanged). */
export const REVALIDATE_CACHE = 'no-cache';

/**
 * A path that names a file (the last segment has an extension a build writes), not a page of the
 * app: when no such file exists the answer is a 404, never index.html.
 */
const FILE_LIKE = /\.(?:js|mjs|css|map|json|wasm|woff2?|ttf|otf|png|jpe?g|gif|webp|avif|svg|ico|txt|xml|webmanifest|br|gz)$/i;

const CODING_SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

interface Variant {
  file: string;
  size: number;
  etag: string;
}

interface StaticFile {
  type: string;
  cacheControl: string;
  /** The plain file, and its brotli and gzip copies where the build wrote them (ADR 106). */
  identity: Variant;
  coded: Partial<Record<ContentCoding, Variant>>;
}

function variant(file: string, tag: string): Variant {
  const stat = fs.statSync(file);
  return { file, size: stat.size, etag: `"${stat.size.toString(36)}-${Math.round(stat.mtimeMs).toString(36)}${tag}"` };
}

/** Every file of the build, by its path under the app's base ("/assets/index-abc.js"), read once at start. */
function indexBuild(staticDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      // Dot folders and files (Vite's .vite/manifest.json) describe the build; they are not the site.
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      if (!entry.isFile() || /\.(?:br|gz)$/.test(entry.name)) continue;
      const urlPath = `/${path.relative(staticDir, full).split(path.sep).join('/')}`;
      const coded: StaticFile['coded'] = {};
      for (const coding of ['br', 'gzip'] as const) {
        const copy = full + CODING_SUFFIX[coding];
        if (fs.existsSync(copy)) coded[coding] = variant(copy, `-${coding}`);
      }
      files.set(urlPath, {
        type: getMimeType(entry.name) ?? 'application/octet-stream',
        cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE,
        identity: variant(full, ''),
        coded,
      });
    }
  };
  walk(staticDir);
  return files;
}

/** One file of the build in the best coding the browser accepts; a 304 when its copy is current. */
function sendFile(c: Context, file: StaticFile): Response {
  const available = (['br', 'gzip'] as const).filter((coding) => file.coded[coding]);
  const coding = available.length ? preferredCoding(c, available) : undefined;
  const chosen = coding ? file.coded[coding]! : file.identity;
  const headers = new Headers({ 'Content-Type': file.type, 'Cache-Control': file.cacheControl, ETag: chosen.etag });
  if (available.length) varyOnEncoding(headers);
  if (coding) headers.set('Content-Encoding', coding);
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === chosen.etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set('Content-Length', String(chosen.size));
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(Readable.toWeb(fs.createReadStream(chosen.file)) as ReadableStream, { status: 200, headers });
}

/**
 * Serves the built single-page app under /manufacture/ (ADR 106). The build is indexed once at
 * start: a file of it goes out in brotli or gzip when the browser accepts one (`Vary:
 * Accept-Encoding`), hashed assets with a one-year immutable cache, the rest (index.html) with
 * `no-cache` and an ETag. A missing file (anything under assets/, or a path with a file's
 * extension) is a 404; any other path is a page of the app and gets index.html, whose router sends
 * unknown pages to /404.
 *
 * index.html carries the answer's style nonce (ADR 080) when the security headers gave one: then it
 * is written for each answer, `no-cache` without an ETag (a nonce is never reused, so there is no
 * 304), and sent uncompressed (about 1 KB). The geometry worker's script gets `workerPolicy`, the
 * one policy that lets the STEP reader's glue evaluate code.
 *
 * The quote page (and the app's root, which opens it) gets its prerendered first screen instead
 * (ADR 141, `dist/.prerender/`): the one for the process its `technology` names, with the cookie
 * banner unless the consent cookie says it was accepted. It is written for each answer like
 * index.html, and compressed (about 11 KB), `Vary: Cookie, Accept-Encoding`.
 */
export function mountWebApp(app: Hono, staticDir: string, options: { workerPolicy?: string; sandboxNotice?: boolean } = {}): void {
  const { workerPolicy, sandboxNotice = false } = options;
  const files = indexBuild(staticDir);
  const index = files.get('/index.html');
  if (!index) throw new Error(`No built web app at ${staticDir}: run \`npm run build\` first`);
  const notice = (html: string) => (sandboxNotice ? withSandboxNotice(html) : html);
  const indexHtml = notice(fs.readFileSync(index.identity.file, 'utf8'));
  const prerendered = new Map([...readPrerendered(path.join(staticDir, PRERENDER_DIR))].map(([name, html]) => [name, notice(html)]));
  const base = APP_BASE_PATH.replace(/\/$/, '');
  const page = async (c: Context, rest: string): Promise<Response> => {
    const consented = getCookie(c, CONSENT_COOKIE.name) === CONSENT_COOKIE.value;
    const file = prerenderedFileFor(rest, new URL(c.req.url).searchParams, consented);
    const first = file ? prerendered.get(file) : undefined;
    if (first) return prerenderedAnswer(c, withStyleNonce(c, first));
    const html = withStyleNonce(c, indexHtml);
    // The build's compressed copies are of its own index.html; one with the notice is written here.
    if (html === indexHtml && !sandboxNotice) return sendFile(c, index);
    return c.html(html, 200, { 'Cache-Control': REVALIDATE_CACHE });
  };

  // The site root is outside the app (spec: everything lives under /manufacture/). It is where a
  // channel account is sent (spec sections 4 and 6), so it must not lead back into the app by itself.
  app.get('/', (c) => c.html(SITE_ROOT_HTML));
  app.get(base, (c) => c.redirect(APP_BASE_PATH));
  app.get(`${base}/*`, (c) => {
    const rest = c.req.path.slice(base.length);
    const file = files.get(rest);
    if (file === index) return page(c, rest);
    if (file) {
      const res = sendFile(c, file);
      if (workerPolicy && /^\/assets\/geometry-worker-[\w-]+\.js$/.test(rest)) res.headers.set('Content-Security-Policy', workerPolicy);
      return res;
    }
    if (rest.startsWith('/assets/') || FILE_LIKE.test(rest)) {
      return c.text('Not found', 404, { 'Cache-Control': REVALIDATE_CACHE });
    }
    return page(c, rest);
  });
}

/**
 * The sandbox notice above every page (issue 32 item 12): a production server that takes only test
 * cards says so before anything else, in the page's HTML itself (no script, no shift when it runs).
 */
export function withSandboxNotice(html: string): string {
  return html.replace(/<body[^>]*>/i, (body) => `${body}<aside class="sandbox-notice" aria-label="Sandbox">${CHECKOUT_MESSAGES.sandboxShop}</aside>`);
}

/** The prerendered pages of the build (ADR 141) by file name; none for a build without them. */
function readPrerendered(dir: string): Map<string, string> {
  const pages = new Map<string, string>();
  if (!fs.existsSync(dir)) return pages;
  for (const name of fs.readdirSync(dir)) {
    if (name.endsWith('.html')) pages.set(name, fs.readFileSync(path.join(dir, name), 'utf8'));
  }
  return pages;
}

/** A prerendered page: `no-cache`, compressed in the best coding accepted, varying with the consent cookie. */
async function prerenderedAnswer(c: Context, html: string): Promise<Response> {
  const headers = new Headers({ 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': REVALIDATE_CACHE, Vary: 'Cookie' });
  varyOnEncoding(headers);
  const bytes = new TextEncoder().encode(html);
  const coding = preferredCoding(c);
  if (coding) headers.set('Content-Encoding', coding);
  const body = coding ? await encode(bytes, coding) : bytes;
  headers.set('Content-Length', String(body.byteLength));
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

const SITE_ROOT_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Manufacture</title>
<link rel="icon" type="image/svg+xml" href="${APP_BASE_PATH}favicon.svg"></head>
<body style="font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f7f8fa;color:#161a1f"><main style="max-width:32rem;padding:2rem"><h1>Manufacture</h1>
<p>Instant quotes for 3D printing, CNC machining and vacuum casting.</p>
<p><a href="${APP_BASE_PATH}" style="color:#184a9f">Get an instant quote</a></p>
<p>Channel partner accounts are served by your partner contact, not through the online marketplace.</p></main></body></html>`;

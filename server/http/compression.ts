import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { accepts } from 'hono/accepts';

/** What the server can send, best first: brotli, then gzip (ADR 106). */
export type ContentCoding = 'br' | 'gzip';
const CODINGS: readonly ContentCoding[] = ['br', 'gzip'];

/**
 * The best coding the request accepts among `available` (default: both), or undefined for the
 * plain bytes. Reads `Accept-Encoding` with its weights: `br;q=0` refuses brotli, `*` stands for
 * any coding not named, and between equal weights brotli wins (it is smaller).
 */
export function preferredCoding(c: Context, available: readonly ContentCoding[] = CODINGS): ContentCoding | undefined {
  const chosen = accepts(c, {
    header: 'Accept-Encoding',
    supports: [...available],
    default: 'identity',
    match: (offers) => {
      const weight = (coding: string) => {
        const named = offers.find((o) => o.type.toLowerCase() === coding);
        return named ? named.q : (offers.find((o) => o.type === '*')?.q ?? 0);
      };
      let best: { coding: string; q: number } | undefined;
      for (const coding of available) {
        const q = weight(coding);
        if (q > 0 && (!best || q > best.q)) best = { coding, q };
      }
      return best?.coding ?? 'identity';
    },
  });
  return chosen === 'identity' ? undefined : (chosen as ContentCoding);
}

/** Adds `Accept-Encoding` to a response's `Vary` header once. */
export function varyOnEncoding(headers: Headers): void {
  const vary = headers.get('Vary');
  if (vary === '*' || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/** API answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;
/** Larger answers are compressed off the event loop (zlib's thread pool); smaller ones inline. */
const INLINE_MAX_BYTES = 64 * 1024;

/** Brotli quality 5 and gzip level 6: most of the saving at a small cost per answer (ADR 106). */
const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };
const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

/** The bytes in `coding`, at the server's per-answer levels (small bodies inline, larger ones off the event loop). */
export async function encode(bytes: Uint8Array, coding: ContentCoding): Promise<Uint8Array> {
  const options = coding === 'br' ? { ...BROTLI_OPTIONS, params: { ...BROTLI_OPTIONS.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } } : GZIP_OPTIONS;
  if (bytes.byteLength <= INLINE_MAX_BYTES) {
    return coding === 'br' ? zlib.brotliCompressSync(bytes, options) : zlib.gzipSync(bytes, options);
  }
  return coding === 'br' ? brotliAsync(bytes, options) : gzipAsync(bytes, options);
}

/**
 * Compresses the API's JSON answers of at least 1 KB with the best coding the caller accepts.
 * Never touches an answer that already has a coding, a file or any other non-JSON body (files
 * stream as they are), the answer to an upload (a multipart request), a HEAD, or an answer marked
 * `no-transform`. hono's own `compress` was not used: it decides the 1 KB threshold from
 * `Content-Length`, which `c.json` does not set, so it compressed every answer (ADR 106).
 */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method === 'HEAD' || c.req.header('Content-Type')?.toLowerCase().startsWith('multipart/')) return;
    // Only headers and status until the answer is known to be compressed: reading `body` or
    // `statusText` turns @hono/node-server's lightweight response into a full one, which costs
    // every answer a slower write.
    const res = c.res;
    const type = res.headers.get('Content-Type');
    if (!type || !/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) return;
    if (res.status === 204 || res.status === 206 || res.status === 304 || res.headers.has('Content-Encoding')) return;
    if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')) return;
    // From here the answer has variants: caches must keep them apart whatever this caller accepts.
    varyOnEncoding(res.headers);
    const coding = preferredCoding(c);
    if (!coding || !res.body) return;
    const bytes = new Uint8Array(await res.arrayBuffer());
    const compressed = bytes.byteLength >= COMPRESS_MIN_BYTES;
    const body = compressed ? await encode(bytes, coding) : bytes;
    // hono's `c.res` setter copies the old answer's headers onto the new one, so they are set there.
    const headers = res.headers;
    headers.delete('Content-Length');
    if (compressed) {
      headers.set('Content-Encoding', coding);
      const etag = headers.get('ETag');
      if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    }
    c.res = new Response(body as Uint8Array<ArrayBuffer>, { status: res.status, statusText: res.statusText, headers });
  };
}

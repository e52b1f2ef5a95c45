import type { Context } from 'hono';

/** The caller's address: the socket's, or the first X-Forwarded-For entry behind a trusted proxy. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'local';
}

/** Headers a reverse proxy adds: a request carrying any of them came through one. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via'] as const;

/**
 * A request made on this machine and not relayed by a proxy: the socket is a loopback address
 * (in-process requests in tests have no socket and count as loopback) and no forwarding header is
 * present. A reverse proxy on the same host connects from 127.0.0.1, so the address alone is no
 * proof (issue 12 item 2); and a proxy that adds no forwarding header at all is exactly why the
 * outbox never trusts this test in production (ADR 080).
 */
export function isDirectLoopback(c: Context): boolean {
  if (PROXY_HEADERS.some((name) => c.req.header(name) !== undefined)) return false;
  const address = clientAddress(c, false);
  return address === 'local' || address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

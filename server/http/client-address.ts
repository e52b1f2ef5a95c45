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

/** In-process requests (tests) have no socket and count as loopback. */
export function isLoopback(c: Context): boolean {
  const address = clientAddress(c, false);
  return address === 'local' || address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

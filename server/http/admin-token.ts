import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';

/** The header that carries ADMIN_TOKEN on operator calls and the developer's outbox. */
export const ADMIN_HEADER = 'X-Admin-Token';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries the configured ADMIN_TOKEN (compared in constant time); never when none is configured. */
export function holdsAdminToken(c: Context, adminToken: string | undefined): boolean {
  const given = c.req.header(ADMIN_HEADER);
  return Boolean(adminToken) && given !== undefined && timingSafeEqual(digest(given), digest(adminToken as string));
}

import { Hono, type Context } from 'hono';
import type { AppContext } from './app-context.ts';
import { HttpError } from '../errors.ts';
import { holdsAdminToken } from './admin-token.ts';
import { isDirectLoopback } from './client-address.ts';

/**
 * Who may read the developer's outbox (ADRs 021, 080): a caller holding ADMIN_TOKEN (header
 * X-Admin-Token), or, outside production only, a request made on this machine and not through a
 * proxy. In production the loopback address proves nothing: a reverse proxy on the same host
 * connects from it.
 */
export function mayReadOutbox(ctx: AppContext, c: Context): boolean {
  if (holdsAdminToken(c, ctx.config.adminToken)) return true;
  return !ctx.config.production && isDirectLoopback(c);
}

/** The developer's outbox: recent mails with their links, from memory (ADR 080). 404 for anyone else. */
export function devRoutes(ctx: AppContext): Hono {
  const routes = new Hono();
  routes.get('/outbox', (c) => {
    const outbox = ctx.mailer.outbox;
    if (!outbox || !mayReadOutbox(ctx, c)) throw new HttpError(404, 'Not found');
    const limit = Math.min(Math.max(Number(c.req.query('limit') ?? 50) || 50, 1), 500);
    const to = c.req.query('to')?.slice(0, 254);
    const list = outbox.recent({ limit, ...(to ? { to } : {}) });
    c.header('Cache-Control', 'no-store');
    if ((c.req.header('accept') ?? '').includes('text/html')) {
      const esc = (v: string) => v.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
      const items = list
        .map(
          (m) =>
            `<article><h2>${esc(m.subject)}</h2><p>To ${esc(m.to)} at ${esc(m.createdAt)}</p><ul>${m.links
              .map((l) => `<li><a href="${esc(l)}">${esc(l)}</a></li>`)
              .join('')}</ul><pre>${esc(m.text)}</pre></article>`,
        )
        .join('<hr>');
      return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title></head><body><h1>Outbox (${list.length})</h1>${items || '<p>No mail yet.</p>'}</body></html>`);
    }
    return c.json({ list });
  });
  return routes;
}

import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { HttpError } from '../errors.ts';
import { recentMails } from '../mail/mailer.ts';
import { isLoopback } from './client-address.ts';

/**
 * Whether GET /dev/outbox is served (ADR 021): always when no SMTP is configured (the mails go
 * nowhere else), outside production, or with DEV_OUTBOX=1.
 */
export function outboxEnabled(ctx: AppContext): boolean {
  return !ctx.config.smtpUrl || !ctx.config.production || ctx.config.devOutbox;
}

/** The developer's outbox: recent mails with their links, from this machine only unless DEV_OUTBOX=1. */
export function devRoutes(ctx: AppContext): Hono {
  const routes = new Hono();
  routes.get('/outbox', async (c) => {
    if (!ctx.config.devOutbox && !isLoopback(c)) throw new HttpError(404, 'Not found');
    const limit = Math.min(Math.max(Number(c.req.query('limit') ?? 50) || 50, 1), 500);
    const to = c.req.query('to')?.slice(0, 254);
    const list = await recentMails(ctx.db, { limit, ...(to ? { to } : {}) });
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

import type { AppContext } from '../app-context.ts';
import { ApiRouter } from './api-router.ts';
import { HttpError } from '../errors.ts';
import { s } from './json-schema.ts';

/** Public files with unguessable names (avatars). */
export function filesRoutes(ctx: AppContext): ApiRouter {
  const router = new ApiRouter('/files', 'Files', { rateLimiter: ctx.rateLimiter, trustProxy: ctx.config.trustProxy });
  router.route({
    method: 'get',
    path: '/avatars/:name',
    summary: 'An avatar image',
    auth: 'public',
    response: s.string({ format: 'binary' }),
    handler: async (c) => {
      const name = c.req.param('name') ?? '';
      if (!/^[0-9a-f-]{36}\.(png|jpeg|gif|webp)$/.test(name)) throw new HttpError(404, 'Not found');
      const file = await ctx.storage.get(`avatars/${name}`);
      if (!file) throw new HttpError(404, 'Not found');
      return c.body(new Uint8Array(file.data), 200, {
        'Content-Type': file.contentType,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      });
    },
  });
  return router;
}

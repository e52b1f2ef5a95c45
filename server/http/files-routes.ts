import { z } from 'zod';
import type { AppContext } from './app-context.ts';
import { HttpError } from '../errors.ts';
import { ApiRouter } from './api-router.ts';

/** Public files with unguessable names (avatars). */
export function filesRoutes(ctx: AppContext): ApiRouter {
  const router = new ApiRouter('/files', 'Files', ctx);
  router.route({
    method: 'get',
    path: '/avatars/:name',
    summary: 'An avatar image',
    auth: 'public',
    params: z.object({ name: z.string().regex(/^[0-9a-f-]{36}\.(png|jpeg|gif|webp)$/) }),
    produces: 'image/*',
    handler: async (c, { params }) => {
      const file = await ctx.storage.get(`avatars/${params.name}`);
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

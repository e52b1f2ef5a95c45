import { z } from 'zod';
import {
  OkResponseSchema,
  QuickCallbackRequestSchema,
  QuickCallbackResponseSchema,
  QuickLoginChannelSchema,
  QuickLoginUrlResponseSchema,
  UnlinkQuickRequestSchema,
} from '#domain/api/account';
import { MAX, id, text } from '#domain/api/fields';
import type { AppContext } from './app-context.ts';
import { QuickLogin } from '../accounts/quick-login.ts';
import { ApiRouter, requireUser } from './api-router.ts';

/** Quick (social) login routes (ADR 022); the flow itself is `server/auth/quick-login.ts`. */
export function quickLoginRoutes(ctx: AppContext): ApiRouter {
  const quick = new QuickLogin(ctx);
  const router = new ApiRouter('/account/quick', 'Quick login', ctx);

  router.route({
    method: 'get',
    path: '/list',
    summary: 'The configured quick-login providers (empty when none), with whether the user linked each',
    auth: 'public',
    response: z.array(QuickLoginChannelSchema),
    handler: (c) => quick.channels(c.get('auth')),
  });

  router.route({
    method: 'get',
    path: '/loginUrl',
    summary: 'Where to send the browser to sign in with a provider',
    description: 'callback must be a page of this app (same origin as PUBLIC_URL). Called with a full token, the flow links the provider to that account instead of signing in.',
    auth: 'public',
    rateLimit: 'quickStart',
    query: z.object({ channel: id().default(''), callback: text(MAX.url).default('') }),
    response: QuickLoginUrlResponseSchema,
    handler: async (c, { query }) => ({ url: await quick.loginUrl(c.get('auth'), query.channel, query.callback) }),
  });

  router.route({
    method: 'post',
    path: '/callback',
    summary: 'Finish a quick login: exchanges the code, then signs in (or links the provider)',
    auth: 'public',
    rateLimit: 'login',
    body: QuickCallbackRequestSchema,
    response: QuickCallbackResponseSchema,
    handler: (c, { body }) => quick.callback(c.get('auth'), body),
  });

  router.route({
    method: 'patch',
    path: '/unlinkQuick',
    summary: 'Unlink a quick-login provider from the account',
    auth: 'user',
    body: UnlinkQuickRequestSchema,
    response: OkResponseSchema,
    handler: async (c, { body }) => {
      await quick.unlink(requireUser(c), body.channel);
      return { ok: true as const };
    },
  });

  return router;
}

import { OkResponseSchema } from '#domain/api/account';
import { CaptchaChallengeResponseSchema, CaptchaResponseSchema, CountryListQuerySchema, CountryListSchema, DetainRequestSchema, SemRecordRequestSchema } from '#domain/api/tools';
import { DETAIN_OPTIONS } from '#domain/rules/detain-rules';
import { detainSuite } from '#domain/rules/detain-suites';
import { recordDetainAnswer, recordSemVisit } from '../accounts/visits.ts';
import type { AppContext } from './app-context.ts';
import { countryList } from '../geography.ts';
import { ApiRouter } from './api-router.ts';

export function toolsRoutes(ctx: AppContext): ApiRouter {
  const router = new ApiRouter('/tools', 'Tools', ctx);

  router.route({
    method: 'get',
    path: '/countryList',
    summary: 'Countries, calling codes, or one country’s states',
    auth: 'public',
    query: CountryListQuerySchema,
    response: CountryListSchema,
    handler: async (c, { query }) => {
      const list = await countryList(ctx.db, query.type ?? 'country', query.country);
      c.header('Cache-Control', 'public, max-age=3600');
      return list;
    },
  });

  router.route({
    method: 'get',
    path: '/captchaImage',
    summary: 'A new image CAPTCHA (single use, valid 5 minutes)',
    auth: 'public',
    rateLimit: 'captcha',
    response: CaptchaResponseSchema,
    handler: async (c) => {
      const { captchaId, svg, expiresIn } = await ctx.captcha.create();
      c.header('Cache-Control', 'no-store');
      return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, expiresIn };
    },
  });

  router.route({
    method: 'get',
    path: '/captchaChallenge',
    summary: 'A proof-of-work CAPTCHA for anyone who cannot read the image (single use, valid 5 minutes)',
    description: 'An ALTCHA challenge in deterministic mode: find the counter whose PBKDF2 key starts with keyPrefix and send it as captchaCode. Shares the image’s rate limit.',
    auth: 'public',
    rateLimit: 'captcha',
    response: CaptchaChallengeResponseSchema,
    handler: async (c) => {
      const result = await ctx.captcha.createChallenge();
      c.header('Cache-Control', 'no-store');
      return result;
    },
  });

  router.route({
    method: 'post',
    path: '/semRecord',
    summary: 'Record where a visitor came from (sent when the landing URL has utm_* parameters)',
    auth: 'public',
    rateLimit: 'campaign',
    body: SemRecordRequestSchema,
    response: OkResponseSchema,
    status: 201,
    handler: async (c, { body }) => {
      await recordSemVisit(ctx, c.get('auth'), body);
      return { ok: true as const };
    },
  });

  router.route({
    method: 'post',
    path: '/detain',
    summary: 'The retention dialog’s answer',
    description: `option is one of: ${DETAIN_OPTIONS.join('; ')}. A reason is required with Other. A user’s answer also stops the dialog for that account.`,
    auth: 'session',
    rateLimit: 'detain',
    body: DetainRequestSchema,
    rules: (body) => detainSuite.runStatic(body),
    response: OkResponseSchema,
    status: 201,
    handler: async (c, { body }) => {
      await recordDetainAnswer(ctx, c.get('auth'), body);
      return { ok: true as const, message: 'Thank you for your answer.' };
    },
  });

  return router;
}

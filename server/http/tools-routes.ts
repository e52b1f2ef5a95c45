import { randomUUID } from 'node:crypto';
import {
  COUNTRY_LIST_TYPES,
  type CaptchaResponse,
  type CountryEntry,
  type CountryListType,
  type PhoneCodeEntry,
  type StateEntry,
} from '#domain/api/tools';
import type { OkResponse } from '#domain/api/account';
import { detainSuite, DETAIN_OPTIONS } from '#domain/rules/detain-rules';
import type { AppContext } from '../app-context.ts';
import { iso } from '../clock.ts';
import { serverGeography } from '../geography.ts';
import { ApiRouter } from './api-router.ts';
import { HttpError } from '../errors.ts';
import { s } from './json-schema.ts';
import { assertValid, optionalText, readJson, requiredText } from './request.ts';
import { schemas } from './schemas.ts';

function isCountryListType(value: string): value is CountryListType {
  return (COUNTRY_LIST_TYPES as readonly string[]).includes(value);
}

export function toolsRoutes(ctx: AppContext): ApiRouter {
  const { db, clock, config } = ctx;
  const router = new ApiRouter('/tools', 'Tools', { rateLimiter: ctx.rateLimiter, trustProxy: config.trustProxy });

  router.route({
    method: 'get',
    path: '/countryList',
    summary: 'Countries, calling codes, or one country’s states',
    auth: 'public',
    query: {
      type: { schema: s.enum(COUNTRY_LIST_TYPES), description: 'Default country.' },
      country: { schema: s.string(), description: 'ISO 3166-1 alpha-2; required with type=state.' },
    },
    response: s.array(s.object({}, { additionalProperties: true })),
    handler: async (c) => {
      const type = c.req.query('type') ?? 'country';
      if (!isCountryListType(type)) {
        throw new HttpError(422, `Unknown list type "${type}"; use one of ${COUNTRY_LIST_TYPES.join(', ')}`);
      }
      c.header('Cache-Control', 'public, max-age=3600');
      if (type === 'state') {
        const country = (c.req.query('country') ?? '').toUpperCase();
        if (!serverGeography.isCountry(country)) throw new HttpError(422, 'Please select a valid country.', { country: ['Please select a valid country.'] });
        return c.json(serverGeography.subdivisions(country).map((s): StateEntry => ({ code: s.code, name: s.name })));
      }
      const rows = await db.selectFrom('country').selectAll().orderBy('name').execute();
      if (type === 'country') {
        return c.json(rows.map((r): CountryEntry => ({ countryCode: r.code, countryName: r.name })));
      }
      const entries: PhoneCodeEntry[] = rows.flatMap((r) =>
        r.phone_codes
          .split(',')
          .filter(Boolean)
          .map((code) => ({ id: `${r.code}-${code}`, countryCode: r.code, countryName: r.name, phoneCode: `+${code}` })),
      );
      return c.json(entries);
    },
  });

  router.route({
    method: 'get',
    path: '/captchaImage',
    summary: 'A new image CAPTCHA (single use, valid 5 minutes)',
    auth: 'public',
    rateLimit: 'captcha',
    response: s.object({ captchaId: s.string(), image: s.string({ description: 'data:image/svg+xml;base64,…' }), expiresIn: s.integer() }),
    handler: async (c) => {
      const { captchaId, svg, expiresIn } = await ctx.captcha.create();
      c.header('Cache-Control', 'no-store');
      const body: CaptchaResponse = { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, expiresIn };
      return c.json(body);
    },
  });

  router.route({
    method: 'post',
    path: '/semRecord',
    summary: 'Record where a visitor came from (sent when the landing URL has utm_* parameters)',
    auth: 'public',
    body: s.object({ 'referer?': s.nullable(s.string()), browse_url: s.string(), 'query?': s.object({}, { additionalProperties: s.string() }) }, { additionalProperties: s.string() }),
    response: schemas.Ok,
    status: 201,
    handler: async (c) => {
      const body = await readJson(c);
      const browseUrl = requiredText(body.browse_url);
      const source: Record<string, unknown> = { ...body, ...(typeof body.query === 'object' && body.query !== null ? (body.query as Record<string, unknown>) : {}) };
      const utm: Record<string, string> = {};
      for (const [key, value] of Object.entries(source)) {
        if (key.startsWith('utm_') && typeof value === 'string' && value !== '') utm[key.slice(0, 64)] = value.slice(0, 500);
      }
      const errors: Record<string, string[]> = {};
      if (!browseUrl) errors.browse_url = ['browse_url is required.'];
      if (Object.keys(utm).length === 0) errors.query = ['At least one utm_ parameter is required.'];
      const first = Object.values(errors)[0]?.[0];
      if (first) throw new HttpError(422, first, errors);
      const auth = c.get('auth');
      await db
        .insertInto('sem_record')
        .values({
          id: randomUUID(),
          referer: optionalText(body.referer)?.slice(0, 2000) ?? null,
          browse_url: browseUrl.slice(0, 2000),
          utm: JSON.stringify(utm),
          user_id: auth.kind === 'user' ? auth.userId : null,
          temp_subject_id: auth.kind === 'temporary' ? auth.subjectId : null,
          created_at: iso(clock()),
        })
        .execute();
      return c.json({ ok: true } satisfies OkResponse, 201);
    },
  });

  router.route({
    method: 'post',
    path: '/detain',
    summary: 'The retention dialog’s answer',
    description: `option is one of: ${DETAIN_OPTIONS.join('; ')}. A reason is required with Other. A user’s answer also stops the dialog for that account.`,
    auth: 'session',
    body: s.object({ option: s.enum(DETAIN_OPTIONS), 'reason?': s.string() }),
    response: schemas.Ok,
    status: 201,
    handler: async (c) => {
      const body = await readJson(c);
      assertValid(detainSuite.runStatic(body));
      const auth = c.get('auth');
      const now = iso(clock());
      await db
        .insertInto('detain_answer')
        .values({
          id: randomUUID(),
          option: String(body.option),
          reason: optionalText(body.reason)?.slice(0, 2000) ?? null,
          user_id: auth.kind === 'user' ? auth.userId : null,
          temp_subject_id: auth.kind === 'temporary' ? auth.subjectId : null,
          created_at: now,
        })
        .execute();
      if (auth.kind === 'user') await db.updateTable('user_account').set({ detain_popup: 0, updated_at: now }).where('id', '=', auth.userId).execute();
      return c.json({ ok: true, message: 'Thank you for your answer.' } satisfies OkResponse, 201);
    },
  });

  return router;
}

import { Hono } from 'hono';
import { COUNTRY_LIST_TYPES, type CountryEntry, type CountryListType, type PhoneCodeEntry } from '#domain/api/tools';
import type { AppDeps } from '../app.ts';
import { HttpError } from './errors.ts';

function isCountryListType(value: string): value is CountryListType {
  return (COUNTRY_LIST_TYPES as readonly string[]).includes(value);
}

export function toolsRoutes({ db }: AppDeps): Hono {
  const routes = new Hono();

  routes.get('/countryList', async (c) => {
    const type = c.req.query('type') ?? 'country';
    if (!isCountryListType(type)) {
      throw new HttpError(422, `Unknown list type "${type}"; use one of ${COUNTRY_LIST_TYPES.join(', ')}`);
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
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json(entries);
  });

  return routes;
}

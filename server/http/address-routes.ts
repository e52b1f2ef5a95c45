import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { BillingAddress, DeletedResponse, ShippingAddress } from '#domain/api/address';
import { billingAddressSuite, findSubdivision, shippingAddressSuite } from '#domain/rules/address-rules';
import type { AppContext } from '../app-context.ts';
import { iso } from '../clock.ts';
import type { BillingAddressTable, Database, ShippingAddressTable } from '../db/schema.ts';
import { countryName, serverGeography } from '../geography.ts';
import { ApiRouter, pathParam, requireUser } from './api-router.ts';
import { HttpError } from '../errors.ts';
import { s } from './json-schema.ts';
import { assertValid, optionalText, readIds, readJson, requiredText } from './request.ts';
import { schemas } from './schemas.ts';

export const MAX_ADDRESSES = 50;
const ADDRESS_NOT_FOUND = 'Address not found.';

export function toShippingAddress(r: Selectable<ShippingAddressTable>): ShippingAddress {
  const state = r.state ? findSubdivision(serverGeography, r.country_code, r.state) : undefined;
  return {
    id: r.id,
    isDefault: r.is_default === 1,
    firstName: r.first_name,
    lastName: r.last_name,
    company: r.company,
    phoneCode: r.phone_code,
    mobile: r.mobile,
    vatNumber: r.vat_number,
    countryCode: r.country_code,
    countryName: countryName(r.country_code),
    state: r.state,
    stateName: state?.name ?? null,
    city: r.city,
    postcode: r.postcode,
    addressLine1: r.address_line1,
    addressLine2: r.address_line2,
    addressLine3: r.address_line3,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The user's shipping addresses, the default first, then the newest. */
export async function listShippingAddresses(db: Kysely<Database>, userId: string): Promise<ShippingAddress[]> {
  const rows = await db
    .selectFrom('shipping_address')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toShippingAddress);
}

function shippingColumns(body: Record<string, unknown>) {
  const country = requiredText(body.countryCode).toUpperCase();
  const state = optionalText(body.state);
  return {
    first_name: requiredText(body.firstName),
    last_name: requiredText(body.lastName),
    company: optionalText(body.company),
    phone_code: requiredText(body.phoneCode).replace(/^\+?/, '+'),
    mobile: requiredText(body.mobile),
    vat_number: optionalText(body.vatNumber),
    country_code: country,
    state: state ? (findSubdivision(serverGeography, country, state)?.code ?? state) : null,
    city: requiredText(body.city),
    postcode: requiredText(body.postcode),
    address_line1: requiredText(body.addressLine1),
    address_line2: optionalText(body.addressLine2),
    address_line3: optionalText(body.addressLine3),
  };
}

/** Keeps exactly one default while the user has addresses: the newest, when the default went. */
async function ensureDefault(db: Kysely<Database>, userId: string): Promise<void> {
  const current = await db.selectFrom('shipping_address').select('id').where('user_id', '=', userId).where('is_default', '=', 1).executeTakeFirst();
  if (current) return;
  const newest = await db.selectFrom('shipping_address').select('id').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').executeTakeFirst();
  if (newest) await db.updateTable('shipping_address').set({ is_default: 1 }).where('id', '=', newest.id).execute();
}

async function makeDefault(db: Kysely<Database>, userId: string, id: string): Promise<void> {
  await db.updateTable('shipping_address').set({ is_default: 0 }).where('user_id', '=', userId).where('id', '!=', id).execute();
  await db.updateTable('shipping_address').set({ is_default: 1 }).where('user_id', '=', userId).where('id', '=', id).execute();
}

export function shippingAddressRoutes(ctx: AppContext): ApiRouter {
  const { db, clock, config } = ctx;
  const router = new ApiRouter('/account/address', 'Shipping addresses', { rateLimiter: ctx.rateLimiter, trustProxy: config.trustProxy });

  const findOwn = async (userId: string, id: string) => {
    const row = await db.selectFrom('shipping_address').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!row) throw new HttpError(404, ADDRESS_NOT_FOUND);
    return row;
  };

  router.route({
    method: 'get',
    path: '/',
    summary: 'List the shipping addresses (default first)',
    auth: 'user',
    response: s.object({ list: s.array(schemas.ShippingAddress), total: s.integer() }),
    handler: async (c) => {
      const list = await listShippingAddresses(db, requireUser(c));
      return c.json({ list, total: list.length });
    },
  });

  router.route({
    method: 'get',
    path: '/:id',
    summary: 'One shipping address',
    auth: 'user',
    response: schemas.ShippingAddress,
    handler: async (c) => c.json(toShippingAddress(await findOwn(requireUser(c), pathParam(c, 'id')))),
  });

  router.route({
    method: 'post',
    path: '/',
    summary: 'Add a shipping address (the first one becomes the default)',
    auth: 'user',
    body: schemas.ShippingAddressInput,
    response: schemas.ShippingAddress,
    status: 201,
    handler: async (c) => {
      const userId = requireUser(c);
      const body = await readJson(c);
      assertValid(shippingAddressSuite.runStatic(body, serverGeography));
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        const { n } = await trx.selectFrom('shipping_address').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
        if (Number(n) >= MAX_ADDRESSES) throw new HttpError(422, `You can keep at most ${MAX_ADDRESSES} shipping addresses; please delete one first.`);
        const now = iso(clock());
        await trx
          .insertInto('shipping_address')
          .values({ id, user_id: userId, is_default: 0, ...shippingColumns(body), created_at: now, updated_at: now })
          .execute();
        if (body.isDefault === true || Number(n) === 0) await makeDefault(trx, userId, id);
      });
      return c.json(toShippingAddress(await findOwn(userId, id)), 201);
    },
  });

  router.route({
    method: 'patch',
    path: '/:id',
    summary: 'Change a shipping address (send the whole address)',
    auth: 'user',
    body: schemas.ShippingAddressInput,
    response: schemas.ShippingAddress,
    handler: async (c) => {
      const userId = requireUser(c);
      const id = pathParam(c, 'id');
      await findOwn(userId, id);
      const body = await readJson(c);
      assertValid(shippingAddressSuite.runStatic(body, serverGeography));
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('shipping_address')
          .set({ ...shippingColumns(body), updated_at: iso(clock()) })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .execute();
        if (body.isDefault === true) await makeDefault(trx, userId, id);
      });
      return c.json(toShippingAddress(await findOwn(userId, id)));
    },
  });

  router.route({
    method: 'patch',
    path: '/setDefault/:id',
    summary: 'Make a shipping address the default',
    auth: 'user',
    response: schemas.ShippingAddress,
    handler: async (c) => {
      const userId = requireUser(c);
      const id = pathParam(c, 'id');
      await findOwn(userId, id);
      await db.transaction().execute((trx) => makeDefault(trx, userId, id));
      return c.json(toShippingAddress(await findOwn(userId, id)));
    },
  });

  router.route({
    method: 'delete',
    path: '/:id',
    summary: 'Delete a shipping address',
    auth: 'user',
    response: schemas.Deleted,
    handler: async (c) => {
      const userId = requireUser(c);
      const id = pathParam(c, 'id');
      const deleted = await db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('shipping_address').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
        await ensureDefault(trx, userId);
        return Number(result.numDeletedRows);
      });
      if (deleted === 0) throw new HttpError(404, ADDRESS_NOT_FOUND);
      return c.json({ deleted } satisfies DeletedResponse);
    },
  });

  router.route({
    method: 'delete',
    path: '/',
    summary: 'Delete several shipping addresses',
    description: 'Ids that are not the caller’s are ignored; 404 when none was.',
    auth: 'user',
    body: s.object({ addressIds: s.array(s.string(), { minItems: 1, maxItems: 100 }) }),
    response: schemas.Deleted,
    handler: async (c) => {
      const userId = requireUser(c);
      const ids = readIds(await readJson(c), 'addressIds');
      const deleted = await db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('shipping_address').where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst();
        await ensureDefault(trx, userId);
        return Number(result.numDeletedRows);
      });
      if (deleted === 0) throw new HttpError(404, ADDRESS_NOT_FOUND);
      return c.json({ deleted } satisfies DeletedResponse);
    },
  });

  return router;
}

function toBillingAddress(r: Selectable<BillingAddressTable>): BillingAddress {
  return { id: r.id, companyName: r.company_name, name: r.name, location: r.location, createdAt: r.created_at, updatedAt: r.updated_at };
}

export function billingAddressRoutes(ctx: AppContext): ApiRouter {
  const { db, clock, config } = ctx;
  const router = new ApiRouter('/account/billingAddress', 'Billing addresses', { rateLimiter: ctx.rateLimiter, trustProxy: config.trustProxy });

  const findOwn = async (userId: string, id: string) => {
    const row = await db.selectFrom('billing_address').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!row) throw new HttpError(404, ADDRESS_NOT_FOUND);
    return row;
  };
  const columns = (body: Record<string, unknown>) => ({
    company_name: optionalText(body.companyName),
    name: requiredText(body.name),
    location: requiredText(body.location),
  });

  router.route({
    method: 'get',
    path: '/',
    summary: 'List the billing addresses',
    auth: 'user',
    response: s.object({ list: s.array(schemas.BillingAddress), total: s.integer() }),
    handler: async (c) => {
      const rows = await db.selectFrom('billing_address').selectAll().where('user_id', '=', requireUser(c)).orderBy('created_at', 'desc').orderBy('id').execute();
      return c.json({ list: rows.map(toBillingAddress), total: rows.length });
    },
  });

  router.route({
    method: 'get',
    path: '/:id',
    summary: 'One billing address',
    auth: 'user',
    response: schemas.BillingAddress,
    handler: async (c) => c.json(toBillingAddress(await findOwn(requireUser(c), pathParam(c, 'id')))),
  });

  router.route({
    method: 'post',
    path: '/',
    summary: 'Add a billing address',
    auth: 'user',
    body: schemas.BillingAddressInput,
    response: schemas.BillingAddress,
    status: 201,
    handler: async (c) => {
      const userId = requireUser(c);
      const body = await readJson(c);
      assertValid(billingAddressSuite.runStatic(body));
      const { n } = await db.selectFrom('billing_address').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
      if (Number(n) >= MAX_ADDRESSES) throw new HttpError(422, `You can keep at most ${MAX_ADDRESSES} billing addresses; please delete one first.`);
      const id = randomUUID();
      const now = iso(clock());
      await db.insertInto('billing_address').values({ id, user_id: userId, ...columns(body), created_at: now, updated_at: now }).execute();
      return c.json(toBillingAddress(await findOwn(userId, id)), 201);
    },
  });

  router.route({
    method: 'patch',
    path: '/:id',
    summary: 'Change a billing address (send the whole address)',
    auth: 'user',
    body: schemas.BillingAddressInput,
    response: schemas.BillingAddress,
    handler: async (c) => {
      const userId = requireUser(c);
      const id = pathParam(c, 'id');
      await findOwn(userId, id);
      const body = await readJson(c);
      assertValid(billingAddressSuite.runStatic(body));
      await db.updateTable('billing_address').set({ ...columns(body), updated_at: iso(clock()) }).where('id', '=', id).where('user_id', '=', userId).execute();
      return c.json(toBillingAddress(await findOwn(userId, id)));
    },
  });

  router.route({
    method: 'delete',
    path: '/',
    summary: 'Delete billing addresses',
    description: 'Ids that are not the caller’s are ignored; 404 when none was.',
    auth: 'user',
    body: s.object({ ids: s.array(s.string(), { minItems: 1, maxItems: 100 }) }),
    response: schemas.Deleted,
    handler: async (c) => {
      const userId = requireUser(c);
      const ids = readIds(await readJson(c), 'ids');
      const result = await db.deleteFrom('billing_address').where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst();
      const deleted = Number(result.numDeletedRows);
      if (deleted === 0) throw new HttpError(404, ADDRESS_NOT_FOUND);
      return c.json({ deleted } satisfies DeletedResponse);
    },
  });

  return router;
}

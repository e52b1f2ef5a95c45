import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { BillingAddress, BillingAddressInput, BillingInfo, ShippingAddress, ShippingAddressInput } from '#domain/api/address';
import { findSubdivision } from '#domain/rules/address-rules';
import type { Clock } from '../clock.ts';
import { iso } from '../clock.ts';
import type { BillingAddressTable, Database, ShippingAddressTable } from '../db/schema.ts';
import { HttpError, orNull } from '../errors.ts';
import { countryName, serverGeography } from '../geography.ts';

/** Spec section 3: shipping and billing addresses of an account (each list at most this long). */
export const MAX_ADDRESSES = 50;
export const ADDRESS_NOT_FOUND = 'Address not found.';

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

/** The user's shipping address, or 404 (another account's included). */
export async function findShippingAddress(db: Kysely<Database>, userId: string, id: string): Promise<ShippingAddress> {
  const row = await db.selectFrom('shipping_address').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new HttpError(404, ADDRESS_NOT_FOUND);
  return toShippingAddress(row);
}

function shippingColumns(input: ShippingAddressInput) {
  const country = input.countryCode.toUpperCase();
  const state = orNull(input.state);
  return {
    first_name: input.firstName,
    last_name: input.lastName,
    company: orNull(input.company),
    phone_code: input.phoneCode.replace(/^\+?/, '+'),
    mobile: input.mobile,
    vat_number: orNull(input.vatNumber),
    country_code: country,
    state: state ? (findSubdivision(serverGeography, country, state)?.code ?? state) : null,
    city: input.city,
    postcode: input.postcode,
    address_line1: input.addressLine1,
    address_line2: orNull(input.addressLine2),
    address_line3: orNull(input.addressLine3),
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

/** A new shipping address (the rules passed); the first one, or one marked so, becomes the default. */
export async function addShippingAddress(db: Kysely<Database>, clock: Clock, userId: string, input: ShippingAddressInput): Promise<ShippingAddress> {
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    const { n } = await trx.selectFrom('shipping_address').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    if (Number(n) >= MAX_ADDRESSES) throw new HttpError(422, `You can keep at most ${MAX_ADDRESSES} shipping addresses; please delete one first.`);
    const now = iso(clock());
    await trx.insertInto('shipping_address').values({ id, user_id: userId, is_default: 0, ...shippingColumns(input), created_at: now, updated_at: now }).execute();
    if (input.isDefault === true || Number(n) === 0) await makeDefault(trx, userId, id);
  });
  return findShippingAddress(db, userId, id);
}

/** Replaces a shipping address with `input` (the whole address). */
export async function updateShippingAddress(db: Kysely<Database>, clock: Clock, userId: string, id: string, input: ShippingAddressInput): Promise<ShippingAddress> {
  await findShippingAddress(db, userId, id);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('shipping_address').set({ ...shippingColumns(input), updated_at: iso(clock()) }).where('id', '=', id).where('user_id', '=', userId).execute();
    if (input.isDefault === true) await makeDefault(trx, userId, id);
  });
  return findShippingAddress(db, userId, id);
}

export async function setDefaultShippingAddress(db: Kysely<Database>, userId: string, id: string): Promise<ShippingAddress> {
  await findShippingAddress(db, userId, id);
  await db.transaction().execute((trx) => makeDefault(trx, userId, id));
  return findShippingAddress(db, userId, id);
}

/** Deletes the user's addresses among `ids` (others' are ignored); 404 when none was the user's. */
export async function deleteShippingAddresses(db: Kysely<Database>, userId: string, ids: readonly string[]): Promise<number> {
  const deleted = await db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('shipping_address').where('user_id', '=', userId).where('id', 'in', [...new Set(ids)]).executeTakeFirst();
    await ensureDefault(trx, userId);
    return Number(result.numDeletedRows);
  });
  if (deleted === 0) throw new HttpError(404, ADDRESS_NOT_FOUND);
  return deleted;
}

// ---------------------------------------------------------------------------------------------
// Billing addresses

/** A billing address's own fields: the book's entry, and what an order keeps of it at checkout. */
export function billingInfoOf(r: Pick<Selectable<BillingAddressTable>, 'company_name' | 'name' | 'location'>): BillingInfo {
  return { companyName: r.company_name, name: r.name, location: r.location };
}

function toBillingAddress(r: Selectable<BillingAddressTable>): BillingAddress {
  return { id: r.id, ...billingInfoOf(r), createdAt: r.created_at, updatedAt: r.updated_at };
}

const billingColumns = (input: BillingAddressInput) => ({ company_name: orNull(input.companyName), name: input.name, location: input.location });

export async function listBillingAddresses(db: Kysely<Database>, userId: string): Promise<BillingAddress[]> {
  const rows = await db.selectFrom('billing_address').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map(toBillingAddress);
}

export async function findBillingAddress(db: Kysely<Database>, userId: string, id: string): Promise<BillingAddress> {
  const row = await db.selectFrom('billing_address').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new HttpError(404, ADDRESS_NOT_FOUND);
  return toBillingAddress(row);
}

export async function addBillingAddress(db: Kysely<Database>, clock: Clock, userId: string, input: BillingAddressInput): Promise<BillingAddress> {
  const { n } = await db.selectFrom('billing_address').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  if (Number(n) >= MAX_ADDRESSES) throw new HttpError(422, `You can keep at most ${MAX_ADDRESSES} billing addresses; please delete one first.`);
  const id = randomUUID();
  const now = iso(clock());
  await db.insertInto('billing_address').values({ id, user_id: userId, ...billingColumns(input), created_at: now, updated_at: now }).execute();
  return findBillingAddress(db, userId, id);
}

export async function updateBillingAddress(db: Kysely<Database>, clock: Clock, userId: string, id: string, input: BillingAddressInput): Promise<BillingAddress> {
  await findBillingAddress(db, userId, id);
  await db.updateTable('billing_address').set({ ...billingColumns(input), updated_at: iso(clock()) }).where('id', '=', id).where('user_id', '=', userId).execute();
  return findBillingAddress(db, userId, id);
}

export async function deleteBillingAddresses(db: Kysely<Database>, userId: string, ids: readonly string[]): Promise<number> {
  const result = await db.deleteFrom('billing_address').where('user_id', '=', userId).where('id', 'in', [...new Set(ids)]).executeTakeFirst();
  const deleted = Number(result.numDeletedRows);
  if (deleted === 0) throw new HttpError(404, ADDRESS_NOT_FOUND);
  return deleted;
}

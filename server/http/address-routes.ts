import { z } from 'zod';
import {
  AddressIdsRequestSchema,
  BillingAddressInputSchema,
  BillingAddressListSchema,
  BillingAddressSchema,
  DeletedResponseSchema,
  IdsRequestSchema,
  ShippingAddressInputSchema,
  ShippingAddressListSchema,
  ShippingAddressSchema,
} from '#domain/api/address';
import { rowId } from '#domain/api/fields';
import { billingAddressSuite, shippingAddressSuite } from '#domain/rules/address-suites';
import {
  ADDRESS_NOT_FOUND,
  addBillingAddress,
  addShippingAddress,
  deleteBillingAddresses,
  deleteShippingAddresses,
  findBillingAddress,
  findShippingAddress,
  listBillingAddresses,
  listShippingAddresses,
  setDefaultShippingAddress,
  updateBillingAddress,
  updateShippingAddress,
} from '../accounts/addresses.ts';
import type { AppContext } from './app-context.ts';
import { serverGeography } from '../geography.ts';
import { ApiRouter, requireUser } from './api-router.ts';

const byId = { params: z.object({ id: rowId() }), notFound: ADDRESS_NOT_FOUND };

export function shippingAddressRoutes(ctx: AppContext): ApiRouter {
  const { db, clock } = ctx;
  const router = new ApiRouter('/account/address', 'Shipping addresses', ctx);

  router.route({
    method: 'get',
    path: '/',
    summary: 'List the shipping addresses (default first)',
    auth: 'user',
    response: ShippingAddressListSchema,
    handler: async (c) => {
      const list = await listShippingAddresses(db, requireUser(c));
      return { list, total: list.length };
    },
  });

  router.route({
    method: 'get',
    path: '/:id',
    summary: 'One shipping address',
    auth: 'user',
    ...byId,
    response: ShippingAddressSchema,
    handler: async (c, { params }) => findShippingAddress(db, requireUser(c), params.id),
  });

  router.route({
    method: 'post',
    path: '/',
    summary: 'Add a shipping address (the first one becomes the default)',
    auth: 'user',
    body: ShippingAddressInputSchema,
    rules: (body) => shippingAddressSuite.runStatic(body, serverGeography),
    response: ShippingAddressSchema,
    status: 201,
    handler: (c, { body }) => addShippingAddress(db, clock, requireUser(c), body),
  });

  router.route({
    method: 'patch',
    path: '/:id',
    summary: 'Change a shipping address (send the whole address)',
    auth: 'user',
    ...byId,
    body: ShippingAddressInputSchema,
    rules: (body) => shippingAddressSuite.runStatic(body, serverGeography),
    response: ShippingAddressSchema,
    handler: (c, { params, body }) => updateShippingAddress(db, clock, requireUser(c), params.id, body),
  });

  router.route({
    method: 'patch',
    path: '/setDefault/:id',
    summary: 'Make a shipping address the default',
    auth: 'user',
    ...byId,
    response: ShippingAddressSchema,
    handler: async (c, { params }) => setDefaultShippingAddress(db, requireUser(c), params.id),
  });

  router.route({
    method: 'delete',
    path: '/:id',
    summary: 'Delete a shipping address',
    auth: 'user',
    ...byId,
    response: DeletedResponseSchema,
    handler: async (c, { params }) => ({ deleted: await deleteShippingAddresses(db, requireUser(c), [params.id]) }),
  });

  router.route({
    method: 'delete',
    path: '/',
    summary: 'Delete several shipping addresses',
    description: 'Ids that are not the caller’s are ignored; 404 when none was.',
    auth: 'user',
    body: AddressIdsRequestSchema,
    response: DeletedResponseSchema,
    handler: async (c, { body }) => ({ deleted: await deleteShippingAddresses(db, requireUser(c), body.addressIds) }),
  });

  return router;
}

export function billingAddressRoutes(ctx: AppContext): ApiRouter {
  const { db, clock } = ctx;
  const router = new ApiRouter('/account/billingAddress', 'Billing addresses', ctx);

  router.route({
    method: 'get',
    path: '/',
    summary: 'List the billing addresses',
    auth: 'user',
    response: BillingAddressListSchema,
    handler: async (c) => {
      const list = await listBillingAddresses(db, requireUser(c));
      return { list, total: list.length };
    },
  });

  router.route({
    method: 'get',
    path: '/:id',
    summary: 'One billing address',
    auth: 'user',
    ...byId,
    response: BillingAddressSchema,
    handler: async (c, { params }) => findBillingAddress(db, requireUser(c), params.id),
  });

  router.route({
    method: 'post',
    path: '/',
    summary: 'Add a billing address',
    auth: 'user',
    body: BillingAddressInputSchema,
    rules: (body) => billingAddressSuite.runStatic(body),
    response: BillingAddressSchema,
    status: 201,
    handler: (c, { body }) => addBillingAddress(db, clock, requireUser(c), body),
  });

  router.route({
    method: 'patch',
    path: '/:id',
    summary: 'Change a billing address (send the whole address)',
    auth: 'user',
    ...byId,
    body: BillingAddressInputSchema,
    rules: (body) => billingAddressSuite.runStatic(body),
    response: BillingAddressSchema,
    handler: (c, { params, body }) => updateBillingAddress(db, clock, requireUser(c), params.id, body),
  });

  router.route({
    method: 'delete',
    path: '/',
    summary: 'Delete billing addresses',
    description: 'Ids that are not the caller’s are ignored; 404 when none was.',
    auth: 'user',
    body: IdsRequestSchema,
    response: DeletedResponseSchema,
    handler: async (c, { body }) => ({ deleted: await deleteBillingAddresses(db, requireUser(c), body.ids) }),
  });

  return router;
}

import { z } from 'zod';
import { rowId } from '#domain/api/fields';
import { CartItemsInputSchema, CartLineSchema, CartSchema } from '#domain/api/quote';
import type { AppContext } from './app-context.ts';
import { CART_ITEM_NOT_FOUND, CartService } from '../quote/cart.ts';
import { ApiRouter } from './api-router.ts';
import { ownerOf } from './owner.ts';
import { StoredAnswers, ownerKey } from '../answers/stored-answers.ts';
import { STORED_ANSWER_NOTE, answerOnce } from './answered-once.ts';

const line = { params: z.object({ id: rowId() }), notFound: CART_ITEM_NOT_FOUND };

/** The cart (ADR 042); the work is done by `server/quote/cart.ts`. */
export function cartRoutes(ctx: AppContext): ApiRouter {
  const cart = new CartService(ctx);
  // A change sent again with its Idempotency-Key answers the first answer (ADR 174).
  const answers = new StoredAnswers(ctx.db, ctx.clock);
  const router = new ApiRouter('/cart', 'Cart', ctx);

  router.route({
    method: 'get',
    path: '/',
    summary: 'The cart: priced lines (priced again when older than a day)',
    auth: 'session',
    response: CartSchema,
    handler: (c) => cart.read(ownerOf(c)),
  });

  router.route({
    method: 'post',
    path: '/items',
    summary: 'Add parts to the cart, each with its configuration (the saved one when left out)',
    description:
      `Every part must be the caller’s, still kept, and orderable as configured; otherwise nothing is added (404, 410 or 422 naming the part). The same part with the same configuration is priced again instead of added twice. ${STORED_ANSWER_NOTE}`,
    auth: 'session',
    body: CartItemsInputSchema,
    maxBodyBytes: 1024 * 1024, // up to 100 parts, each with its configuration
    response: CartSchema,
    status: 201,
    handler: (c, { body }) => answerOnce(c, answers, { owner: ownerKey(ownerOf(c)), route: 'POST cart/items', request: body, status: 201 }, (db) => cart.add(ownerOf(c), body, db)),
  });

  router.route({
    method: 'delete',
    path: '/items/:id',
    summary: 'Remove a line from the cart',
    description: STORED_ANSWER_NOTE,
    auth: 'session',
    ...line,
    response: CartSchema,
    handler: (c, { params }) => answerOnce(c, answers, { owner: ownerKey(ownerOf(c)), route: 'DELETE cart/items/:id', request: params, status: 200 }, (db) => cart.remove(ownerOf(c), params.id, db)),
  });

  router.route({
    method: 'get',
    path: '/items/:id',
    summary: 'One cart line (priced again when older than a day)',
    auth: 'session',
    ...line,
    response: CartLineSchema,
    handler: (c, { params }) => cart.line(ownerOf(c), params.id),
  });

  return router;
}

import { z } from 'zod';
import { rowId } from '#domain/api/fields';
import { STAFF_ORDER_NOT_FOUND } from '#domain/api/ops';
import { OpsOrderFiles, STAFF_PRODUCT_NOT_FOUND } from '../staff/ops-order-files.ts';
import { visibleOrder } from '../staff/ops-orders.ts';
import type { AppContext } from './app-context.ts';
import type { ApiRouter } from './api-router.ts';
import type { StaffOf } from './ops-queue-routes.ts';
import { documentResponse } from './project-routes.ts';

/**
 * The order page's files (issue 38 item 2), on the staff router of ops-routes.ts: each ordered
 * product's model file, its picture and its drawing, for a role with `orders.read` that may see the
 * order (a success manager: their customers'; another order answers 404 as a missing one).
 */
export function opsOrderFileRoutes(router: ApiRouter, ctx: AppContext, staffOf: StaffOf, note: string): void {
  const files = new OpsOrderFiles(ctx, (staff, orderId) => visibleOrder(ctx.db, staff, orderId));
  const params = z.object({ id: rowId(), productId: rowId() });
  const notFound = { id: STAFF_ORDER_NOT_FOUND, productId: STAFF_PRODUCT_NOT_FOUND };

  router.route({
    method: 'get',
    path: '/orders/:id/products/:productId/model',
    summary: 'An ordered product’s model file (`orders.read`)',
    description: `${note} 410 once its bytes were removed (3 months).`,
    auth: 'public',
    params,
    notFound,
    produces: 'application/octet-stream',
    handler: async (c, { params }) => documentResponse(await files.model(await staffOf(c, 'orders.read'), params.id, params.productId)),
  });

  router.route({
    method: 'get',
    path: '/orders/:id/products/:productId/drawing',
    summary: 'The drawing an ordered product is made to (`orders.read`)',
    description: `${note} 404 when the product has none.`,
    auth: 'public',
    params,
    notFound,
    produces: 'application/octet-stream',
    handler: async (c, { params }) => documentResponse(await files.drawing(await staffOf(c, 'orders.read'), params.id, params.productId)),
  });

  router.route({
    method: 'get',
    path: '/orders/:id/products/:productId/preview',
    summary: 'An ordered product’s picture (PNG, 160 × 160), drawn from its model as the customer’s parts table draws it (`orders.read`)',
    description: `${note} 404 when the model was removed or could not be drawn.`,
    auth: 'public',
    params,
    notFound,
    produces: 'image/png',
    handler: async (c, { params }) => {
      const png = await files.preview(await staffOf(c, 'orders.read'), params.id, params.productId);
      return c.body(new Uint8Array(png), 200, { 'Content-Type': 'image/png', 'Cache-Control': 'private, max-age=300', 'X-Content-Type-Options': 'nosniff' });
    },
  });
}

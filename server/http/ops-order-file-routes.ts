import { z } from 'zod';
import { rowId } from '#domain/api/fields';
import { STAFF_ORDER_NOT_FOUND } from '#domain/api/ops';
import { MAX_VIEW_TRIANGLES, OpsOrderFiles, STAFF_PRODUCT_NOT_FOUND } from '../staff/ops-order-files.ts';
import { visibleOrder } from '../staff/ops-orders.ts';
import type { AppContext } from './app-context.ts';
import type { ApiRouter } from './api-router.ts';
import type { StaffOf } from './ops-queue-routes.ts';
import { documentResponse } from './project-routes.ts';

/**
 * The order page's files (issue 38 item 2), on the staff router of ops-routes.ts: each ordered
 * product's model file, its picture, its mesh for the 3D view and its drawing, for a role with `orders.read` that may see the
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

  router.route({
    method: 'get',
    path: '/orders/:id/products/:productId/mesh',
    summary: 'An ordered product’s model as a mesh for the 3D view: a binary STL of its triangles, read by the picture’s reader (STEP tessellated) (`orders.read`)',
    description: `${note} At most ${MAX_VIEW_TRIANGLES} triangles (ADR 231). 410 once the model was removed; 404 when it has no mesh or a larger one (the model is downloaded instead).`,
    auth: 'public',
    params,
    notFound,
    produces: 'application/octet-stream',
    handler: async (c, { params }) => {
      const stl = await files.mesh(await staffOf(c, 'orders.read'), params.id, params.productId);
      return c.body(new Uint8Array(stl), 200, { 'Content-Type': 'application/octet-stream', 'Cache-Control': 'private, max-age=300', 'X-Content-Type-Options': 'nosniff' });
    },
  });
}

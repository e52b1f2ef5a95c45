import type { OpsOrder, OpsOrderSummary, StaffMe } from '#domain/api/ops';
import type { OrderStatus } from '#domain/api/order';
import { staffOrderEvents } from '#domain/rules/staff-rules';
import { ORDER_ID, order, orderSummary } from './order-fixtures.ts';

/** A staff member for the console's stories. */
export function staffMe(overrides: Partial<StaffMe> = {}): StaffMe {
  return { id: 'staff-1', email: 'olga@shop.example', name: 'Olga Operator', role: 'operator', permissions: ['orders.read', 'orders.move', 'payments.confirm'], recoveryCodesLeft: 9, ...overrides };
}

export const CUSTOMER = { id: 'user-1', email: 'ada@buyer.example', name: 'Ada Buyer' };

export function opsOrderSummary(status: OrderStatus, number: string, i: number): OpsOrderSummary {
  return { order: { ...orderSummary({ number, status }), id: `order-${i}` }, customer: CUSTOMER, shipBy: `2026-12-${String(10 + (i % 18)).padStart(2, '0')}` };
}

/** An order as staff see it, with the moves the lifecycle allows from its status. */
export function opsOrder(status: OrderStatus = 'paid', overrides: Partial<OpsOrder> = {}): OpsOrder {
  const o = { ...order(status), id: ORDER_ID };
  const base = (productId: string) => `ops/orders/${ORDER_ID}/products/${productId}`;
  return {
    order: o,
    files: o.products.map((p, i) => ({
      productId: p.id,
      model: { name: p.model.fileName, path: `${base(p.id)}/model` },
      preview: `${base(p.id)}/preview`,
      mesh: `${base(p.id)}/mesh`,
      drawing: p.drawing ? { ...p.drawing, path: `${base(p.id)}/drawing` } : null,
      partNote: i === 0 ? 'The two holes on the flange are for M4 bolts.' : null,
    })),
    customer: { ...CUSTOMER, customerNumber: 'C100042', successManager: { name: 'Sam Success', email: 'sam@shop.example' } },
    events: staffOrderEvents(status),
    audit: [],
    ...overrides,
  };
}

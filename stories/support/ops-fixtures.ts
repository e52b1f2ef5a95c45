import type { OpsOrder, OpsOrderSummary, StaffMe } from '#domain/api/ops';
import type { Order, OrderStatus } from '#domain/api/order';
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

/** The card payment that paid `o`, when it is paid: the page's payments agree with its status. */
function paymentsOf(o: Order): Order['payments'] {
  if (o.paidAt === null) return [];
  return [
    {
      id: 'payment-1',
      method: 'card',
      status: 'succeeded',
      amountCents: o.amounts.totalCents,
      currency: 'USD',
      provider: 'sandbox',
      cardBrand: 'visa',
      cardLast4: '4242',
      declineCode: null,
      message: null,
      via: 'owner',
      createdAt: o.paidAt,
    },
  ];
}

/** An order as staff see it, paid by card once its status says so, with the moves the lifecycle allows from its status. */
export function opsOrder(status: OrderStatus = 'paid', overrides: Partial<OpsOrder> = {}): OpsOrder {
  const bare = { ...order(status), id: ORDER_ID };
  const o = { ...bare, payments: paymentsOf(bare) };
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
    events: staffOrderEvents(status, { somethingPaid: o.payments.length > 0, refabrication: false }),
    audit: [],
    ...overrides,
  };
}

/**
 * An approved claim's refabrication as staff see it (ADR 200, ADR 232): made paid at no charge, no
 * payment, its note naming the claim; not yet shipped, it can be cancelled.
 */
export function opsRefabrication(status: 'paid' | 'in_production' = 'paid'): OpsOrder {
  const made = opsOrder(status);
  const products = made.order.products.map((p) => ({ ...p, unitPriceCents: 0, totalCents: 0, shipDate: '2026-12-04' }));
  return {
    ...made,
    order: {
      ...made.order,
      number: 'W26000321',
      createdAt: '2026-11-29T09:00:00.000Z',
      paidAt: '2026-11-29T09:00:00.000Z',
      shipDate: '2026-12-04',
      paymentMethod: null,
      amounts: { subtotalCents: 0, discountCents: 0, shippingCents: 0, totalCents: 0, currency: 'USD' },
      coupon: null,
      products,
      comment: 'Refabrication at no charge for after-sale AS26000007.',
      payments: [],
      statusHistory: [{ from: null, to: 'paid', event: 'create', actor: 'operator', note: 'Refabrication at no charge for after-sale AS26000007.', at: '2026-11-29T09:00:00.000Z' }],
    },
    events: staffOrderEvents(status, { somethingPaid: false, refabrication: true }),
  };
}

/**
 * The order lifecycle (ADR 050), as data and one pure function. The server refuses every change
 * that `transition` refuses; the client reads the same tables to show the status, what comes next
 * and which buttons to offer.
 *
 *                  choose_bank_transfer
 *   pending_payment ───────────────────▶ awaiting_transfer
 *        │    ▲ cancel                     │  │ confirm_transfer (operator) / pay (card, balance)
 *        │    └──▶ cancelled ◀── cancel ───┘  ▼
 *        └───────── pay ───────────────────▶ paid ── refund (operator) ──▶ cancelled
 *                                             │ start_production
 *                                             ▼
 *                                       in_production ── ship ──▶ shipped ── deliver ──▶ delivered
 *
 * cancel_refabrication (operator): paid or in_production ──▶ cancelled, for a refabrication made at
 * no charge only (nothing to refund); `staffOrderEvents` in domain/rules/staff-rules.ts says which
 * orders are refabrications (ADR 232).
 */

export const ORDER_STATUSES = [
  'pending_payment',
  'awaiting_transfer',
  'paid',
  'in_production',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_EVENTS = [
  'pay',
  'choose_bank_transfer',
  'confirm_transfer',
  'cancel',
  'refund',
  'start_production',
  'ship',
  'deliver',
  'cancel_refabrication',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** Who may cause an event: the buyer (or an agency payer), or an operator. */
export type OrderActor = 'customer' | 'operator';

/** Every allowed change: status → event → next status. Anything not listed is refused. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, Partial<Readonly<Record<OrderEvent, OrderStatus>>>>> = {
  pending_payment: { pay: 'paid', choose_bank_transfer: 'awaiting_transfer', cancel: 'cancelled' },
  awaiting_transfer: { confirm_transfer: 'paid', pay: 'paid', choose_bank_transfer: 'awaiting_transfer', cancel: 'cancelled' },
  paid: { start_production: 'in_production', refund: 'cancelled', cancel_refabrication: 'cancelled' },
  in_production: { ship: 'shipped', cancel_refabrication: 'cancelled' },
  shipped: { deliver: 'delivered' },
  delivered: {},
  cancelled: {},
};

/** Events only an operator may cause; the rest are the buyer's. */
export const OPERATOR_EVENTS: readonly OrderEvent[] = ['confirm_transfer', 'refund', 'start_production', 'ship', 'deliver', 'cancel_refabrication'];

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending_payment: 'Awaiting payment',
  awaiting_transfer: 'Awaiting bank transfer',
  paid: 'Paid',
  in_production: 'In production',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export type TransitionResult =
  | { ok: true; from: OrderStatus; to: OrderStatus; event: OrderEvent }
  | { ok: false; from: OrderStatus; event: OrderEvent; message: string };

const EVENT_WORDS: Readonly<Record<OrderEvent, string>> = {
  pay: 'paid',
  choose_bank_transfer: 'paid by bank transfer',
  confirm_transfer: 'confirmed as transferred',
  cancel: 'cancelled',
  refund: 'refunded',
  start_production: 'put into production',
  ship: 'shipped',
  deliver: 'marked delivered',
  cancel_refabrication: 'cancelled as a refabrication',
};

/**
 * The one rule of the lifecycle: may `event` happen to an order in `from`, caused by `actor`, and
 * what status follows. Pure; the server runs it before every status change and the database update
 * is conditional on `from`, so two racing changes cannot both pass.
 */
export function transition(from: OrderStatus, event: OrderEvent, actor: OrderActor = 'customer'): TransitionResult {
  const to = ORDER_TRANSITIONS[from]?.[event];
  if (to === undefined) {
    return { ok: false, from, event, message: `An order that is ${ORDER_STATUS_LABELS[from].toLowerCase()} cannot be ${EVENT_WORDS[event]}.` };
  }
  if (actor === 'customer' && OPERATOR_EVENTS.includes(event)) {
    return { ok: false, from, event, message: `Only our team can mark an order ${EVENT_WORDS[event]}.` };
  }
  return { ok: true, from, to, event };
}

/** The events that may happen next from a status (for one actor, or anyone). */
export function nextEvents(from: OrderStatus, actor?: OrderActor): OrderEvent[] {
  return (Object.keys(ORDER_TRANSITIONS[from]) as OrderEvent[]).filter((event) => !actor || transition(from, event, actor).ok);
}

/** Statuses an order can still be paid in. */
export const PAYABLE_STATUSES: readonly OrderStatus[] = ['pending_payment', 'awaiting_transfer'];

export function isPayable(status: OrderStatus): boolean {
  return PAYABLE_STATUSES.includes(status);
}

/** A review is for goods that left the factory. */
export function canReview(status: OrderStatus): boolean {
  return status === 'shipped' || status === 'delivered';
}

/** An after-sale request (refabrication) is for goods that left the factory. */
export function canRequestAfterSale(status: OrderStatus): boolean {
  return status === 'shipped' || status === 'delivered';
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function isOrderEvent(value: unknown): value is OrderEvent {
  return typeof value === 'string' && (ORDER_EVENTS as readonly string[]).includes(value);
}

/** What the order's PDF is (issue 15): an invoice once paid, a proforma invoice before, or the record of a cancelled order. */
export type OrderDocumentKind = 'invoice' | 'proforma' | 'cancelled';

export function orderDocumentKind(status: OrderStatus): OrderDocumentKind {
  if (status === 'cancelled') return 'cancelled';
  return isPayable(status) ? 'proforma' : 'invoice';
}

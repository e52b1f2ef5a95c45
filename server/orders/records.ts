import type { Selectable } from 'kysely';
import type {
  AdditionalCost,
  AdditionalCostStatus,
  Consignee,
  Order,
  OrderProduct,
  OrderStatusChange,
  OrderSummary,
  Tracking,
} from '#domain/api/order';
import type { PaymentMethod } from '#domain/api/payment';
import { ORDER_STATUS_LABELS, canRequestAfterSale, canReview, isPayable, transition, type OrderStatus } from '#domain/orders/order-status';
import { EXW_EXPLANATION, findCarrier, type CarrierId } from '#domain/orders/shipping';
import type {
  AdditionalCostTable,
  CustomerOrderTable,
  OrderLineTable,
  OrderReviewTable,
  OrderStatusEventTable,
  OrderTrackingTable,
  PaymentTable,
} from '../db/schema.ts';
import { SNAPSHOTS } from '../db/json-column.ts';
import { subdivisionName } from '../geography.ts';
import { toPaymentSummary } from '../payments/records.ts';

/** The order's consignee as stored, with its state's name (orders placed before it was stored have the code only). */
export function consigneeOf(row: Pick<Selectable<CustomerOrderTable>, 'consignee'>): Consignee {
  const stored = SNAPSHOTS.consignee.read(row.consignee);
  return { ...stored, stateName: stored.stateName ?? subdivisionName(stored.countryCode, stored.state) };
}

export function toOrderSummary(row: Selectable<CustomerOrderTable>, productCount: number): OrderSummary {
  const consignee = consigneeOf(row);
  return {
    id: row.id,
    number: row.number,
    poNumber: row.po_number,
    amountCents: Number(row.total_cents),
    currency: 'USD',
    status: row.status as OrderStatus,
    statusLabel: ORDER_STATUS_LABELS[row.status as OrderStatus],
    paymentMethod: row.payment_method as PaymentMethod | null,
    consigneeName: `${consignee.firstName} ${consignee.lastName}`,
    productCount,
    createdAt: row.created_at,
  };
}

/** One ordered product; `kept`: its model file is still stored (3 months, and while its project exists). */
export function toOrderProduct(row: Selectable<OrderLineTable>, kept = true): OrderProduct {
  const configuration = SNAPSHOTS.lineConfiguration.read(row.configuration);
  const options = [
    ...(configuration.tier ? [`Lead time: ${configuration.tier}`] : []),
    ...(configuration.toleranceId ? [`Tolerance: ${configuration.toleranceId}`] : []),
    ...configuration.finishes.map((f) => `Finish: ${f.kind}`),
  ];
  return {
    id: row.id,
    name: row.name,
    process: row.process,
    material: row.material_name,
    colour: row.colour_name,
    model: { fileId: row.file_id, fileName: row.file_name, projectId: row.project_id },
    quantity: Number(row.quantity),
    unitPriceCents: Number(row.unit_price_cents),
    totalCents: Number(row.total_cents),
    leadTimeDays: Number(row.lead_time_days),
    shipDate: row.ship_date,
    comment: row.comment,
    attachment: kept ? { name: row.file_name, path: `project/${row.project_id}/files/${row.file_id}/content` } : null,
    options,
    findings: row.findings ? SNAPSHOTS.lineFindings.read(row.findings) : [],
  };
}

export function toTracking(row: Selectable<OrderTrackingTable>): Tracking {
  return {
    id: row.id,
    package: row.package_label,
    logisticsCompany: row.logistics_company,
    trackNumber: row.track_number,
    trackState: row.track_state,
    updatedAt: row.updated_at,
  };
}

export function toStatusChange(row: Selectable<OrderStatusEventTable>): OrderStatusChange {
  return {
    from: row.from_status as OrderStatus | null,
    to: row.to_status as OrderStatus,
    event: row.event as OrderStatusChange['event'],
    actor: row.actor as OrderStatusChange['actor'],
    note: row.note,
    at: row.created_at,
  };
}

export function toOrder(
  row: Selectable<CustomerOrderTable>,
  parts: {
    lines: Selectable<OrderLineTable>[];
    events: Selectable<OrderStatusEventTable>[];
    payments: Selectable<PaymentTable>[];
    tracking: Selectable<OrderTrackingTable>[];
    review: Selectable<OrderReviewTable> | undefined;
    /** Ids of the lines' model files still stored. */
    keptFileIds: ReadonlySet<string>;
  },
): Order {
  const status = row.status as OrderStatus;
  const products = parts.lines.map((line) => toOrderProduct(line, parts.keptFileIds.has(line.file_id)));
  const { amountCents: _amount, ...summary } = toOrderSummary(row, products.length);
  const entrust =
    row.customer_email !== null || row.platform_order_number !== null || row.customer_note !== null
      ? { customerEmail: row.customer_email, platformOrderNumber: row.platform_order_number, customerNote: row.customer_note }
      : null;
  return {
    ...summary,
    amounts: {
      subtotalCents: Number(row.subtotal_cents),
      discountCents: Number(row.discount_cents),
      shippingCents: Number(row.shipping_cents),
      totalCents: Number(row.total_cents),
      currency: 'USD',
    },
    coupon: row.coupon_code ? { code: row.coupon_code, discountCents: Number(row.discount_cents) } : null,
    referral: row.referral_percent_off !== null ? { percentOff: Number(row.referral_percent_off), discountCents: Number(row.discount_cents) } : null,
    paidAt: row.paid_at,
    consignee: consigneeOf(row),
    billing: SNAPSHOTS.billing.read(row.billing),
    shipping: {
      incoterm: 'EXW',
      carrier: row.carrier as CarrierId,
      carrierName: findCarrier(row.carrier)?.name ?? row.carrier,
      carrierAccount: row.carrier_account,
      explanation: EXW_EXPLANATION,
    },
    comment: row.comment,
    entrust,
    products,
    shipDate: products.reduce((latest, p) => (p.shipDate > latest ? p.shipDate : latest), ''),
    statusHistory: parts.events.map(toStatusChange),
    payments: parts.payments.map(toPaymentSummary),
    tracking: parts.tracking.map(toTracking),
    review: parts.review
      ? {
          stars: Number(parts.review.stars),
          workmanship: Number(parts.review.workmanship),
          product: Number(parts.review.product),
          service: Number(parts.review.service),
          logistics: Number(parts.review.logistics),
          comments: parts.review.comments,
          createdAt: parts.review.created_at,
        }
      : null,
    actions: {
      pay: isPayable(status),
      cancel: transition(status, 'cancel', 'customer').ok,
      review: canReview(status) && !parts.review,
      afterSale: canRequestAfterSale(status),
      agencyLink: isPayable(status),
      reorder: products.some((p) => p.attachment !== null),
    },
  };
}

export const ADDITIONAL_COST_LABELS: Record<AdditionalCostStatus, string> = {
  pending_payment: ORDER_STATUS_LABELS.pending_payment,
  awaiting_transfer: ORDER_STATUS_LABELS.awaiting_transfer,
  paid: ORDER_STATUS_LABELS.paid,
  cancelled: ORDER_STATUS_LABELS.cancelled,
};

export function toAdditionalCost(row: Selectable<AdditionalCostTable>, orderNumber: string | null): AdditionalCost {
  const status = row.status as AdditionalCostStatus;
  return {
    id: row.id,
    number: row.number,
    orderNumber,
    description: row.description,
    amountCents: Number(row.amount_cents),
    currency: 'USD',
    status,
    statusLabel: ADDITIONAL_COST_LABELS[status],
    paymentMethod: row.payment_method as PaymentMethod | null,
    createdAt: row.created_at,
    paidAt: row.paid_at,
  };
}

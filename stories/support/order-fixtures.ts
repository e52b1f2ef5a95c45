import type { AdditionalCost, AfterSaleOrder, Order, OrderStatus, OrderSummary } from '#domain/api/order';
import type { Page } from '#domain/api/paging';
import type { PartQuote, ProjectSummary, QuoteFile, UploadHistoryItem } from '#domain/api/quote';
import type { PartConfiguration } from '#domain/rules/quote-configuration';

/** API answers for the stories and tests of features/orders and features/projects: what the server sends. */

export const ORDER_ID = '3f6c2a1e-8b4d-4c1a-9e2f-5a7b8c9d0e1f';
export const PROJECT_ID = '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6';
export const FILE_ID = 'c0ffee00-1234-4abc-8def-0123456789ab';

const at = '2026-11-20T09:30:00.000Z';

export function page<T>(list: T[], total = list.length, pageNumber = 1, pageSize = 10): Page<T> {
  return { list, total, page: pageNumber, pageSize };
}

const LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  awaiting_transfer: 'Awaiting bank transfer',
  paid: 'Paid',
  in_production: 'In production',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export function orderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  const status = overrides.status ?? 'paid';
  return {
    id: ORDER_ID,
    number: 'W26123456',
    poNumber: 'PO-7781',
    currency: 'USD',
    status,
    statusLabel: LABELS[status],
    paymentMethod: 'card',
    consigneeName: 'Ada Lovelace',
    productCount: 2,
    createdAt: at,
    amountCents: 12_450,
    ...overrides,
  };
}

/** An order in `status`, with what the server allows then (the lifecycle's `actions`). */
export function order(status: OrderStatus = 'delivered', overrides: Partial<Order> = {}): Order {
  const paid = !['pending_payment', 'awaiting_transfer', 'cancelled'].includes(status);
  const shipped = status === 'shipped' || status === 'delivered';
  return {
    ...orderSummary({ status, paymentMethod: paid ? 'card' : null }),
    amounts: { subtotalCents: 13_450, discountCents: 1_000, shippingCents: 0, totalCents: 12_450, currency: 'USD' },
    coupon: { code: 'WELCOME10', discountCents: 1_000 },
    referral: null,
    paidAt: paid ? '2026-11-20T09:35:00.000Z' : null,
    consignee: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Engines Ltd',
      phoneCode: '+44',
      mobile: '2079460000',
      vatNumber: 'GB123456789',
      countryCode: 'GB',
      countryName: 'United Kingdom',
      state: null,
      stateName: null,
      city: 'London',
      postcode: 'EC1A 1BB',
      addressLine1: '12 Baker Street',
      addressLine2: 'Unit 4',
      addressLine3: null,
    },
    billing: { companyName: 'Analytical Engines Ltd', name: 'Ada Lovelace', location: '12 Baker Street, London' },
    shipping: {
      incoterm: 'EXW',
      carrier: 'dhl-express',
      carrierName: 'DHL Express',
      carrierAccount: '965432100',
      explanation: 'EXW (Ex Works, Incoterms 2020): your parts are packed and ready for collection at our factory on the ship date.',
    },
    comment: null,
    entrust: null,
    products: [
      {
        id: 'line-1',
        name: 'drone-arm-bracket',
        process: '3d-printing',
        material: 'Nylon PA12 (MJF)',
        colour: 'Black',
        model: { fileId: FILE_ID, fileName: 'drone-arm-bracket.stl', projectId: PROJECT_ID },
        quantity: 4,
        unitPriceCents: 2_500,
        totalCents: 10_000,
        leadTimeDays: 4,
        shipDate: '2026-11-26',
        comment: 'Matte finish please',
        attachment: { name: 'drone-arm-bracket.stl', path: `project/${PROJECT_ID}/files/${FILE_ID}/content` },
        drawing: null,
        options: ['Lead time: standard', 'Tolerance: standard'],
        findings: [],
      },
      {
        id: 'line-2',
        name: 'lid',
        process: '3d-printing',
        material: 'Standard resin',
        colour: 'White',
        model: { fileId: 'f2', fileName: 'lid.step', projectId: PROJECT_ID },
        quantity: 1,
        unitPriceCents: 3_450,
        totalCents: 3_450,
        leadTimeDays: 4,
        shipDate: '2026-11-27',
        comment: null,
        attachment: { name: 'lid.step', path: `project/${PROJECT_ID}/files/f2/content` },
        drawing: null,
        options: ['Lead time: standard', 'Finish: painting'],
        findings: [],
      },
    ],
    shipDate: '2026-11-27',
    statusHistory: [
      { from: null, to: 'pending_payment', event: 'create', actor: 'customer', note: null, at },
      ...(paid ? [{ from: 'pending_payment' as const, to: 'paid' as const, event: 'pay' as const, actor: 'customer' as const, note: null, at: '2026-11-20T09:35:00.000Z' }] : []),
      ...(shipped ? [{ from: 'in_production' as const, to: 'shipped' as const, event: 'ship' as const, actor: 'operator' as const, note: 'Two boxes', at: '2026-11-26T08:00:00.000Z' }] : []),
      ...(status === 'delivered' ? [{ from: 'shipped' as const, to: 'delivered' as const, event: 'deliver' as const, actor: 'operator' as const, note: null, at: '2026-11-28T15:00:00.000Z' }] : []),
      ...(status === 'cancelled' ? [{ from: 'pending_payment' as const, to: 'cancelled' as const, event: 'cancel' as const, actor: 'customer' as const, note: null, at: '2026-11-20T10:00:00.000Z' }] : []),
    ],
    payments: [],
    tracking: shipped
      ? [
          { id: 't1', package: 'Package 1 of 2', logisticsCompany: 'DHL Express', trackNumber: 'JD0146000012345678', trackState: status === 'delivered' ? 'delivered' : 'collected', updatedAt: '2026-11-26T08:00:00.000Z' },
          { id: 't2', package: 'Package 2 of 2', logisticsCompany: 'DHL Express', trackNumber: 'JD0146000012345679', trackState: status === 'delivered' ? 'delivered' : 'collected', updatedAt: '2026-11-26T08:00:00.000Z' },
        ]
      : [],
    review: null,
    actions: {
      pay: !paid && status !== 'cancelled',
      cancel: status === 'pending_payment' || status === 'awaiting_transfer',
      review: shipped,
      afterSale: shipped,
      agencyLink: status === 'pending_payment' || status === 'awaiting_transfer',
      reorder: true,
    },
    ...overrides,
  };
}

export function afterSale(overrides: Partial<AfterSaleOrder> = {}): AfterSaleOrder {
  return {
    id: 'as-1',
    number: 'AS26000042',
    orderNumber: 'PO-7781',
    wedoOrderNumber: 'W26123456',
    status: 'submitted',
    reason: 'Two brackets arrived cracked.',
    items: [{ productId: 'line-1', name: 'drone-arm-bracket', originalQuantity: 4, quantity: 2 }],
    createdAt: '2026-11-29T10:00:00.000Z',
    decision: null,
    ...overrides,
  };
}

export function additionalCost(overrides: Partial<AdditionalCost> = {}): AdditionalCost {
  return {
    id: 'ac-1',
    number: 'AC26000007',
    orderNumber: 'W26123456',
    description: 'Extra polishing agreed on the phone',
    amountCents: 4_500,
    currency: 'USD',
    status: 'pending_payment',
    statusLabel: 'Awaiting payment',
    paymentMethod: null,
    createdAt: at,
    paidAt: null,
    ...overrides,
  };
}

export function upload(overrides: Partial<UploadHistoryItem> = {}): UploadHistoryItem {
  return {
    id: FILE_ID,
    name: 'drone-arm-bracket.stl',
    projectId: PROJECT_ID,
    projectName: 'Drone frame',
    process: '3d-printing',
    sizeBytes: 2_457_600,
    format: 'stl-binary',
    orderable: true,
    uploadedAt: at,
    expiresAt: '2027-02-20T09:30:00.000Z',
    status: 'kept',
    ...overrides,
  };
}

export function projectSummary(overrides: Partial<ProjectSummary> = {}): ProjectSummary {
  return {
    id: PROJECT_ID,
    name: 'Drone frame',
    process: '3d-printing',
    processId: 22,
    fileCount: 3,
    createdAt: at,
    updatedAt: '2026-11-21T16:05:00.000Z',
    firstFile: { id: FILE_ID, name: 'drone-arm-bracket.stl' },
    ...overrides,
  };
}

export const PRINT_CONFIGURATION: PartConfiguration = {
  process: '3d-printing',
  materialId: 'mjf-pa12',
  colourId: 'black',
  quantity: 4,
  tier: 'standard',
  finishes: [],
};

export function quoteFile(overrides: Partial<QuoteFile> = {}): QuoteFile {
  return {
    id: FILE_ID,
    projectId: PROJECT_ID,
    name: 'drone-arm-bracket.stl',
    sizeBytes: 2_457_600,
    sha256: '0'.repeat(64),
    format: 'stl-binary',
    metrics: null,
    findings: [],
    summary: {
      triangleCount: 48_000,
      sizeMm: [120, 40, 18.5],
      volumeMm3: 21_300,
      areaMm2: 14_250,
      watertight: true,
      unit: 'mm',
      unitSource: 'guess',
      bodyCount: 1,
      bodies: [],
      unitCorrection: 'none',
      errors: 0,
      warnings: 0,
      assembly: null,
    },
    orderable: true,
    configuration: PRINT_CONFIGURATION,
    quote: null,
    pricedAt: null,
    uploadedAt: at,
    expiresAt: '2027-02-20T09:30:00.000Z',
    status: 'kept',
    analysisMs: 120,
    analysis: 'done',
    checks: 'done',
    analysisError: null,
    splitFrom: null,
    assembly: null,
    review: null,
    note: null,
    drawing: null,
    ...overrides,
  };
}

/** A server quote of the file: only the fields the project files page reads are meaningful. */
export function partQuote(fileId = FILE_ID, totalCents = 10_000, quantity = 4, configuration: PartConfiguration = PRINT_CONFIGURATION): PartQuote {
  return {
    fileId,
    configuration: { ...configuration, quantity },
    pricedAt: '2026-11-21T16:05:00.000Z',
    result: {
      process: '3d-printing',
      processId: 22,
      currency: 'USD',
      price: null,
      unitPriceCents: totalCents / quantity,
      totalCents,
      priceBreaks: [],
      leadTime: null,
      shipDate: '2026-11-26',
      validation: { valid: true, errors: {}, warnings: {} },
      findings: [],
      blocking: [],
      certainty: { final: true, notes: [] },
      orderable: true,
    },
  };
}

import { delay, http, HttpResponse } from 'msw';
import type { BillingAddress, ShippingAddress } from '#domain/api/address';
import type { BankAccount } from '#domain/api/common';
import type { AdditionalCostPublic, AgencySummary, ShippingOptions } from '#domain/api/order';
import type { PayResponse, PaymentMethod } from '#domain/api/payment';
import type { Cart, CartLine } from '#domain/api/quote';
import { CARRIERS, EXW_EXPLANATION, INCOTERM } from '#domain/orders/shipping';
import { EXW_NOTE } from '#domain/pricing/quote-part';
import { FILE_ID, PRINT_CONFIGURATION, PROJECT_ID, order, quoteFile } from '../../support/order-fixtures.ts';
import { STORY_ADDRESSES, STORY_BILLING } from '../account/fixtures.ts';
import { countryList } from '../account/handlers.ts';

/** API answers for the checkout stories: what the server sends for payments, agency links and additional costs. */

export const AGENCY_TOKEN = 'agency-7f3a9c1e';
export const COST_TOKEN = 'cost-5b2d8e4f';

export const BANK_ACCOUNTS: BankAccount[] = (['USD', 'HKD', 'EUR', 'GBP', 'RMB'] as const).map((currency) => ({
  currency,
  bankName: 'Demo Bank (demo data: not a real account)',
  accountName: 'Manufacture Demo Ltd',
  accountNumber: `DEMO-${currency}-000000`,
  swift: 'DEMOXXXX',
  address: '1 Demo Street, Demo City',
  demo: true,
}));

const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** A successful pay call, or a bank transfer's instructions when `method` is a transfer. */
export function payResponse(method: PaymentMethod, amountCents: number, number = 'W26123456'): PayResponse {
  const transfer = method === 'bank_transfer';
  return {
    subject: { kind: 'order', id: 'subject-1', number, status: transfer ? 'awaiting_transfer' : 'paid' },
    payment: {
      id: 'payment-1',
      method,
      status: transfer ? 'pending' : 'succeeded',
      amountCents,
      currency: 'USD',
      provider: method === 'card' ? 'sandbox' : method === 'balance' ? 'balance' : 'bank',
      cardBrand: method === 'card' ? 'visa' : null,
      cardLast4: method === 'card' ? '4242' : null,
      declineCode: null,
      message: null,
      via: 'owner',
      createdAt: '2026-11-20T09:35:00.000Z',
    },
    balanceCents: method === 'balance' ? 20_000 - amountCents : null,
    bankTransfer: transfer
      ? {
          reference: number,
          amountCents,
          currency: 'USD',
          bankAccounts: BANK_ACCOUNTS,
          note: `Transfer the amount to one of these accounts and put ${number} in the transfer reference. Bank charges are yours.`,
        }
      : null,
    // The server's own words (server/payments/payments.ts).
    message: transfer
      ? `Awaiting bank transfer: put ${number} in the transfer reference.`
      : method === 'card'
        ? `Paid ${usd(amountCents)} by card ending 4242.`
        : `Paid ${usd(amountCents)} from your balance.`,
  };
}

/** POST …/pay as the sandbox answers: the chosen method succeeds (a transfer gives its accounts). */
export function payHandler(path: string, amountCents: number, number?: string) {
  return http.post(path, async ({ request }) => {
    const body = (await request.json()) as { method: PaymentMethod };
    return HttpResponse.json(payResponse(body.method, amountCents, number));
  });
}

/** POST …/pay: the card is declined (402, the sandbox's declined test card). */
export function declinedHandler(path: string, amountCents: number) {
  return http.post(path, () =>
    HttpResponse.json(
      {
        message: 'Your card was declined.',
        code: 'card_declined',
        declineCode: 'card_declined',
        payment: { ...payResponse('card', amountCents).payment, status: 'declined', declineCode: 'card_declined', message: 'Your card was declined.' },
      },
      { status: 402 },
    ),
  );
}

/** A call that never answers: the screen stays in its loading or pending state. */
export function pendingHandler(method: 'get' | 'post' | 'patch', path: string) {
  return http[method](path, async () => {
    await delay('infinite');
    return HttpResponse.json({});
  });
}

export const agencySummary: AgencySummary = {
  orderNumber: 'W26123459',
  status: 'pending_payment',
  statusLabel: 'Awaiting payment',
  amountCents: 185_000,
  currency: 'USD',
  customerName: 'Ada Lovelace',
  company: 'Analytical Engines Ltd',
  products: [
    { name: 'gripper-finger.stl', material: 'PA12 Nylon (MJF)', quantity: 40, totalCents: 98_000 },
    { name: 'housing-left.step', material: 'Aluminium 6061', quantity: 10, totalCents: 87_000 },
  ],
  payable: true,
  expiresAt: '2026-12-20T09:30:00.000Z',
  methods: ['card', 'bank_transfer'],
};

export const costPublic: AdditionalCostPublic = {
  number: 'AC26123401',
  description: 'Express shipping upgrade (DHL Express, 2 days)',
  amountCents: 4_500,
  currency: 'USD',
  status: 'pending_payment',
  statusLabel: 'Awaiting payment',
  orderNumber: 'W26123456',
  methods: ['balance', 'card', 'bank_transfer'],
};

// ---------------------------------------------------------------------------------------------
// The order confirmation page (/checkout): the cart, the carriers, the addresses and the discounts.

const pricedAt = '2026-11-21T16:05:00.000Z';

export function cartLine(overrides: Partial<CartLine> = {}): CartLine {
  return {
    id: 'cart-1',
    fileId: FILE_ID,
    fileName: 'drone-arm-bracket.stl',
    projectId: PROJECT_ID,
    projectName: 'Drone frame',
    configuration: PRINT_CONFIGURATION,
    quantity: 4,
    unitPriceCents: 2_500,
    totalCents: 10_000,
    currency: 'USD',
    leadTimeDays: 4,
    shipDate: '2026-11-26',
    pricedAt,
    problem: null,
    problemMessage: null,
    summary: quoteFile().summary,
    reviewed: null,
    note: null,
    drawing: null,
    ...overrides,
  };
}

export const cart: Cart = {
  lines: [
    cartLine(),
    cartLine({ id: 'cart-2', fileId: 'f2', fileName: 'lid.step', quantity: 1, unitPriceCents: 3_450, totalCents: 3_450, shipDate: '2026-11-27' }),
  ],
  totalCents: 13_450,
  currency: 'USD',
  exwNote: EXW_NOTE,
};

export const shippingOptions: ShippingOptions = {
  incoterm: INCOTERM,
  explanation: EXW_EXPLANATION,
  carriers: CARRIERS.map((c) => ({ ...c, transitDays: [...c.transitDays] as [number, number] })),
};

/** Every call the confirmation page makes, answered; `cartAnswer` for an empty or failing cart. */
export function checkoutHandlers({ cartAnswer = cart, addresses = STORY_ADDRESSES, billing = STORY_BILLING }: { cartAnswer?: Cart | 'error' | 'pending'; addresses?: ShippingAddress[]; billing?: BillingAddress[] } = {}) {
  return [
    cartAnswer === 'pending'
      ? pendingHandler('get', '*/msapi/*/cart')
      : http.get('*/msapi/*/cart', () => (cartAnswer === 'error' ? HttpResponse.error() : HttpResponse.json(cartAnswer))),
    http.get('*/api/*/checkout/shipping-options', () => HttpResponse.json(shippingOptions)),
    http.get('*/api/*/checkout/discounts', () => HttpResponse.json({ referral: null })),
    http.get('*/api/*/account/address', () => HttpResponse.json({ list: addresses, total: addresses.length })),
    http.get('*/api/*/account/billingAddress', () => HttpResponse.json({ list: billing, total: billing.length })),
    countryList,
    http.post('*/api/*/checkout/order', () => HttpResponse.json({ order: order('pending_payment'), notices: [] }, { status: 201 })),
    // The coupon check (ADR 165): TEN10 is 10 % off the cart; MONTHLY5 $5.00 off; anything else expired.
    http.post('*/api/*/checkout/coupon', async ({ request }) => {
      const { couponCode } = (await request.json()) as { couponCode: string };
      const subtotal = cartAnswer === 'error' || cartAnswer === 'pending' ? 0 : cartAnswer.totalCents;
      const code = couponCode.trim().toUpperCase();
      if (code === 'TEN10' || code === 'MONTHLY5') {
        const discount = code === 'TEN10' ? Math.round(subtotal / 10) : Math.min(500, subtotal);
        return HttpResponse.json({ code, percentOff: code === 'TEN10' ? 10 : null, amountOffCents: code === 'TEN10' ? null : 500, subtotalCents: subtotal, discountCents: discount, totalCents: subtotal - discount });
      }
      return HttpResponse.json({ message: 'This coupon has expired.', errors: { couponCode: ['This coupon has expired.'] } }, { status: 422 });
    }),
  ];
}

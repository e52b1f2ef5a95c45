import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PayResponse } from '#domain/api/payment';
import {
  checkoutPaymentMachine,
  defaultCreateKey,
  selectBankTransfer,
  selectCanRetrySameAttempt,
  selectIsPaying,
  selectShortfallCents,
  toPaymentFailure,
  type CheckoutPaymentSnapshot,
  type PayActorInput,
  type PaymentInput,
} from '#machines/checkout-payment-machine';
import { methodPhrase, paymentMessages, paymentStatusText } from '#features/checkout/payment-words';
import { createFormatter } from '#lib/i18n/format';
import { t } from '#lib/i18n/i18n';

/** The words the app injects: the catalogue's (spec section 8 for the network failures). */
const MESSAGES = paymentMessages(t);
/** What the payment panel's live region reads for a snapshot. */
const selectStatusMessage = (s: CheckoutPaymentSnapshot) => paymentStatusText(s, t, createFormatter('en-US'));

const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };

function payResponse(status: 'paid' | 'awaiting_transfer', extra: Partial<PayResponse> = {}): PayResponse {
  return {
    subject: { kind: 'order', id: 'o1', number: 'W25000001', status },
    payment: {
      id: 'p1',
      method: status === 'paid' ? 'card' : 'bank_transfer',
      status: status === 'paid' ? 'succeeded' : 'pending',
      amountCents: 12_345,
      currency: 'USD',
      provider: 'sandbox',
      cardBrand: null,
      cardLast4: null,
      declineCode: null,
      message: null,
      via: 'owner',
      createdAt: '2025-01-01T00:00:00Z',
    },
    balanceCents: null,
    bankTransfer: null,
    message: status === 'paid' ? 'Payment received.' : 'Awaiting your transfer.',
    ...extra,
  };
}

/** A pay actor whose answers the test settles one by one. */
function start(input: Partial<PaymentInput> = {}) {
  const calls: PayActorInput[] = [];
  const pending: { resolve: (r: PayResponse) => void; reject: (e: unknown) => void }[] = [];
  let keys = 0;
  const actor = createActor(
    checkoutPaymentMachine.provide({
      actors: {
        pay: fromPromise<PayResponse, PayActorInput>(
          ({ input: i }) =>
            new Promise<PayResponse>((resolve, reject) => {
              calls.push(i);
              pending.push({ resolve, reject });
            }),
        ),
      },
    }),
    { input: { amountCents: 12_345, methods: ['balance', 'card', 'bank_transfer'], balanceCents: 20_000, createKey: () => `key-000${++keys}`, messages: MESSAGES, ...input } },
  ).start();
  const state = () => actor.getSnapshot().value;
  const last = () => pending[pending.length - 1]!;
  return { actor, calls, state, last };
}

const declined = { statusCode: 402, data: { message: 'Your card was declined.', code: 'card_declined', declineCode: 'card_declined' } };
const network = { statusCode: undefined, message: '[POST] "/pay": <no response> Failed to fetch', data: undefined };

describe('choosing a method', () => {
  test('starts in choosing with no method: the payer must pick one', () => {
    const { actor, state } = start();
    expect(state()).toBe('choosing');
    expect(actor.getSnapshot().context.method).toBeNull();
    expect(selectStatusMessage(actor.getSnapshot())).toBe('');
  });

  test('with a single method offered, it is chosen already', () => {
    const { actor } = start({ methods: ['card'] });
    expect(actor.getSnapshot().context.method).toBe('card');
  });

  test('guard methodChosen: reviewing without a method stays and says a method must be selected', () => {
    const { actor, state } = start();
    actor.send({ type: 'payment.review' });
    expect(state()).toBe('choosing');
    expect(actor.getSnapshot().context.methodError).toBe('Please select a payment method.');
    actor.send({ type: 'method.changed', method: 'balance' });
    expect(actor.getSnapshot().context.methodError).toBeNull();
  });

  test('guard methodAllowed: a method not offered is ignored (no balance on an agency link)', () => {
    const { actor } = start({ methods: ['card', 'bank_transfer'] });
    actor.send({ type: 'method.changed', method: 'balance' });
    expect(actor.getSnapshot().context.method).toBeNull();
    actor.send({ type: 'payment.review' });
    expect(actor.getSnapshot().value).toBe('choosing');
  });

  test('guard cardGivenIfNeeded: a card payment needs the card', () => {
    const { actor, state } = start();
    actor.send({ type: 'method.changed', method: 'card' });
    actor.send({ type: 'payment.review' });
    expect(state()).toBe('choosing');
    expect(actor.getSnapshot().context.methodError).toBe('Please enter your card details.');
    actor.send({ type: 'payment.review', card: CARD });
    expect(state()).toBe('confirming');
    expect(actor.getSnapshot().context.card).toEqual(CARD);
    expect(selectStatusMessage(actor.getSnapshot())).toBe('Ready to pay $123.45 by card ending 4242.');
  });

  test('confirming → back returns to choosing; a method change while confirming does too', () => {
    const { actor, state } = start();
    actor.send({ type: 'method.changed', method: 'balance' });
    actor.send({ type: 'payment.review' });
    expect(state()).toBe('confirming');
    actor.send({ type: 'payment.back' });
    expect(state()).toBe('choosing');
    actor.send({ type: 'payment.review' });
    actor.send({ type: 'method.changed', method: 'bank_transfer' });
    expect(state()).toBe('choosing');
    expect(actor.getSnapshot().context.method).toBe('bank_transfer');
  });

  test('no key is made before the attempt is sent', () => {
    const { actor } = start();
    actor.send({ type: 'method.changed', method: 'balance' });
    actor.send({ type: 'payment.review' });
    expect(actor.getSnapshot().context.idempotencyKey).toBeNull();
  });
});

describe('paying', () => {
  test('card: paying → succeeded with the pay actor given the method, card and key', async () => {
    const { actor, calls, state, last } = start();
    actor.send({ type: 'method.changed', method: 'card' });
    actor.send({ type: 'payment.review', card: CARD });
    actor.send({ type: 'payment.submit' });
    expect(state()).toBe('paying');
    expect(selectIsPaying(actor.getSnapshot())).toBe(true);
    expect(selectStatusMessage(actor.getSnapshot())).toBe('Paying $123.45…');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ method: 'card', card: CARD, idempotencyKey: 'key-0001' });
    last().resolve(payResponse('paid'));
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(actor.getSnapshot().status).toBe('done');
    expect(selectStatusMessage(actor.getSnapshot())).toBe('Payment received.');
  });

  test('pressing pay twice sends one request', async () => {
    const { actor, calls, last } = start();
    actor.send({ type: 'method.changed', method: 'balance' });
    actor.send({ type: 'payment.review' });
    actor.send({ type: 'payment.submit' });
    actor.send({ type: 'payment.submit' });
    actor.send({ type: 'payment.review' });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().context.requests).toBe(1);
    last().resolve(payResponse('paid', { balanceCents: 7_655 }));
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(calls).toHaveLength(1);
    // The balance after paying comes from the server's answer.
    expect(actor.getSnapshot().context.balanceCents).toBe(7_655);
  });

  test('bank transfer: guard awaitingTransfer → awaitingTransfer with the accounts and the reference', async () => {
    const { actor, calls, last } = start();
    actor.send({ type: 'method.changed', method: 'bank_transfer' });
    actor.send({ type: 'payment.review' });
    actor.send({ type: 'payment.submit' });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.card).toBeNull();
    const bankTransfer = { reference: 'W25000001', amountCents: 12_345, currency: 'USD' as const, bankAccounts: [], note: 'Put the reference on the transfer.' };
    last().resolve(payResponse('awaiting_transfer', { bankTransfer }));
    await waitFor(actor, (s) => s.matches('awaitingTransfer'));
    expect(selectBankTransfer(actor.getSnapshot())).toEqual(bankTransfer);
    expect(selectStatusMessage(actor.getSnapshot())).toBe('Your order is awaiting your bank transfer of $123.45.');
  });
});

describe('failures', () => {
  async function failWith(error: unknown, method: 'card' | 'balance' = 'card') {
    const started = start();
    const { actor, calls, last } = started;
    actor.send({ type: 'method.changed', method });
    actor.send({ type: 'payment.review', card: method === 'card' ? CARD : null });
    actor.send({ type: 'payment.submit' });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    last().reject(error);
    await waitFor(actor, (s) => s.matches('failed'));
    return started;
  }

  test('retry reuses the key (a network failure: the attempt may not have arrived)', async () => {
    const { actor, calls, last } = await failWith(network);
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'network', message: 'Unknown network error' });
    expect(selectCanRetrySameAttempt(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().value).toBe('paying');
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.idempotencyKey).toBe(calls[0]!.idempotencyKey);
    expect(calls[1]).toEqual(calls[0]);
    last().resolve(payResponse('paid'));
    await waitFor(actor, (s) => s.matches('succeeded'));
  });

  test('a 503 from the card provider is retryable with the same key too', async () => {
    const { actor, calls } = await failWith({ statusCode: 503, data: { message: 'The card provider is unreachable.' } });
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'network', message: 'The card provider is unreachable.' });
    actor.send({ type: 'retry' });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.idempotencyKey).toBe('key-0001');
  });

  test('method.changed after a failure starts a new attempt with a new key', async () => {
    const { actor, calls } = await failWith(network);
    actor.send({ type: 'method.changed', method: 'bank_transfer' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.idempotencyKey).toBeNull();
    actor.send({ type: 'payment.review' });
    actor.send({ type: 'payment.submit' });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.idempotencyKey).toBe('key-0002');
    expect(calls[1]!.method).toBe('bank_transfer');
  });

  test('a decline shows the message; retry (guard retryable fails) goes back to choosing for a new attempt and key', async () => {
    const { actor, calls } = await failWith(declined);
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'declined', message: 'Your card was declined.', declineCode: 'card_declined' });
    expect(selectStatusMessage(actor.getSnapshot())).toBe('Your card was declined.');
    expect(selectCanRetrySameAttempt(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.method).toBe('card');
    expect(actor.getSnapshot().context.failure).toBeNull();
    actor.send({ type: 'payment.review', card: { ...CARD, number: '5555 5555 5555 4444' } });
    actor.send({ type: 'payment.submit' });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.idempotencyKey).toBe('key-0002');
  });

  test('insufficient balance keeps the shortfall and the balance from the answer', async () => {
    const { actor } = await failWith(
      { statusCode: 422, data: { code: 'insufficient_balance', message: 'Your balance is not enough.', balanceCents: 1_000, amountCents: 12_345, shortfallCents: 11_345 } },
      'balance',
    );
    expect(actor.getSnapshot().context.failure).toMatchObject({ kind: 'insufficient_balance', shortfallCents: 11_345 });
    expect(actor.getSnapshot().context.balanceCents).toBe(1_000);
    expect(selectShortfallCents(actor.getSnapshot())).toBe(11_345);
    expect(selectStatusMessage(actor.getSnapshot())).toBe('Your balance is not enough. You are $113.45 short.');
    actor.send({ type: 'payment.back' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.idempotencyKey).toBeNull();
  });

  test('a refused request (409 already paid) is not resent with the same key', async () => {
    const { actor } = await failWith({ statusCode: 409, data: { message: 'This order is already paid.' } });
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'rejected', message: 'This order is already paid.', status: 409 });
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().value).toBe('choosing');
  });
});

describe('selectors and helpers', () => {
  test('shortfall from the known balance before paying', () => {
    const { actor } = start({ balanceCents: 10_000 });
    expect(selectShortfallCents(actor.getSnapshot())).toBe(2_345);
    actor.send({ type: 'balance.updated', balanceCents: 50_000 });
    expect(selectShortfallCents(actor.getSnapshot())).toBe(0);
    const { actor: noBalance } = start({ balanceCents: null });
    expect(selectShortfallCents(noBalance.getSnapshot())).toBe(0);
  });

  test('toPaymentFailure reads timeouts and unknown statuses', () => {
    expect(toPaymentFailure({ message: 'TimeoutError: timeout' }, MESSAGES)).toEqual({ kind: 'network', message: 'System is busy, please try again later' });
    expect(toPaymentFailure(null, MESSAGES)).toEqual({ kind: 'network', message: 'Unknown network error' });
    expect(toPaymentFailure({ statusCode: 422, data: { message: 'Credit card payment is USD only.' } }, MESSAGES)).toEqual({
      kind: 'rejected',
      message: 'Credit card payment is USD only.',
      status: 422,
    });
    expect(toPaymentFailure({ response: { status: 400 }, data: {} }, MESSAGES)).toEqual({ kind: 'rejected', message: 'Error', status: 400 });
  });

  test('the default key fits the server\'s pattern and differs every time', () => {
    const a = defaultCreateKey();
    expect(a).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect(defaultCreateKey()).not.toBe(a);
  });

  test('method labels', () => {
    expect(methodPhrase('balance', null, t)).toBe('your balance');
    expect(methodPhrase('bank_transfer', null, t)).toBe('bank transfer');
    expect(methodPhrase('card', CARD, t)).toBe('card ending 4242');
    expect(methodPhrase('card', null, t)).toBe('card');
  });
});

import { and, assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import type { BankTransferInstructions, CardInput, PayResponse, PaymentMethod } from '#domain/api/payment';
import { CHECKOUT_MESSAGES } from '#domain/rules/checkout-rules';

/**
 * Paying one thing (an order, an agency-link order, an additional-cost order): choose a method →
 * confirm → paying → succeeded, awaiting a bank transfer, or failed.
 *
 * One payment attempt has one idempotency key (ADR 051): it is made when the attempt is first sent
 * and kept across retries of that attempt (a network failure, a timeout, a 503 from the card
 * provider), so a double click or a resend can never charge twice. A new attempt (another method,
 * another card, after a decline or a short balance, whose answers the server stores under the old
 * key) gets a new key. Pure: the pay call arrives as the injected `pay` actor, the key from the
 * injected `createKey` input, and the words for failures the server did not explain from the
 * `messages` input (the app's catalogue, lib/i18n). What the payer reads of each state is written
 * by the screen, not here.
 */

/** What the payer reads when a failure comes without the server's own message (spec section 8 for the last four). */
export interface PaymentMessages {
  declined: string;
  insufficientBalance: string;
  /** No answer in time: "System is busy, please try again later". */
  timeout: string;
  /** No answer at all: "Unknown network error". */
  network: string;
  /** A 5xx without a message: "Unknown error". */
  unknown: string;
  /** Any other refusal without a message: "Error". */
  generic: string;
}

export interface PaymentInput {
  /** The amount due, in cents of USD. */
  amountCents: number;
  /** The methods this payer may use (agency and additional-cost links: no balance). */
  methods: readonly PaymentMethod[];
  /** The payer's prepaid balance, when they have one. */
  balanceCents?: number | null;
  /** Makes an idempotency key (8–128 of `[A-Za-z0-9_.:-]`). Defaults to 128 random bits. */
  createKey?: () => string;
  messages: PaymentMessages;
}

export interface PayActorInput {
  method: PaymentMethod;
  card: CardInput | null;
  idempotencyKey: string;
}

export type PaymentFailure =
  | { kind: 'declined'; message: string; declineCode: string | null }
  | { kind: 'insufficient_balance'; message: string; balanceCents: number; shortfallCents: number }
  /** The server refused the request as it is (a broken rule, already paid, in progress): a new attempt is needed. */
  | { kind: 'rejected'; message: string; status: number }
  /** No answer, a timeout or a server/provider failure: the attempt may be resent with the same key. */
  | { kind: 'network'; message: string };

export interface PaymentContext {
  amountCents: number;
  methods: readonly PaymentMethod[];
  balanceCents: number | null;
  method: PaymentMethod | null;
  card: CardInput | null;
  /** The key of the current attempt; null until the attempt is first sent. */
  idempotencyKey: string | null;
  /** How many requests this machine has sent (a retry counts again). */
  requests: number;
  createKey: () => string;
  messages: PaymentMessages;
  /** The spec's "at least one payment method must be selected", shown next to the choice. */
  methodError: string | null;
  failure: PaymentFailure | null;
  result: PayResponse | null;
}

export type PaymentEvent =
  | { type: 'method.changed'; method: PaymentMethod }
  /** Go to the confirmation with the method chosen (and the card, for `card`). */
  | { type: 'payment.review'; card?: CardInput | null }
  | { type: 'payment.back' }
  /** Pay now: sends the request. */
  | { type: 'payment.submit' }
  | { type: 'retry' }
  | { type: 'balance.updated'; balanceCents: number };

export function defaultCreateKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return `pay_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * What a failed pay call means for the payer, read from the error's status and body (an ofetch
 * FetchError, or anything with `statusCode`/`status` and `data`).
 */
export function toPaymentFailure(error: unknown, messages: PaymentMessages): PaymentFailure {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { statusCode?: unknown; status?: unknown; data?: unknown; response?: { status?: unknown } };
  const status = [e.response?.status, e.statusCode, e.status].find((s): s is number => typeof s === 'number');
  const data = (typeof e.data === 'object' && e.data !== null ? e.data : {}) as Record<string, unknown>;
  const message = typeof data.message === 'string' && data.message ? data.message : null;
  if (status === 402 || data.code === 'card_declined') {
    return { kind: 'declined', message: message ?? messages.declined, declineCode: typeof data.declineCode === 'string' ? data.declineCode : null };
  }
  if (data.code === 'insufficient_balance') {
    return {
      kind: 'insufficient_balance',
      message: message ?? messages.insufficientBalance,
      balanceCents: typeof data.balanceCents === 'number' ? data.balanceCents : 0,
      shortfallCents: typeof data.shortfallCents === 'number' ? data.shortfallCents : 0,
    };
  }
  if (status === undefined || status >= 500 || status === 408 || status === 429) {
    const timedOut = /timeout/i.test(String((error as { message?: unknown } | null)?.message ?? ''));
    return {
      kind: 'network',
      message: status === undefined ? (timedOut ? messages.timeout : messages.network) : (message ?? messages.unknown),
    };
  }
  return { kind: 'rejected', message: message ?? messages.generic, status };
}

export const checkoutPaymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
  },
  actors: {
    /** POST …/pay with the Idempotency-Key header; resolves with the 200 answer, rejects with the error. */
    pay: fromPromise<PayResponse, PayActorInput>(async () => {
      throw new Error('pay is provided by the app');
    }),
  },
  guards: {
    methodChosen: ({ context }) => context.method !== null && context.methods.includes(context.method),
    cardGivenIfNeeded: ({ context, event }) =>
      context.method !== 'card' || (event.type === 'payment.review' && !!event.card && event.card.number.trim() !== ''),
    retryable: ({ context }) => context.failure?.kind === 'network' && context.idempotencyKey !== null,
    awaitingTransfer: (_, output: PayResponse) => output.subject.status === 'awaiting_transfer' || output.bankTransfer !== null,
    methodAllowed: ({ context, event }) => event.type === 'method.changed' && context.methods.includes(event.method),
  },
  actions: {
    chooseMethod: assign(({ event }) => (event.type === 'method.changed' ? { method: event.method, methodError: null, failure: null, idempotencyKey: null } : {})),
    requireMethod: assign({ methodError: () => CHECKOUT_MESSAGES.paymentMethodRequired }),
    requireCard: assign({ methodError: () => CHECKOUT_MESSAGES.cardRequired }),
    keepCard: assign(({ context, event }) => ({ card: context.method === 'card' && event.type === 'payment.review' ? (event.card ?? null) : null, methodError: null })),
    /** A new attempt: the next send makes a new key. */
    newAttempt: assign({ idempotencyKey: null, failure: null }),
    /** Made once per attempt, on its first send; a retry of the attempt keeps it. */
    ensureKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? context.createKey() }),
    countRequest: assign({ requests: ({ context }) => context.requests + 1 }),
    setBalance: assign(({ event }) => (event.type === 'balance.updated' ? { balanceCents: event.balanceCents } : {})),
  },
}).createMachine({
  id: 'checkoutPayment',
  context: ({ input }) => ({
    amountCents: input.amountCents,
    methods: input.methods,
    balanceCents: input.balanceCents ?? null,
    method: input.methods.length === 1 ? (input.methods[0] ?? null) : null,
    card: null,
    idempotencyKey: null,
    requests: 0,
    createKey: input.createKey ?? defaultCreateKey,
    messages: input.messages,
    methodError: null,
    failure: null,
    result: null,
  }),
  initial: 'choosing',
  on: {
    'balance.updated': { actions: 'setBalance' },
  },
  states: {
    choosing: {
      on: {
        'method.changed': { guard: 'methodAllowed', actions: 'chooseMethod' },
        'payment.review': [
          { guard: and(['methodChosen', 'cardGivenIfNeeded']), target: 'confirming', actions: 'keepCard' },
          { guard: not('methodChosen'), actions: 'requireMethod' },
          { actions: 'requireCard' },
        ],
      },
    },
    confirming: {
      on: {
        'payment.submit': { target: 'paying', actions: ['ensureKey'] },
        'payment.back': { target: 'choosing', actions: 'newAttempt' },
        'method.changed': { guard: 'methodAllowed', target: 'choosing', actions: 'chooseMethod' },
      },
    },
    paying: {
      entry: 'countRequest',
      invoke: {
        src: 'pay',
        input: ({ context }) => ({ method: context.method!, card: context.card, idempotencyKey: context.idempotencyKey! }),
        onDone: [
          {
            guard: { type: 'awaitingTransfer', params: ({ event }) => event.output },
            target: 'awaitingTransfer',
            actions: assign({ result: ({ event }) => event.output, failure: null }),
          },
          {
            target: 'succeeded',
            actions: assign({
              result: ({ event }) => event.output,
              failure: null,
              balanceCents: ({ context, event }) => event.output.balanceCents ?? context.balanceCents,
            }),
          },
        ],
        onError: {
          target: 'failed',
          actions: assign(({ context, event }) => {
            const failure = toPaymentFailure(event.error, context.messages);
            return { failure, balanceCents: failure.kind === 'insufficient_balance' ? failure.balanceCents : context.balanceCents };
          }),
        },
      },
      // A second press of Pay, or anything else, while the request is out: ignored (one request).
    },
    failed: {
      on: {
        // The same attempt again (same key): only when it may not have reached the server.
        retry: [{ guard: 'retryable', target: 'paying' }, { target: 'choosing', actions: 'newAttempt' }],
        'method.changed': { guard: 'methodAllowed', target: 'choosing', actions: ['chooseMethod'] },
        'payment.back': { target: 'choosing', actions: 'newAttempt' },
      },
    },
    succeeded: { type: 'final' },
    awaitingTransfer: { type: 'final' },
  },
});

export type CheckoutPaymentSnapshot = SnapshotFrom<typeof checkoutPaymentMachine>;

// ---------------------------------------------------------------------------------------- selectors

export const selectIsPaying = (s: CheckoutPaymentSnapshot): boolean => s.matches('paying');

/** The balance left short by this payment, in cents (0 when the balance covers it or is unknown). */
export function selectShortfallCents(s: CheckoutPaymentSnapshot): number {
  const { failure, balanceCents, amountCents } = s.context;
  if (failure?.kind === 'insufficient_balance') return failure.shortfallCents;
  if (balanceCents === null) return 0;
  return Math.max(0, amountCents - balanceCents);
}

export const selectBankTransfer = (s: CheckoutPaymentSnapshot): BankTransferInstructions | null => s.context.result?.bankTransfer ?? null;

export const selectCanRetrySameAttempt = (s: CheckoutPaymentSnapshot): boolean =>
  s.matches('failed') && s.context.failure?.kind === 'network' && s.context.idempotencyKey !== null;

import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { BillingAddress, BillingAddressInput, ShippingAddress, ShippingAddressInput } from '#domain/api/address';
import type { CreateOrderRequest, CreateOrderResponse } from '#domain/api/order';

/**
 * Placing an order from the order confirmation page: save a new shipping address when one was
 * typed, save a new billing address likewise, then create the order. Three calls, any of which may
 * be refused; the customer fixes what was refused and submits again.
 *
 * An address saved by an earlier attempt is never saved twice: the machine remembers each address
 * it saved by its content, and a retry with the same content uses the saved one (the bug of issue
 * 13, item 9: a checkout retried after a refused coupon saved the shipping address again). The
 * screen also switches its choice to the saved address (the `address.saved` event). Pure: the
 * three calls arrive as injected actors.
 */

/** An address already in the book, or one to save first. */
export type AddressChoice<Input> = { id: string } | { input: Input };

export interface SubmitRequest {
  shipping: AddressChoice<ShippingAddressInput>;
  billing: AddressChoice<BillingAddressInput>;
  order: Omit<CreateOrderRequest, 'shippingAddressId' | 'billingAddressId'>;
}

/** Which call refused. */
export type SubmitStep = 'shipping' | 'billing' | 'order';

interface Saved {
  fingerprint: string;
  id: string;
}

export interface CheckoutSubmitContext {
  request: SubmitRequest | null;
  shippingAddressId: string | null;
  billingAddressId: string | null;
  saved: { shipping: Saved[]; billing: Saved[] };
  failure: { step: SubmitStep; error: unknown } | null;
  result: CreateOrderResponse | null;
}

export type CheckoutSubmitEvent = { type: 'submit'; request: SubmitRequest };

export type CheckoutSubmitEmitted =
  | { type: 'address.saved'; kind: 'shipping'; address: ShippingAddress }
  | { type: 'address.saved'; kind: 'billing'; address: BillingAddress };

/** The same address typed again: key order fixed, so equal content gives an equal fingerprint. */
export function fingerprint(input: object): string {
  return JSON.stringify(Object.entries(input).sort(([a], [b]) => a.localeCompare(b)));
}

function resolved<I extends object>(choice: AddressChoice<I> | undefined, saved: readonly Saved[]): string | null {
  if (!choice) return null;
  if ('id' in choice) return choice.id;
  return saved.find((s) => s.fingerprint === fingerprint(choice.input))?.id ?? null;
}

export const checkoutSubmitMachine = setup({
  types: {
    context: {} as CheckoutSubmitContext,
    events: {} as CheckoutSubmitEvent,
    emitted: {} as CheckoutSubmitEmitted,
  },
  actors: {
    saveShippingAddress: fromPromise<ShippingAddress, ShippingAddressInput>(async () => {
      throw new Error('saveShippingAddress is not provided');
    }),
    saveBillingAddress: fromPromise<BillingAddress, BillingAddressInput>(async () => {
      throw new Error('saveBillingAddress is not provided');
    }),
    createOrder: fromPromise<CreateOrderResponse, CreateOrderRequest>(async () => {
      throw new Error('createOrder is not provided');
    }),
  },
  guards: {
    shippingKnown: ({ context }) => resolved(context.request?.shipping, context.saved.shipping) !== null,
    billingKnown: ({ context }) => resolved(context.request?.billing, context.saved.billing) !== null,
  },
  actions: {
    start: assign(({ event }) => ({ request: event.request, failure: null, shippingAddressId: null, billingAddressId: null })),
    useKnownShipping: assign({ shippingAddressId: ({ context }) => resolved(context.request?.shipping, context.saved.shipping) }),
    useKnownBilling: assign({ billingAddressId: ({ context }) => resolved(context.request?.billing, context.saved.billing) }),
  },
}).createMachine({
  id: 'checkoutSubmit',
  context: { request: null, shippingAddressId: null, billingAddressId: null, saved: { shipping: [], billing: [] }, failure: null, result: null },
  initial: 'idle',
  states: {
    idle: {
      on: { submit: { target: 'shipping', actions: 'start' } },
    },
    shipping: {
      initial: 'choose',
      states: {
        choose: {
          always: [{ guard: 'shippingKnown', target: '#checkoutSubmit.billing', actions: 'useKnownShipping' }, { target: 'saving' }],
        },
        saving: {
          invoke: {
            src: 'saveShippingAddress',
            input: ({ context }) => {
              const choice = context.request?.shipping;
              return choice && 'input' in choice ? choice.input : ({} as ShippingAddressInput);
            },
            onDone: {
              target: '#checkoutSubmit.billing',
              actions: [
                assign(({ context, event }) => {
                  const choice = context.request?.shipping;
                  const print = choice && 'input' in choice ? fingerprint(choice.input) : '';
                  return { shippingAddressId: event.output.id, saved: { ...context.saved, shipping: [...context.saved.shipping, { fingerprint: print, id: event.output.id }] } };
                }),
                emit(({ event }) => ({ type: 'address.saved' as const, kind: 'shipping' as const, address: event.output })),
              ],
            },
            onError: { target: '#checkoutSubmit.failed', actions: assign({ failure: ({ event }) => ({ step: 'shipping' as const, error: event.error }) }) },
          },
        },
      },
    },
    billing: {
      initial: 'choose',
      states: {
        choose: {
          always: [{ guard: 'billingKnown', target: '#checkoutSubmit.ordering', actions: 'useKnownBilling' }, { target: 'saving' }],
        },
        saving: {
          invoke: {
            src: 'saveBillingAddress',
            input: ({ context }) => {
              const choice = context.request?.billing;
              return choice && 'input' in choice ? choice.input : ({} as BillingAddressInput);
            },
            onDone: {
              target: '#checkoutSubmit.ordering',
              actions: [
                assign(({ context, event }) => {
                  const choice = context.request?.billing;
                  const print = choice && 'input' in choice ? fingerprint(choice.input) : '';
                  return { billingAddressId: event.output.id, saved: { ...context.saved, billing: [...context.saved.billing, { fingerprint: print, id: event.output.id }] } };
                }),
                emit(({ event }) => ({ type: 'address.saved' as const, kind: 'billing' as const, address: event.output })),
              ],
            },
            onError: { target: '#checkoutSubmit.failed', actions: assign({ failure: ({ event }) => ({ step: 'billing' as const, error: event.error }) }) },
          },
        },
      },
    },
    ordering: {
      invoke: {
        src: 'createOrder',
        input: ({ context }) => ({
          ...(context.request?.order ?? ({} as SubmitRequest['order'])),
          shippingAddressId: context.shippingAddressId ?? '',
          billingAddressId: context.billingAddressId ?? '',
        }),
        onDone: { target: 'placed', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => ({ step: 'order' as const, error: event.error }) }) },
      },
    },
    /** The customer fixes what was refused and submits again; saved addresses are kept. */
    failed: {
      on: { submit: { target: 'shipping', actions: 'start' } },
    },
    placed: { type: 'final' },
  },
});

export type CheckoutSubmitSnapshot = SnapshotFrom<typeof checkoutSubmitMachine>;

/** The attempt has ended: placed, or refused at some step. */
export const isSettled = (s: CheckoutSubmitSnapshot): boolean => s.matches('placed') || s.matches('failed');

import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PayResponse } from '#domain/api/payment';
import { methodPhrase, paymentMessages, paymentStatusText } from '#features/checkout/payment-words';
import { createFormatter } from '#lib/i18n/format';
import { createTranslator, t } from '#lib/i18n/i18n';
import { FRENCH_LOCALE, messagesFr } from '#lib/i18n/messages-fr';
import { checkoutPaymentMachine, toPaymentFailure, type PayActorInput } from '#machines/checkout-payment-machine';

const fr = createTranslator(messagesFr, FRENCH_LOCALE);

describe('the payment machine’s words come from the catalogue', () => {
  test('failures without a server message read the spec’s words (section 8)', () => {
    const words = paymentMessages(t);
    expect(toPaymentFailure(null, words).message).toBe('Unknown network error');
    expect(toPaymentFailure({ message: 'TimeoutError' }, words).message).toBe('System is busy, please try again later');
    expect(toPaymentFailure({ statusCode: 503, data: {} }, words).message).toBe('Unknown error');
    expect(toPaymentFailure({ statusCode: 409, data: {} }, words).message).toBe('Error');
    expect(toPaymentFailure({ statusCode: 402, data: {} }, words).message).toBe('Your card was declined.');
  });

  test('another catalogue, injected, changes what the machine says', async () => {
    const actor = createActor(
      checkoutPaymentMachine.provide({
        actors: {
          pay: fromPromise<PayResponse, PayActorInput>(async () => {
            throw { statusCode: 402, data: { code: 'card_declined' } };
          }),
        },
      }),
      { input: { amountCents: 12_345, methods: ['card'], messages: paymentMessages(fr) } },
    ).start();
    actor.send({ type: 'payment.review', card: { number: '4000000000000002', expMonth: 12, expYear: 2040, cvc: '123' } });
    actor.send({ type: 'payment.submit' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.failure?.message).toBe('Votre carte a été refusée.');
    expect(paymentStatusText(actor.getSnapshot(), fr, createFormatter('fr-FR'))).toBe('Votre carte a été refusée.');
  });

  test('the status sentence and the method phrase, in English and French', () => {
    const actor = createActor(checkoutPaymentMachine, { input: { amountCents: 12_345, methods: ['balance', 'card'], messages: paymentMessages(t) } }).start();
    // Choosing: the panel's title says the amount due; the live region says nothing yet (not twice).
    expect(paymentStatusText(actor.getSnapshot(), t, createFormatter('en-US'))).toBe('');
    actor.send({ type: 'method.changed', method: 'balance' });
    actor.send({ type: 'payment.review' });
    expect(paymentStatusText(actor.getSnapshot(), t, createFormatter('en-US'))).toBe('Ready to pay $123.45 by your balance.');
    expect(methodPhrase('card', { number: '4242 4242 4242 4242', expMonth: 1, expYear: 2040, cvc: '1' }, fr)).toBe('la carte se terminant par 4242');
  });
});

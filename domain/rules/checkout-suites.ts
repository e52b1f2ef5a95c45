import { enforce, omitWhen, test } from 'vest';
import { CARD_CURRENCY, PAYMENT_METHODS } from '../orders/payments.ts';
import { findCarrier } from '../orders/shipping.ts';
import { EMAIL_PATTERN } from './account-rules.ts';
import { defineSuite } from './define-suite.ts';
import { CHECKOUT_MESSAGES, passesLuhn, cardDigits, cardExpiryValid, REVIEW_FIELDS } from './checkout-rules.ts';

/**
 * The vest suites of checkout-rules.ts (ADR 140): the same rules run by the server on every call and by
 * the client's forms, in a module of their own so that a page loads vest only when its form is on screen
 * (lib/forms/lazy-suite.ts). Server use: `suite.runStatic(data)`.
 */

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const present = (value: unknown): boolean => text(value) !== '';
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `POST checkout/order`. `entrust`: whether the caller is an entrust-order account (spec section 6). */
export const checkoutSuite = defineSuite((data: Record<string, unknown>, entrust: boolean) => {
  test('shippingAddressId', CHECKOUT_MESSAGES.shippingAddressRequired, () => {
    enforce(present(data.shippingAddressId)).isTruthy();
  });
  test('billingAddressId', CHECKOUT_MESSAGES.billingAddressRequired, () => {
    enforce(present(data.billingAddressId)).isTruthy();
  });
  const shipping = isObject(data.shipping) ? data.shipping : {};
  test('shipping.incoterm', CHECKOUT_MESSAGES.incotermExw, () => {
    enforce(shipping.incoterm === undefined || shipping.incoterm === 'EXW').isTruthy();
  });
  test('shipping.carrier', CHECKOUT_MESSAGES.carrierRequired, () => {
    enforce(findCarrier(shipping.carrier) !== undefined).isTruthy();
  });
  test('shipping.carrierAccount', CHECKOUT_MESSAGES.carrierAccountRequired, () => {
    enforce(present(shipping.carrierAccount) && text(shipping.carrierAccount).length <= 200).isTruthy();
  });
  omitWhen(!present(data.poNumber), () => {
    test('poNumber', CHECKOUT_MESSAGES.poNumberTooLong, () => {
      enforce(text(data.poNumber).length <= 64).isTruthy();
    });
  });
  omitWhen(!present(data.comment), () => {
    test('comment', CHECKOUT_MESSAGES.commentTooLong, () => {
      enforce(text(data.comment).length <= 1000).isTruthy();
    });
  });
  omitWhen(!present(data.couponCode), () => {
    test('couponCode', CHECKOUT_MESSAGES.couponFormat, () => {
      enforce(text(data.couponCode)).matches(/^[A-Za-z0-9_-]{3,40}$/);
    });
  });
  for (const field of ['customerEmail', 'platformOrderNumber', 'customerNote'] as const) {
    omitWhen(!present(data[field]), () => {
      test(field, CHECKOUT_MESSAGES.entrustOnly, () => {
        enforce(entrust).isTruthy();
      });
    });
  }
  omitWhen(!entrust || !present(data.customerEmail), () => {
    test('customerEmail', CHECKOUT_MESSAGES.customerEmailInvalid, () => {
      enforce(text(data.customerEmail)).matches(EMAIL_PATTERN);
    });
  });
  omitWhen(!entrust || !present(data.platformOrderNumber), () => {
    test('platformOrderNumber', CHECKOUT_MESSAGES.platformOrderNumberTooLong, () => {
      enforce(text(data.platformOrderNumber).length <= 64).isTruthy();
    });
  });
  omitWhen(!entrust || !present(data.customerNote), () => {
    test('customerNote', CHECKOUT_MESSAGES.customerNoteTooLong, () => {
      enforce(text(data.customerNote).length <= 1000).isTruthy();
    });
  });
});

/**
 * A payment's method and card. `options.balanceAllowed` is false for payers without an account
 * (agency and additional-cost links); `options.cardNumbersAccepted` is false with a real provider,
 * which takes a `paymentMethodId` from its card form instead.
 */
export const paymentSuite = defineSuite(
  (data: Record<string, unknown>, options: { now: Date; balanceAllowed: boolean; methods?: readonly string[] }) => {
    const methods = options.methods ?? PAYMENT_METHODS.filter((m) => options.balanceAllowed || m !== 'balance');
    test('method', CHECKOUT_MESSAGES.paymentMethodRequired, () => {
      enforce(methods.includes(data.method as string)).isTruthy();
    });
    omitWhen(data.method !== 'card', () => {
      test('currency', CHECKOUT_MESSAGES.cardUsdOnly, () => {
        enforce(data.currency === undefined || data.currency === null || data.currency === CARD_CURRENCY).isTruthy();
      });
      test('card', CHECKOUT_MESSAGES.cardRequired, () => {
        enforce(isObject(data.card) || present(data.paymentMethodId)).isTruthy();
      });
      omitWhen(!isObject(data.card), () => {
        const card = isObject(data.card) ? data.card : {};
        test('card.number', CHECKOUT_MESSAGES.cardNumberInvalid, () => {
          enforce(passesLuhn(cardDigits(card.number))).isTruthy();
        });
        test('card.expiry', CHECKOUT_MESSAGES.cardExpiryInvalid, () => {
          enforce(cardExpiryValid(card.expMonth, card.expYear, options.now)).isTruthy();
        });
        test('card.cvc', CHECKOUT_MESSAGES.cardCvcInvalid, () => {
          enforce(text(card.cvc)).matches(/^\d{3,4}$/);
        });
      });
    });
  },
);

/** `POST order/{id}/review` (spec section 3: stars; workmanship, product, service, logistics ratings; comments). */
export const reviewSuite = defineSuite((data: Record<string, unknown>) => {
  for (const field of REVIEW_FIELDS) {
    test(field, CHECKOUT_MESSAGES.ratingRange, () => {
      const v = data[field];
      enforce(typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 5).isTruthy();
    });
  }
  omitWhen(!present(data.comments), () => {
    test('comments', CHECKOUT_MESSAGES.reviewTooLong, () => {
      enforce(text(data.comments).length <= 2000).isTruthy();
    });
  });
});

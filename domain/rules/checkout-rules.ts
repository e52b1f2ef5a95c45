import { enforce, omitWhen, test } from 'vest';
import { CARD_CURRENCY, PAYMENT_METHODS } from '../orders/payments.ts';
import { findCarrier } from '../orders/shipping.ts';
import { EMAIL_PATTERN } from './account-rules.ts';
import { defineSuite } from './define-suite.ts';

/**
 * Checkout and payment rules (spec section 5: "At least one payment method must be selected",
 * "Credit card payment is USD only"), shared by the checkout forms and the server. The reload
 * amount's rules are in balance-rules.ts.
 */
export const CHECKOUT_MESSAGES = {
  shippingAddressRequired: 'Please choose a shipping address.',
  billingAddressRequired: 'Please choose a billing address.',
  carrierRequired: 'Please choose a carrier.',
  incotermExw: 'We ship on EXW (Incoterms 2020) terms only.',
  carrierAccountRequired: 'Please enter your account with the carrier (EXW: the carrier bills you for freight).',
  poNumberTooLong: 'The PO number can be at most 64 characters.',
  commentTooLong: 'The comment can be at most 1000 characters.',
  couponFormat: 'Please enter a valid coupon code.',
  entrustOnly: 'Only entrust-order accounts can enter a customer email, a platform order number or a customer note.',
  customerEmailInvalid: 'Please enter a valid customer email.',
  platformOrderNumberTooLong: 'The platform order number can be at most 64 characters.',
  customerNoteTooLong: 'The customer note can be at most 1000 characters.',
  paymentMethodRequired: 'Please select a payment method.',
  cardUsdOnly: 'Credit card payment is USD only.',
  cardRequired: 'Please enter your card details.',
  cardNumberInvalid: 'Please enter a valid card number.',
  cardExpiryInvalid: 'Please enter a valid expiry date in the future.',
  cardCvcInvalid: 'Please enter the 3 or 4 digit security code.',
  ratingRange: 'Please give a rating from 1 to 5.',
  reviewTooLong: 'Comments can be at most 2000 characters.',
} as const;

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

/** Luhn check of a card number (digits only). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardDigits(number: unknown): string {
  return typeof number === 'string' ? number.replace(/[\s-]/g, '') : '';
}

/** A card's expiry year as printed (`27`) or in full (`2027`): the full year. */
export function fullCardYear(expYear: number): number {
  return expYear < 100 ? 2000 + expYear : expYear;
}

/** The card expires at the end of its month; `now` decides. */
export function cardExpiryValid(expMonth: unknown, expYear: unknown, now: Date): boolean {
  if (typeof expMonth !== 'number' || typeof expYear !== 'number' || !Number.isInteger(expMonth) || !Number.isInteger(expYear)) return false;
  if (expMonth < 1 || expMonth > 12) return false;
  const year = fullCardYear(expYear);
  const endOfMonth = Date.UTC(year, expMonth, 1);
  return endOfMonth > now.getTime() && year < now.getUTCFullYear() + 100;
}

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

export const REVIEW_FIELDS = ['stars', 'workmanship', 'product', 'service', 'logistics'] as const;

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

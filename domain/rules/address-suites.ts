import { enforce, omitWhen, skipWhen, test } from 'vest';
import { defineSuite } from './define-suite.ts';
import { PHONE_MIN } from './account-rules.ts';
import { BILLING_ADDRESS_LIMITS, SHIPPING_ADDRESS_LIMITS } from './field-limits.ts';
import { type Geography, STATE_REQUIRED_COUNTRIES, ADDRESS_MESSAGES, isEnglishText, isPoBox, findSubdivision } from './address-rules.ts';

/**
 * The vest suites of address-rules.ts (ADR 140): the same rules run by the server on every call and by
 * the client's forms, in a module of their own so that a page loads vest only when its form is on screen
 * (lib/forms/lazy-suite.ts). Server use: `suite.runStatic(data)`.
 */

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const present = (value: unknown): boolean => text(value) !== '';

const FREE_TEXT_FIELDS = ['firstName', 'lastName', 'company', 'vatNumber', 'city', 'postcode', 'addressLine1', 'addressLine2', 'addressLine3'] as const;

/** Shipping address: create and update (`account/address`). */
export const shippingAddressSuite = defineSuite((data: Record<string, unknown>, geo: Geography) => {
  test('firstName', ADDRESS_MESSAGES.firstNameRequired, () => {
    enforce(present(data.firstName)).isTruthy();
  });
  test('lastName', ADDRESS_MESSAGES.lastNameRequired, () => {
    enforce(present(data.lastName)).isTruthy();
  });
  test('phoneCode', ADDRESS_MESSAGES.phoneCodeRequired, () => {
    enforce(text(data.phoneCode)).matches(/^\+?\d{1,6}$/);
  });
  test('mobile', ADDRESS_MESSAGES.mobileRequired, () => {
    enforce(present(data.mobile)).isTruthy();
  });
  skipWhen(!present(data.mobile), () => {
    test('mobile', ADDRESS_MESSAGES.mobileShort, () => {
      enforce(text(data.mobile).length >= PHONE_MIN).isTruthy();
    });
  });
  const country = text(data.countryCode).toUpperCase();
  test('countryCode', ADDRESS_MESSAGES.countryInvalid, () => {
    enforce(country !== '' && geo.isCountry(country)).isTruthy();
  });
  skipWhen(country === '' || !geo.isCountry(country), () => {
    const required = (STATE_REQUIRED_COUNTRIES as readonly string[]).includes(country);
    test('state', ADDRESS_MESSAGES.stateRequired, () => {
      enforce(!required || present(data.state)).isTruthy();
    });
    omitWhen(!present(data.state), () => {
      test('state', ADDRESS_MESSAGES.stateInvalid, () => {
        enforce(findSubdivision(geo, country, text(data.state)) !== undefined).isTruthy();
      });
    });
  });
  test('city', ADDRESS_MESSAGES.cityRequired, () => {
    enforce(present(data.city)).isTruthy();
  });
  test('postcode', ADDRESS_MESSAGES.postcodeRequired, () => {
    enforce(present(data.postcode)).isTruthy();
  });
  test('addressLine1', ADDRESS_MESSAGES.addressLine1Required, () => {
    enforce(present(data.addressLine1)).isTruthy();
  });
  for (const field of FREE_TEXT_FIELDS) {
    omitWhen(!present(data[field]), () => {
      test(field, ADDRESS_MESSAGES.englishOnly, () => {
        enforce(isEnglishText(text(data[field]))).isTruthy();
      });
    });
  }
  // The API's limits (field-limits.ts), so the form never accepts what the server refuses.
  for (const [field, max] of Object.entries(SHIPPING_ADDRESS_LIMITS)) {
    omitWhen(!present(data[field]), () => {
      test(field, ADDRESS_MESSAGES.tooLong, () => {
        enforce(text(data[field]).length <= max).isTruthy();
      });
    });
  }
  for (const field of ['addressLine1', 'addressLine2', 'addressLine3', 'company'] as const) {
    omitWhen(!present(data[field]), () => {
      test(field, ADDRESS_MESSAGES.poBox, () => {
        enforce(isPoBox(text(data[field]))).isFalsy();
      });
    });
  }
});

/** Billing address: create and update (`account/billingAddress`). */
export const billingAddressSuite = defineSuite((data: Record<string, unknown>) => {
  test('name', ADDRESS_MESSAGES.nameRequired, () => {
    enforce(present(data.name)).isTruthy();
  });
  test('location', ADDRESS_MESSAGES.locationRequired, () => {
    enforce(present(data.location)).isTruthy();
  });
  for (const [field, max] of Object.entries(BILLING_ADDRESS_LIMITS)) {
    omitWhen(!present(data[field]), () => {
      test(field, ADDRESS_MESSAGES.englishOnly, () => {
        enforce(isEnglishText(text(data[field]))).isTruthy();
      });
      test(field, ADDRESS_MESSAGES.tooLong, () => {
        enforce(text(data[field]).length <= max).isTruthy();
      });
    });
  }
});

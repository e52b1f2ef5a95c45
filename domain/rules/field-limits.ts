/**
 * Each field's limits in one place (issue 37 item 3, ADR 183): the API's zod shapes (domain/api)
 * bound what the server stores with these numbers, and the forms' vest suites (domain/rules) say
 * "This is too long." at the same numbers, so a form never accepts what the server refuses. Plain
 * data, without zod, so that the browser's rules can read it.
 */

/** Storage bounds: the longest text each kind of field may hold, and the longest list. */
export const MAX = {
  /** Ids, tokens, codes and keys. */
  id: 64,
  email: 254,
  password: 128,
  /** Names of people, companies, projects, files. */
  name: 100,
  /** One line of an address, a carrier account, a reference. */
  line: 200,
  /** Comments, reasons, notes. */
  text: 2000,
  /** Messages to customer service. */
  longText: 5000,
  url: 2000,
  /** Entries of a list in one request. */
  list: 100,
} as const;

/** A shipping address's fields (`account/address`, the order's consignee). */
export const SHIPPING_ADDRESS_LIMITS = {
  firstName: MAX.name,
  lastName: MAX.name,
  company: MAX.name,
  phoneCode: MAX.id,
  mobile: MAX.id,
  vatNumber: MAX.id,
  countryCode: MAX.id,
  state: MAX.name,
  city: MAX.line,
  postcode: MAX.id,
  addressLine1: MAX.line,
  addressLine2: MAX.line,
  addressLine3: MAX.line,
} as const;

/** A billing address's fields (`account/billingAddress`, the order's billing snapshot). */
export const BILLING_ADDRESS_LIMITS = {
  name: MAX.name,
  location: MAX.text,
  companyName: MAX.name,
} as const;

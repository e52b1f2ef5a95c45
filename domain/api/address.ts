/** Shipping and billing addresses (spec section 3). */

export interface ShippingAddressInput {
  firstName: string;
  lastName: string;
  company?: string | null;
  phoneCode: string;
  mobile: string;
  /** VAT or EORI number. */
  vatNumber?: string | null;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** ISO 3166-2 subdivision code (e.g. `US-CA`) or its name; required where the country has subdivisions. */
  state?: string | null;
  city: string;
  postcode: string;
  addressLine1: string;
  addressLine2?: string | null;
  addressLine3?: string | null;
  isDefault?: boolean;
}

export interface ShippingAddress extends Required<Omit<ShippingAddressInput, 'isDefault'>> {
  id: string;
  isDefault: boolean;
  countryName: string;
  /** The subdivision's code, e.g. `US-CA`, or null. */
  state: string | null;
  stateName: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AddressIdsRequest {
  addressIds: string[];
}

export interface BillingAddressInput {
  companyName?: string | null;
  name: string;
  /** The billing location as it should appear on invoices. */
  location: string;
}

export interface BillingAddress {
  id: string;
  companyName: string | null;
  name: string;
  location: string;
  createdAt: string;
  updatedAt: string;
}

export interface IdsRequest {
  ids: string[];
}

export interface DeletedResponse {
  deleted: number;
}

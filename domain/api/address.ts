/** Shipping and billing addresses (spec section 3; ADR 060). */
import { z } from 'zod';
import { BILLING_ADDRESS_LIMITS as BILLING, SHIPPING_ADDRESS_LIMITS as SHIPPING } from '../rules/field-limits.ts';
import { MAX, described, id, instant, listOf, named, optionalText, required, text } from './fields.ts';

export const ShippingAddressInputSchema = named(
  'ShippingAddressInput',
  z.object({
    firstName: required(text(SHIPPING.firstName)),
    lastName: required(text(SHIPPING.lastName)),
    company: optionalText(SHIPPING.company),
    phoneCode: required(text(SHIPPING.phoneCode)),
    mobile: required(text(SHIPPING.mobile)),
    vatNumber: described(optionalText(SHIPPING.vatNumber), 'VAT or EORI number.'),
    countryCode: described(required(text(SHIPPING.countryCode)), 'ISO 3166-1 alpha-2.'),
    state: described(optionalText(SHIPPING.state), 'ISO 3166-2 subdivision code (e.g. US-CA) or its name; required where the country has subdivisions.'),
    city: required(text(SHIPPING.city)),
    postcode: required(text(SHIPPING.postcode)),
    addressLine1: required(text(SHIPPING.addressLine1)),
    addressLine2: optionalText(SHIPPING.addressLine2),
    addressLine3: optionalText(SHIPPING.addressLine3),
    isDefault: z.boolean().optional(),
  }),
);
export type ShippingAddressInput = z.infer<typeof ShippingAddressInputSchema>;

export const ShippingAddressSchema = named(
  'ShippingAddress',
  z.object({
    id: z.string(),
    isDefault: z.boolean(),
    firstName: z.string(),
    lastName: z.string(),
    company: z.string().nullable(),
    phoneCode: z.string(),
    mobile: z.string(),
    vatNumber: z.string().nullable(),
    countryCode: z.string(),
    countryName: z.string(),
    state: described(z.string().nullable(), 'The subdivision’s code, e.g. US-CA, or null.'),
    stateName: z.string().nullable(),
    city: z.string(),
    postcode: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string().nullable(),
    addressLine3: z.string().nullable(),
    createdAt: instant(),
    updatedAt: instant(),
  }),
);
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

export const ShippingAddressListSchema = listOf(ShippingAddressSchema);

const ids = () => z.array(id()).min(1).max(MAX.list);

export const AddressIdsRequestSchema = z.object({ addressIds: ids() });
export type AddressIdsRequest = z.infer<typeof AddressIdsRequestSchema>;

export const BillingAddressInputSchema = named(
  'BillingAddressInput',
  z.object({
    companyName: optionalText(BILLING.companyName),
    name: required(text(BILLING.name)),
    location: described(required(text(BILLING.location)), 'The billing location as it should appear on invoices.'),
  }),
);
export type BillingAddressInput = z.infer<typeof BillingAddressInputSchema>;

/**
 * A billing address's own fields as stored: the address book's row, and the order's billing
 * snapshot taken at checkout (ADR 183: one declaration for both).
 */
export const BillingInfoSchema = z.object({ companyName: z.string().nullable(), name: z.string(), location: z.string() });
export type BillingInfo = z.infer<typeof BillingInfoSchema>;

export const BillingAddressSchema = named('BillingAddress', z.object({ id: z.string(), ...BillingInfoSchema.shape, createdAt: instant(), updatedAt: instant() }));
export type BillingAddress = z.infer<typeof BillingAddressSchema>;

export const BillingAddressListSchema = listOf(BillingAddressSchema);

export const IdsRequestSchema = z.object({ ids: ids() });
export type IdsRequest = z.infer<typeof IdsRequestSchema>;

export const DeletedResponseSchema = named('Deleted', z.object({ deleted: z.int().min(1) }));
export type DeletedResponse = z.infer<typeof DeletedResponseSchema>;

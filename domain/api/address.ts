/** Shipping and billing addresses (spec section 3; ADR 060). */
import { z } from 'zod';
import { MAX, described, id, instant, listOf, named, optionalText, required, text } from './fields.ts';

export const ShippingAddressInputSchema = named(
  'ShippingAddressInput',
  z.object({
    firstName: required(text(MAX.name)),
    lastName: required(text(MAX.name)),
    company: optionalText(MAX.name),
    phoneCode: required(text(MAX.id)),
    mobile: required(text(MAX.id)),
    vatNumber: described(optionalText(MAX.id), 'VAT or EORI number.'),
    countryCode: described(required(text(MAX.id)), 'ISO 3166-1 alpha-2.'),
    state: described(optionalText(MAX.name), 'ISO 3166-2 subdivision code (e.g. US-CA) or its name; required where the country has subdivisions.'),
    city: required(text(MAX.line)),
    postcode: required(text(MAX.id)),
    addressLine1: required(text(MAX.line)),
    addressLine2: optionalText(MAX.line),
    addressLine3: optionalText(MAX.line),
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
    companyName: optionalText(MAX.name),
    name: required(text(MAX.name)),
    location: described(required(text(MAX.text)), 'The billing location as it should appear on invoices.'),
  }),
);
export type BillingAddressInput = z.infer<typeof BillingAddressInputSchema>;

export const BillingAddressSchema = named(
  'BillingAddress',
  z.object({ id: z.string(), companyName: z.string().nullable(), name: z.string(), location: z.string(), createdAt: instant(), updatedAt: instant() }),
);
export type BillingAddress = z.infer<typeof BillingAddressSchema>;

export const BillingAddressListSchema = listOf(BillingAddressSchema);

export const IdsRequestSchema = z.object({ ids: ids() });
export type IdsRequest = z.infer<typeof IdsRequestSchema>;

export const DeletedResponseSchema = named('Deleted', z.object({ deleted: z.int().min(1) }));
export type DeletedResponse = z.infer<typeof DeletedResponseSchema>;

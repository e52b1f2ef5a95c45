import type { BillingAddress, BillingAddressInput } from '#domain/api/address';
import { lazySuite } from '#lib/forms/lazy-suite';
import { useFieldset, type ComposedFieldset, type Fieldset } from '#lib/forms/use-fieldset';
import { useT } from '#lib/i18n/i18n';
import { TextField } from '#ui/text-field';

const billingAddressSuite = lazySuite(async () => (await import('#domain/rules/address-suites')).billingAddressSuite);

/** A billing address as the form holds it: the text of each field of the API's input (spec section 3: company name, name, location). */
export type BillingAddressValues = Record<keyof BillingAddressInput, string>;

export const EMPTY_BILLING_ADDRESS: BillingAddressValues = { name: '', companyName: '', location: '' };

export function billingValuesOf(address: BillingAddress): BillingAddressValues {
  return { name: address.name, companyName: address.companyName ?? '', location: address.location };
}

/** What `account/billingAddress` takes. */
export function billingInputOf(values: BillingAddressValues): BillingAddressInput {
  const company = values.companyName.trim();
  return { name: values.name.trim(), companyName: company === '' ? null : company, location: values.location.trim() };
}

export interface BillingAddressFieldset extends Fieldset<BillingAddressValues>, ComposedFieldset<BillingAddressInput> {}

/** The billing address fieldset's state, checked by the shared billing rules (the address book and the checkout). */
export function useBillingAddressFieldset(initial: Partial<BillingAddressValues> = {}): BillingAddressFieldset {
  const fieldset = useFieldset(billingAddressSuite, { ...EMPTY_BILLING_ADDRESS, ...initial });
  return { ...fieldset, input: () => billingInputOf(fieldset.values) };
}

/** The fields of a billing address, in a fieldset with its legend. */
export function BillingAddressFields({ fieldset, legend }: { fieldset: BillingAddressFieldset; legend: string }) {
  const t = useT();
  return (
    <fieldset className="grid gap-4 rounded-control border border-neutral-300 p-4 sm:grid-cols-2 forced-colors:border-[CanvasText]">
      <legend className="px-1 font-medium">{legend}</legend>
      <TextField {...fieldset.field('name')} label={t('account.billingField.name')} autoComplete="billing name" isRequired />
      <TextField {...fieldset.field('companyName')} label={t('account.billingField.company')} autoComplete="billing organization" />
      <TextField
        {...fieldset.field('location')}
        label={t('account.billingField.location')}
        description={t('account.billingField.locationHint')}
        autoComplete="billing street-address"
        isRequired
        isMultiline
        className="sm:col-span-2"
      />
    </fieldset>
  );
}

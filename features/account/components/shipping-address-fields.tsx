import { useMemo, useState } from 'react';
import type { ShippingAddress, ShippingAddressInput } from '#domain/api/address';
import type { CountryEntry, StateEntry } from '#domain/api/tools';
import { type Geography } from '#domain/rules/address-rules';
import { adaptSuite, lazySuite } from '#lib/forms/lazy-suite';
import { useFieldset, type ComposedFieldset, type Fieldset, type FormSuite } from '#lib/forms/use-fieldset';
import { useT } from '#lib/i18n/i18n';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '#lib/query-keys';
import { LazyComboBox } from '#ui/lazy-combo-box';
import { TextField } from '#ui/text-field';
import { listCountries, listStates } from '../api.ts';
import { PhoneCodeField } from './phone-code-field.tsx';

const shippingAddressSuite = lazySuite(async () => (await import('#domain/rules/address-suites')).shippingAddressSuite);

/** The shipping address as the form holds it: the text of each field of the API's input but the default flag (spec section 3). */
export type ShippingAddressValues = Record<Exclude<keyof ShippingAddressInput, 'isDefault'>, string>;

export const EMPTY_SHIPPING_ADDRESS: ShippingAddressValues = {
  firstName: '',
  lastName: '',
  company: '',
  phoneCode: '',
  mobile: '',
  vatNumber: '',
  countryCode: '',
  state: '',
  city: '',
  postcode: '',
  addressLine1: '',
  addressLine2: '',
  addressLine3: '',
};

/** A saved address as the form's values (to edit it). */
export function shippingValuesOf(address: ShippingAddress): ShippingAddressValues {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    company: address.company ?? '',
    phoneCode: address.phoneCode,
    mobile: address.mobile,
    vatNumber: address.vatNumber ?? '',
    countryCode: address.countryCode,
    state: address.state ?? '',
    city: address.city,
    postcode: address.postcode,
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2 ?? '',
    addressLine3: address.addressLine3 ?? '',
  };
}

const optional = (value: string) => (value.trim() === '' ? null : value.trim());

/** What `account/address` takes. */
export function shippingInputOf(values: ShippingAddressValues): ShippingAddressInput {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    company: optional(values.company),
    phoneCode: values.phoneCode.trim(),
    mobile: values.mobile.trim(),
    vatNumber: optional(values.vatNumber),
    countryCode: values.countryCode,
    state: optional(values.state),
    city: values.city.trim(),
    postcode: values.postcode.trim(),
    addressLine1: values.addressLine1.trim(),
    addressLine2: optional(values.addressLine2),
    addressLine3: optional(values.addressLine3),
  };
}

export interface ShippingAddressFieldset extends Fieldset<ShippingAddressValues>, ComposedFieldset<ShippingAddressInput> {
  countries: CountryEntry[];
  countriesFailed: boolean;
  states: StateEntry[];
  /** Chooses the country: its states load, and the state chosen before is cleared. */
  setCountry(code: string): void;
  /** Another address to edit (or a blank one). */
  reset(values: ShippingAddressValues): void;
}

const NO_COUNTRIES: CountryEntry[] = [];
const NO_STATES: StateEntry[] = [];

/**
 * The shipping address fieldset's state (spec sections 3 and 5): the shared address rules against the
 * server's countries and the chosen country's states. Serves the address book and the checkout.
 */
export function useShippingAddressFieldset(initial: Partial<ShippingAddressValues> = {}): ShippingAddressFieldset {
  const start = { ...EMPTY_SHIPPING_ADDRESS, ...initial };
  // Reference data: the same all along the page's life, asked once (ADR 208).
  const countries = useQuery({ queryKey: queryKeys.reference.countries, queryFn: ({ signal }) => listCountries(signal), staleTime: Infinity });
  const countryList = useMemo(() => countries.data ?? NO_COUNTRIES, [countries.data]);
  const [country, setCountryState] = useState(start.countryCode);
  const states = useQuery({
    queryKey: queryKeys.reference.states(country),
    queryFn: ({ signal }) => (country ? listStates(country, signal) : Promise.resolve(NO_STATES)),
    staleTime: Infinity,
  });
  const stateList = states.data ?? NO_STATES;
  const suite = useMemo(() => {
    const codes = new Set(countryList.map((c) => c.countryCode));
    const geo: Geography = { isCountry: (code) => codes.has(code), subdivisions: (code) => (code === country ? stateList : []) };
    return adaptSuite(shippingAddressSuite, (loaded) => ({ run: (values: ShippingAddressValues) => loaded.run(values, geo) }) as FormSuite);
  }, [countryList, country, stateList]);
  const fieldset = useFieldset(suite, start);
  return {
    ...fieldset,
    countries: countryList,
    countriesFailed: countries.isError,
    states: stateList,
    setCountry: (code) => {
      fieldset.setValue('countryCode', code);
      fieldset.setValue('state', '');
      fieldset.touch('countryCode');
      setCountryState(code);
    },
    reset: (values) => {
      fieldset.reset(values);
      setCountryState(values.countryCode);
    },
    input: () => shippingInputOf(fieldset.values),
  };
}

const nameOf = (item: { name: string }) => item.name;

/** The state autofill names: by its name (California) or its code, whole (US-CA) or within the country (CA). */
function stateNamed<T extends { id: string; name: string }>(text: string, states: readonly T[]): T | undefined {
  const wanted = text.trim().toLowerCase();
  return states.find((s) => s.name.toLowerCase() === wanted || s.id.toLowerCase() === wanted || s.id.toLowerCase().endsWith(`-${wanted}`));
}

/** The fields of a shipping address, in a fieldset with its legend. */
export function ShippingAddressFields({ fieldset, legend }: { fieldset: ShippingAddressFieldset; legend: string }) {
  const t = useT();
  const { values, errors } = fieldset;
  // Stable lists: a new list on every render would make the combo boxes reset what is being typed.
  const countryItems = useMemo(() => fieldset.countries.map((c) => ({ id: c.countryCode, name: c.countryName })), [fieldset.countries]);
  const stateItems = useMemo(() => fieldset.states.map((s) => ({ id: s.code, name: s.name })), [fieldset.states]);
  return (
    <fieldset className="grid gap-4 rounded-control border border-neutral-300 p-4 sm:grid-cols-2 forced-colors:border-[CanvasText]">
      <legend className="px-1 font-medium">{legend}</legend>
      <TextField {...fieldset.field('firstName')} label={t('account.addressField.firstName')} autoComplete="shipping given-name" isRequired />
      <TextField {...fieldset.field('lastName')} label={t('account.addressField.lastName')} autoComplete="shipping family-name" isRequired />
      <TextField {...fieldset.field('company')} label={t('account.addressField.company')} autoComplete="shipping organization" />
      <TextField {...fieldset.field('vatNumber')} label={t('account.addressField.vat')} />
      <PhoneCodeField
        label={t('account.addressField.phoneCode')}
        value={values.phoneCode}
        onChange={(code) => {
          fieldset.setValue('phoneCode', code);
          fieldset.touch('phoneCode');
        }}
        onBlur={() => fieldset.touch('phoneCode')}
        errorMessage={errors.phoneCode?.join(' ')}
        isRequired
        autoComplete="shipping tel-country-code"
      />
      <TextField {...fieldset.field('mobile')} label={t('account.addressField.phone')} type="tel" autoComplete="shipping tel-national" isRequired />
      <LazyComboBox
        key={`countries-${countryItems.length}`}
        label={t('account.addressField.country')}
        defaultItems={countryItems}
        selectedKey={values.countryCode || null}
        onSelectionChange={(key) => fieldset.setCountry(key === null ? '' : String(key))}
        onBlur={() => fieldset.touch('countryCode')}
        isInvalid={!!errors.countryCode || fieldset.countriesFailed}
        errorMessage={fieldset.countriesFailed ? t('account.addressField.countriesFailed') : errors.countryCode?.join(' ')}
        isRequired
        textOf={nameOf}
        autoComplete="shipping country-name"
      />
      {stateItems.length > 0 ? (
        <LazyComboBox
          key={`${values.countryCode}-${stateItems.length}`}
          label={t('account.addressField.state')}
          defaultItems={stateItems}
          selectedKey={values.state || null}
          onSelectionChange={(key) => {
            fieldset.setValue('state', key === null ? '' : String(key));
            fieldset.touch('state');
          }}
          onBlur={() => fieldset.touch('state')}
          isInvalid={!!errors.state}
          errorMessage={errors.state?.join(' ')}
          textOf={nameOf}
          autoComplete="shipping address-level1"
          itemNamed={stateNamed}
        />
      ) : (
        errors.state && (
          <p role="alert" className="text-danger-700">
            {errors.state.join(' ')}
          </p>
        )
      )}
      <TextField {...fieldset.field('city')} label={t('account.addressField.city')} autoComplete="shipping address-level2" isRequired />
      <TextField {...fieldset.field('postcode')} label={t('account.addressField.postcode')} autoComplete="shipping postal-code" isRequired />
      <TextField {...fieldset.field('addressLine1')} label={t('account.addressField.line', { line: 1 })} autoComplete="shipping address-line1" isRequired className="sm:col-span-2" />
      <TextField {...fieldset.field('addressLine2')} label={t('account.addressField.line', { line: 2 })} autoComplete="shipping address-line2" className="sm:col-span-2" />
      <TextField {...fieldset.field('addressLine3')} label={t('account.addressField.line', { line: 3 })} autoComplete="shipping address-line3" className="sm:col-span-2" />
    </fieldset>
  );
}

import { useMemo, useRef, useState } from 'react';
import { FetchError } from 'ofetch';
import { useLocation, useSearchParams } from 'wouter';
import type { BillingAddress, ShippingAddress } from '#domain/api/address';
import type { ShippingOptions } from '#domain/api/order';
import type { CheckoutDiscounts } from '#domain/api/rewards';
import type { Cart } from '#domain/api/quote';
import type { CountryEntry, StateEntry } from '#domain/api/tools';
import { findMaterial } from '#domain/catalogue/lookup';
import { CATALOGUE } from '#domain/catalogue/catalogue';
import { billingAddressSuite, shippingAddressSuite, type Geography } from '#domain/rules/address-rules';
import { checkoutSuite } from '#domain/rules/checkout-rules';
import { serverFieldErrors, useSuiteForm, type FormSuite } from '#lib/forms/use-suite-form';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { useAsync } from '#lib/use-async';
import { Button } from '#ui/button';
import { ComboBox, ComboBoxItem } from '#ui/combo-box';
import { Form } from '#ui/form';
import { Link } from '#ui/link';
import { Radio, RadioGroup } from '#ui/radio-group';
import { TextField } from '#ui/text-field';
import {
  createBillingAddress,
  createOrder,
  createShippingAddress,
  getCart,
  getCheckoutDiscounts,
  getShippingOptions,
  listBillingAddresses,
  listCountries,
  listShippingAddresses,
  listStates,
} from '../api.ts';
import { CheckoutTotal } from './checkout-total.tsx';

export const NEW = 'new';

export interface CheckoutData {
  cart: Cart;
  options: ShippingOptions;
  addresses: ShippingAddress[];
  billing: BillingAddress[];
  countries: CountryEntry[];
  /** What the order gets without a coupon (a referred friend's first order: ADR 090). */
  discounts: CheckoutDiscounts;
}

async function loadCheckout(signal: AbortSignal): Promise<CheckoutData> {
  const [cart, options, addresses, billing, countries, discounts] = await Promise.all([
    getCart(signal),
    getShippingOptions(signal),
    listShippingAddresses(signal),
    listBillingAddresses(signal),
    listCountries(signal),
    getCheckoutDiscounts(signal),
  ]);
  return { cart, options, addresses: addresses.list, billing: billing.list, countries, discounts };
}

export interface UserHint {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  phoneCode: string | null;
  phone: string | null;
  isEntrustOrderAccount: boolean;
}

/** The order confirmation page (/checkout): loads the cart, the addresses and the carriers, then the form. */
export function OrderConfirmation({ user }: { user: UserHint }) {
  const t = useT();
  const state = useAsync('checkout', loadCheckout);
  if (state.status === 'loading') return <p role="status">{t('checkout.cart.loading')}</p>;
  if (state.status === 'error') {
    return <p role="alert">{t.rich('checkout.cart.loadFailed', { link: (chunks) => <Link href="/checkout">{chunks}</Link> })}</p>;
  }
  const orderable = state.data.cart.lines.filter((l) => !l.problem);
  if (orderable.length === 0) {
    return <p>{t.rich('checkout.cart.empty', { link: (chunks) => <Link href="/quote">{chunks}</Link> })}</p>;
  }
  return <OrderConfirmationForm data={state.data} user={user} />;
}

function materialName(process: string, materialId: string): string {
  return findMaterial(process as never, materialId, CATALOGUE)?.name ?? materialId;
}

export function CartLines({ cart }: { cart: Cart }) {
  const t = useT();
  const format = useFormat();
  return (
    <section aria-labelledby="cart-heading" className="flex flex-col gap-3">
      <h2 id="cart-heading" className="text-title">
        {t('checkout.cart.heading')}
      </h2>
      <table className="w-full border-collapse text-left text-body">
        <thead>
          <tr className="border-b border-neutral-300">
            <th scope="col" className="py-2 pr-4">
              {t('orders.column.part')}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t('orders.column.material')}
            </th>
            <th scope="col" className="py-2 pr-4 text-right">
              {t('orders.column.quantity')}
            </th>
            <th scope="col" className="py-2 pr-4 text-right">
              {t('orders.column.unitPrice')}
            </th>
            <th scope="col" className="py-2 pr-4 text-right">
              {t('orders.column.total')}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t('orders.column.ships')}
            </th>
          </tr>
        </thead>
        <tbody>
          {cart.lines.map((line) => (
            <tr key={line.id} className="border-b border-neutral-200 align-top">
              <th scope="row" className="py-2 pr-4 font-normal">
                {line.fileName}
                {line.problemMessage && <p className="text-caption text-danger-700">{line.problemMessage}</p>}
              </th>
              <td className="py-2 pr-4">{materialName(line.configuration.process, line.configuration.materialId)}</td>
              <td className="py-2 pr-4 text-right">{line.quantity}</td>
              <td className="py-2 pr-4 text-right">{format.money(line.unitPriceCents)}</td>
              <td className="py-2 pr-4 text-right">{format.money(line.totalCents)}</td>
              <td className="py-2 pr-4">{format.date(line.shipDate)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4} className="py-2 pr-4 text-right">
              {t('checkout.cart.total')}
            </th>
            <td className="py-2 pr-4 text-right font-medium" data-testid="cart-total">
              {format.money(cart.totalCents)}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
      <p className="text-caption text-neutral-600">{cart.exwNote}</p>
    </section>
  );
}

type Values = {
  shippingAddressId: string;
  firstName: string;
  lastName: string;
  company: string;
  phoneCode: string;
  mobile: string;
  vatNumber: string;
  countryCode: string;
  state: string;
  city: string;
  postcode: string;
  addressLine1: string;
  addressLine2: string;
  addressLine3: string;
  billingAddressId: string;
  billingName: string;
  billingCompany: string;
  billingLocation: string;
  carrier: string;
  carrierAccount: string;
  couponCode: string;
  poNumber: string;
  comment: string;
  customerEmail: string;
  platformOrderNumber: string;
  customerNote: string;
};

/** Server and suite field names → this form's fields. */
const FIELD_ALIASES: Record<string, keyof Values> = {
  'shipping.carrier': 'carrier',
  'shipping.carrierAccount': 'carrierAccount',
  'shipping.incoterm': 'carrier',
};
const BILLING_ALIASES: Record<string, keyof Values> = { name: 'billingName', companyName: 'billingCompany', location: 'billingLocation' };

function renamed(errors: Record<string, string[] | undefined>, aliases: Record<string, keyof Values>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (!messages?.length) continue;
    const name = aliases[field] ?? field;
    out[name] = [...(out[name] ?? []), ...messages];
  }
  return out;
}

/** A 422 whose field names are this form's, for useSuiteForm to put next to the fields. */
function withFormFields(error: unknown, aliases: Record<string, keyof Values>): unknown {
  const fields = serverFieldErrors(error);
  if (!fields || !(error instanceof FetchError)) return error;
  const data = { ...(error.data as object), errors: renamed(fields, aliases) };
  return Object.assign(new FetchError(error.message), { data, statusCode: error.statusCode ?? 422, status: error.statusCode ?? 422 });
}

const text = (v: string) => (v.trim() === '' ? null : v.trim());

function OrderConfirmationForm({ data, user }: { data: CheckoutData; user: UserHint }) {
  const t = useT();
  const [, navigate] = useLocation();
  // A coupon chosen on the coupons page (`/checkout?coupon=…`) arrives filled in.
  const [search] = useSearchParams();
  const referral = data.discounts.referral;
  const entrust = user.isEntrustOrderAccount;
  const [addresses, setAddresses] = useState(data.addresses);
  const [billing, setBilling] = useState(data.billing);
  const defaultAddress = addresses.find((a) => a.isDefault) ?? addresses[0];
  // Addresses made by an earlier submit that failed further on: the same input is not added twice.
  const created = useRef<{ shipping?: [string, string]; billing?: [string, string] }>({});

  const initial: Values = {
    shippingAddressId: defaultAddress?.id ?? NEW,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    company: user.company ?? '',
    phoneCode: user.phoneCode ?? '',
    mobile: user.phone ?? '',
    vatNumber: '',
    countryCode: '',
    state: '',
    city: '',
    postcode: '',
    addressLine1: '',
    addressLine2: '',
    addressLine3: '',
    billingAddressId: billing[0]?.id ?? NEW,
    billingName: [user.firstName, user.lastName].filter(Boolean).join(' '),
    billingCompany: user.company ?? '',
    billingLocation: '',
    carrier: '',
    carrierAccount: '',
    couponCode: referral ? '' : (search.get('coupon') ?? ''),
    poNumber: '',
    comment: '',
    customerEmail: '',
    platformOrderNumber: '',
    customerNote: '',
  };

  // The geography the address rules check against: the server's countries, and the chosen country's states.
  const [country, setCountry] = useState('');
  const states = useAsync(`states-${country}`, (signal) => (country ? listStates(country, signal) : Promise.resolve([] as StateEntry[])));
  const loadedStates = states.status === 'success' ? states.data : null;
  const stateList = useMemo(() => loadedStates ?? [], [loadedStates]);
  // Stable lists: a new list on every render would make the combo boxes reset what is being typed.
  const countryItems = useMemo(() => data.countries.map((c) => ({ id: c.countryCode, name: c.countryName })), [data.countries]);
  const stateItems = useMemo(() => stateList.map((s) => ({ id: s.code, name: s.name })), [stateList]);
  const suite = useMemo<FormSuite>(() => {
    const codes = new Set(data.countries.map((c) => c.countryCode));
    const geo: Geography = { isCountry: (code) => codes.has(code), subdivisions: (code) => (code === country ? stateList : []) };
    return {
      run(values: Values) {
        const errors = renamed(
          checkoutSuite
            .run(
              {
                shippingAddressId: values.shippingAddressId,
                billingAddressId: values.billingAddressId,
                shipping: { carrier: values.carrier, carrierAccount: values.carrierAccount },
                couponCode: values.couponCode,
                poNumber: values.poNumber,
                comment: values.comment,
                ...(entrust ? { customerEmail: values.customerEmail, platformOrderNumber: values.platformOrderNumber, customerNote: values.customerNote } : {}),
              },
              entrust,
            )
            .getErrors(),
          FIELD_ALIASES,
        );
        if (values.shippingAddressId === NEW) Object.assign(errors, renamed(shippingAddressSuite.run(values, geo).getErrors(), {}));
        if (values.billingAddressId === NEW) {
          const billingErrors = billingAddressSuite.run({ name: values.billingName, companyName: values.billingCompany, location: values.billingLocation }).getErrors();
          Object.assign(errors, renamed(billingErrors, BILLING_ALIASES));
        }
        return { getErrors: () => errors };
      },
    } as FormSuite;
  }, [data.countries, country, stateList, entrust]);

  const form = useSuiteForm<Values>(suite, initial, async (values) => {
    let shippingAddressId = values.shippingAddressId;
    if (shippingAddressId === NEW) {
      const input = {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        company: text(values.company),
        phoneCode: values.phoneCode.trim(),
        mobile: values.mobile.trim(),
        vatNumber: text(values.vatNumber),
        countryCode: values.countryCode,
        state: text(values.state),
        city: values.city.trim(),
        postcode: values.postcode.trim(),
        addressLine1: values.addressLine1.trim(),
        addressLine2: text(values.addressLine2),
        addressLine3: text(values.addressLine3),
        isDefault: addresses.length === 0,
      };
      const fingerprint = JSON.stringify(input);
      if (created.current.shipping?.[0] === fingerprint) shippingAddressId = created.current.shipping[1];
      else {
        const address = await createShippingAddress(input).catch((error: unknown) => {
          throw withFormFields(error, {});
        });
        created.current.shipping = [fingerprint, address.id];
        setAddresses((list) => [...list, address]);
        shippingAddressId = address.id;
      }
    }
    let billingAddressId = values.billingAddressId;
    if (billingAddressId === NEW) {
      const input = { name: values.billingName.trim(), companyName: text(values.billingCompany), location: values.billingLocation.trim() };
      const fingerprint = JSON.stringify(input);
      if (created.current.billing?.[0] === fingerprint) billingAddressId = created.current.billing[1];
      else {
        const address = await createBillingAddress(input).catch((error: unknown) => {
          throw withFormFields(error, BILLING_ALIASES);
        });
        created.current.billing = [fingerprint, address.id];
        setBilling((list) => [...list, address]);
        billingAddressId = address.id;
      }
    }
    const { order } = await createOrder({
      shippingAddressId,
      billingAddressId,
      shipping: { incoterm: 'EXW', carrier: values.carrier as never, carrierAccount: values.carrierAccount.trim() },
      couponCode: text(values.couponCode),
      poNumber: text(values.poNumber),
      comment: text(values.comment),
      ...(entrust ? { customerEmail: text(values.customerEmail), platformOrderNumber: text(values.platformOrderNumber), customerNote: text(values.customerNote) } : {}),
    }).catch((error: unknown) => {
      throw withFormFields(error, FIELD_ALIASES);
    });
    navigate(`/checkout/payment?order=${encodeURIComponent(order.id)}`);
  });

  const carrier = data.options.carriers.find((c) => c.id === form.values.carrier);
  // An address on one line: its parts as written, separated by commas (data, not words to translate).
  const addressLabel = (a: ShippingAddress) =>
    [`${a.firstName} ${a.lastName}`, a.company, a.addressLine1, `${a.city} ${a.postcode}`, a.stateName, a.countryName].filter(Boolean).join(', ');

  return (
    <div className="flex flex-col gap-8">
      <CartLines cart={data.cart} />
      <Form onSubmit={form.onSubmit} aria-label={t('checkout.page.confirmation')} className="flex flex-col gap-8">
        {form.formError && (
          <div role="alert" className="rounded-control border border-danger-600 bg-danger-50 px-4 py-3 text-danger-700">
            {form.formError}
          </div>
        )}

        <section aria-labelledby="shipping-address-heading" className="flex flex-col gap-4">
          <h2 id="shipping-address-heading" className="text-title">
            {t('checkout.shippingAddress.heading')}
          </h2>
          <RadioGroup
            label={t('checkout.shippingAddress.shipTo')}
            value={form.values.shippingAddressId}
            onChange={(v) => form.setValue('shippingAddressId', v)}
            isInvalid={!!form.errors.shippingAddressId}
            errorMessage={form.errors.shippingAddressId?.join(' ')}
          >
            {addresses.map((a) => (
              <Radio key={a.id} value={a.id}>
                {addressLabel(a)}
              </Radio>
            ))}
            <Radio value={NEW}>{t('checkout.shippingAddress.new')}</Radio>
          </RadioGroup>
          {form.values.shippingAddressId === NEW && (
            <fieldset className="grid gap-4 rounded-control border border-neutral-300 p-4 sm:grid-cols-2">
              <legend className="px-1 font-medium">{t('checkout.shippingAddress.newLegend')}</legend>
              <TextField {...form.field('firstName')} label={t('auth.firstName')} autoComplete="given-name" isRequired />
              <TextField {...form.field('lastName')} label={t('auth.lastName')} autoComplete="family-name" isRequired />
              <TextField {...form.field('company')} label={t('checkout.address.company')} autoComplete="organization" />
              <TextField {...form.field('vatNumber')} label={t('checkout.address.vat')} />
              <TextField {...form.field('phoneCode')} label={t('checkout.address.phoneCode')} description={t('checkout.address.phoneCodeHint')} autoComplete="tel-country-code" isRequired />
              <TextField {...form.field('mobile')} label={t('checkout.address.phone')} autoComplete="tel-national" isRequired />
              <ComboBox
                label={t('checkout.address.country')}
                defaultItems={countryItems}
                selectedKey={form.values.countryCode || null}
                onSelectionChange={(key) => {
                  const code = key === null ? '' : String(key);
                  form.setValue('countryCode', code);
                  form.setValue('state', '');
                  setCountry(code);
                }}
                onBlur={() => form.touch('countryCode')}
                isInvalid={!!form.errors.countryCode}
                errorMessage={form.errors.countryCode?.join(' ')}
                isRequired
              >
                {(item) => <ComboBoxItem id={item.id}>{item.name}</ComboBoxItem>}
              </ComboBox>
              {stateList.length > 0 && (
                <ComboBox
                  key={country}
                  label={t('checkout.address.state')}
                  defaultItems={stateItems}
                  selectedKey={form.values.state || null}
                  onSelectionChange={(key) => form.setValue('state', key === null ? '' : String(key))}
                  onBlur={() => form.touch('state')}
                  isInvalid={!!form.errors.state}
                  errorMessage={form.errors.state?.join(' ')}
                >
                  {(item) => <ComboBoxItem id={item.id}>{item.name}</ComboBoxItem>}
                </ComboBox>
              )}
              {stateList.length === 0 && form.errors.state && (
                <p role="alert" className="text-danger-700">
                  {form.errors.state.join(' ')}
                </p>
              )}
              <TextField {...form.field('city')} label={t('checkout.address.city')} autoComplete="address-level2" isRequired />
              <TextField {...form.field('postcode')} label={t('checkout.address.postcode')} autoComplete="postal-code" isRequired />
              <TextField {...form.field('addressLine1')} label={t('checkout.address.line', { line: 1 })} autoComplete="address-line1" isRequired className="sm:col-span-2" />
              <TextField {...form.field('addressLine2')} label={t('checkout.address.line', { line: 2 })} autoComplete="address-line2" className="sm:col-span-2" />
              <TextField {...form.field('addressLine3')} label={t('checkout.address.line', { line: 3 })} autoComplete="address-line3" className="sm:col-span-2" />
            </fieldset>
          )}
        </section>

        <section aria-labelledby="billing-heading" className="flex flex-col gap-4">
          <h2 id="billing-heading" className="text-title">
            {t('checkout.billing.heading')}
          </h2>
          <RadioGroup
            label={t('checkout.billing.invoiceTo')}
            value={form.values.billingAddressId}
            onChange={(v) => form.setValue('billingAddressId', v)}
            isInvalid={!!form.errors.billingAddressId}
            errorMessage={form.errors.billingAddressId?.join(' ')}
          >
            {billing.map((b) => (
              <Radio key={b.id} value={b.id}>
                {[b.companyName, b.name, b.location].filter(Boolean).join(', ')}
              </Radio>
            ))}
            <Radio value={NEW}>{t('checkout.billing.new')}</Radio>
          </RadioGroup>
          {form.values.billingAddressId === NEW && (
            <fieldset className="grid gap-4 rounded-control border border-neutral-300 p-4 sm:grid-cols-2">
              <legend className="px-1 font-medium">{t('checkout.billing.newLegend')}</legend>
              <TextField {...form.field('billingName')} label={t('checkout.billing.name')} isRequired />
              <TextField {...form.field('billingCompany')} label={t('checkout.billing.company')} />
              <TextField {...form.field('billingLocation')} label={t('checkout.billing.location')} description={t('checkout.billing.locationHint')} isRequired className="sm:col-span-2" />
            </fieldset>
          )}
        </section>

        <section aria-labelledby="shipping-terms-heading" className="flex flex-col gap-4">
          <h2 id="shipping-terms-heading" className="text-title">
            {t('checkout.terms.heading', { incoterm: data.options.incoterm })}
          </h2>
          <p className="text-neutral-700">{data.options.explanation}</p>
          <RadioGroup
            label={t('checkout.carrier.label')}
            value={form.values.carrier || null}
            onChange={(v) => form.setValue('carrier', v)}
            isInvalid={!!form.errors.carrier}
            errorMessage={form.errors.carrier?.join(' ')}
            isRequired
          >
            {data.options.carriers.map((c) => (
              <Radio key={c.id} value={c.id} description={t('checkout.carrier.transit', { from: c.transitDays[0], to: c.transitDays[1] })}>
                {c.name}
              </Radio>
            ))}
          </RadioGroup>
          <TextField {...form.field('carrierAccount')} label={carrier?.accountLabel ?? t('checkout.carrier.account')} isRequired />
        </section>

        <section aria-labelledby="order-details-heading" className="grid gap-4 sm:grid-cols-2">
          <h2 id="order-details-heading" className="text-title sm:col-span-2">
            {t('checkout.details.heading')}
          </h2>
          <TextField
            {...form.field('couponCode')}
            label={t('checkout.details.coupon')}
            description={referral ? t('rewards.checkout.referralHint', { percent: referral.percentOff }) : t('checkout.details.couponHint')}
          />
          <TextField {...form.field('poNumber')} label={t('orders.column.poNumber')} />
          <TextField {...form.field('comment')} label={t('checkout.details.comment')} isMultiline className="sm:col-span-2" />
          {entrust && (
            <fieldset className="grid gap-4 rounded-control border border-neutral-300 p-4 sm:col-span-2 sm:grid-cols-2">
              <legend className="px-1 font-medium">{t('checkout.entrust.legend')}</legend>
              <TextField {...form.field('customerEmail')} label={t('checkout.entrust.email')} type="email" />
              <TextField {...form.field('platformOrderNumber')} label={t('checkout.entrust.platformOrder')} />
              <TextField {...form.field('customerNote')} label={t('checkout.entrust.note')} isMultiline className="sm:col-span-2" />
            </fieldset>
          )}
        </section>

        <div className="flex items-center justify-between gap-4">
          <CheckoutTotal subtotalCents={data.cart.totalCents} referralPercent={referral?.percentOff ?? null} />
          <Button type="submit" isPending={form.isSubmitting}>
            {t('checkout.submit')}
          </Button>
        </div>
      </Form>
    </div>
  );
}

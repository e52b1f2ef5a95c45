import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import { FetchError } from 'ofetch';
import { useLocation, useSearchParams } from 'wouter';
import { fromPromise, waitFor } from 'xstate';
import type { BillingAddress, BillingAddressInput, ShippingAddress, ShippingAddressInput } from '#domain/api/address';
import type { CouponCheck, ShippingOptions } from '#domain/api/order';
import { errorMessage } from '#lib/api/error-message';
import type { CheckoutDiscounts } from '#domain/api/rewards';
import type { Cart } from '#domain/api/quote';
import type { ComposedFieldset } from '#lib/forms/use-fieldset';
import { adaptSuite, lazySuite, serverFieldErrors, useSuiteForm, type FormSuite, type SuiteForm } from '#lib/forms/use-suite-form';
import { useT } from '#lib/i18n/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { orderPlaced } from '#lib/query-changes';
import { queryKeys } from '#lib/query-keys';
import { asyncState } from '#lib/query-state';
import { checkoutSubmitMachine, isSettled } from '#machines/checkout-submit-machine';
import { Button } from '#ui/button';
import { Form } from '#ui/form';
import { Link } from '#ui/link';
import { Radio, RadioGroup } from '#ui/radio-group';
import { RenderedAfter } from '#ui/rendered-after';
import { checkCoupon, createBillingAddress, createOrder, createShippingAddress, getCart, getCheckoutDiscounts, getShippingOptions, listBillingAddresses, listShippingAddresses } from '../api.ts';
import { CartLines } from './cart-lines.tsx';
import { CheckoutTotal } from './checkout-total.tsx';
import { OrderDetails, ShippingTerms, type OrderValues } from './order-fieldsets.tsx';

const checkoutSuite = lazySuite(async () => (await import('#domain/rules/checkout-suites')).checkoutSuite);

export const NEW = 'new';

export interface CheckoutData {
  cart: Cart;
  options: ShippingOptions;
  addresses: ShippingAddress[];
  billing: BillingAddress[];
  /** What the order gets without a coupon (a referred friend's first order: ADR 090). */
  discounts: CheckoutDiscounts;
}

async function loadCheckout(signal: AbortSignal): Promise<CheckoutData> {
  const [cart, options, addresses, billing, discounts] = await Promise.all([
    getCart(signal),
    getShippingOptions(signal),
    listShippingAddresses(signal),
    listBillingAddresses(signal),
    getCheckoutDiscounts(signal),
  ]);
  return { cart, options, addresses: addresses.list, billing: billing.list, discounts };
}

export interface UserHint {
  isEntrustOrderAccount: boolean;
}

/**
 * A new address typed at checkout: its fieldset, from the address book's feature, handed in by the
 * route page (ADR 085). The checkout checks it, reads what the API takes, and puts refusals on it.
 */
export interface AddressPart<Input> {
  fieldset: ComposedFieldset<Input>;
  fields: ReactNode;
}

export interface OrderConfirmationProps {
  user: UserHint;
  shipping: AddressPart<ShippingAddressInput>;
  billing: AddressPart<BillingAddressInput>;
}

/** The order confirmation page (/checkout): loads the cart, the addresses and the carriers, then the form. */
export function OrderConfirmation({ user, shipping, billing }: OrderConfirmationProps) {
  const t = useT();
  // Never drawn from the cache (gcTime 0): the form takes its addresses and cart once, so it waits for
  // the server's answer as it always did, whatever the quote page or the address book changed (ADR 208).
  const state = asyncState(useQuery({ queryKey: queryKeys.cart.checkout, queryFn: ({ signal }) => loadCheckout(signal), gcTime: 0 }));
  // While the cart loads the page keeps a screen's height: the footer would otherwise show below
  // this line and then jump down when the form arrives (Lighthouse mobile: layout shift 0.145).
  if (state.status === 'loading') {
    return (
      <p role="status" className="min-h-svh">
        {t('checkout.cart.loading')}
      </p>
    );
  }
  if (state.status === 'error') {
    return <p role="alert">{t.rich('checkout.cart.loadFailed', { link: (chunks) => <Link href="/checkout">{chunks}</Link> })}</p>;
  }
  const orderable = state.data.cart.lines.filter((l) => !l.problem);
  if (orderable.length === 0) {
    return <p>{t.rich('checkout.cart.empty', { link: (chunks) => <Link href="/quote">{chunks}</Link> })}</p>;
  }
  return <OrderConfirmationForm data={state.data} user={user} shipping={shipping} billing={billing} />;
}



/** Server and suite field names → this form's fields. */
const FIELD_ALIASES: Record<string, keyof OrderValues> = {
  'shipping.carrier': 'carrier',
  'shipping.carrierAccount': 'carrierAccount',
  'shipping.incoterm': 'carrier',
};

function renamed(errors: Record<string, string[] | undefined>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (!messages?.length) continue;
    const name = FIELD_ALIASES[field] ?? field;
    out[name] = [...(out[name] ?? []), ...messages];
  }
  return out;
}

/** A 422 whose field names are this form's, for useSuiteForm to put next to the fields. */
function withFormFields(error: unknown): unknown {
  const fields = serverFieldErrors(error);
  if (!fields || !(error instanceof FetchError)) return error;
  const data = { ...(error.data as object), errors: renamed(fields) };
  return Object.assign(new FetchError(error.message), { data, statusCode: error.statusCode ?? 422, status: error.statusCode ?? 422 });
}

const text = (v: string) => (v.trim() === '' ? null : v.trim());

function OrderConfirmationForm({ data, user, shipping, billing }: { data: CheckoutData; user: UserHint; shipping: AddressPart<ShippingAddressInput>; billing: AddressPart<BillingAddressInput> }) {
  const t = useT();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  // A coupon chosen on the coupons page (`/checkout?coupon=…`) arrives filled in.
  const [search] = useSearchParams();
  const referral = data.discounts.referral;
  const entrust = user.isEntrustOrderAccount;
  const [addresses, setAddresses] = useState(data.addresses);
  const [billingList, setBillingList] = useState(data.billing);
  const defaultAddress = addresses.find((a) => a.isDefault) ?? addresses[0];

  const initial: OrderValues = {
    shippingAddressId: defaultAddress?.id ?? NEW,
    billingAddressId: billingList[0]?.id ?? NEW,
    carrier: '',
    carrierAccount: '',
    couponCode: referral ? '' : (search.get('coupon') ?? ''),
    poNumber: '',
    comment: '',
    customerEmail: '',
    platformOrderNumber: '',
    customerNote: '',
  };

  const suite = useMemo(
    () =>
      adaptSuite(checkoutSuite, (loaded) => ({
        run(values: OrderValues) {
          const errors = renamed(
            loaded
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
          );
          return { getErrors: () => errors };
        },
      }) as FormSuite),
    [entrust],
  );

  // The coupon, checked by the server as it is typed (ADR 165): the total shows its discount, or why it cannot be used.
  const [checked, setChecked] = useState<{ code: string; coupon: CouponCheck | null; problem: string | null } | null>(null);

  // Saving a new address, then the order: a small machine, so that a retry never saves an address twice.
  const submitter = useActorRef(
    checkoutSubmitMachine.provide({
      actors: {
        saveShippingAddress: fromPromise(({ input }) => createShippingAddress(input)),
        saveBillingAddress: fromPromise(({ input }) => createBillingAddress(input)),
        createOrder: fromPromise(({ input }) => createOrder(input)),
      },
    }),
  );

  const form: SuiteForm<OrderValues> = useSuiteForm<OrderValues>(
    suite,
    initial,
    async (values) => {
      // A coupon that cannot be used is refused here, with its reason, before any order exists (ADR 165).
      const code = text(values.couponCode);
      if (code) {
        try {
          setChecked({ code, coupon: await checkCoupon({ couponCode: code }), problem: null });
        } catch (error) {
          throw withFormFields(error);
        }
      }
      submitter.send({
        type: 'submit',
        request: {
          shipping: values.shippingAddressId === NEW ? { input: { ...shipping.fieldset.input(), isDefault: addresses.length === 0 } } : { id: values.shippingAddressId },
          billing: values.billingAddressId === NEW ? { input: billing.fieldset.input() } : { id: values.billingAddressId },
          order: {
            shipping: { incoterm: 'EXW', carrier: values.carrier as never, carrierAccount: values.carrierAccount.trim() },
            couponCode: text(values.couponCode),
            poNumber: text(values.poNumber),
            comment: text(values.comment),
            ...(entrust ? { customerEmail: text(values.customerEmail), platformOrderNumber: text(values.platformOrderNumber), customerNote: text(values.customerNote) } : {}),
          },
        },
      });
      const done = await waitFor(submitter, isSettled);
      const failure = done.context.failure;
      if (failure) {
        const fields = serverFieldErrors(failure.error);
        if (failure.step === 'shipping' && fields) shipping.fieldset.setServerErrors(fields);
        if (failure.step === 'billing' && fields) billing.fieldset.setServerErrors(fields);
        throw failure.step === 'order' ? withFormFields(failure.error) : failure.error;
      }
      // The cart it emptied, the coupon it used and the order lists (ADR 208).
      void orderPlaced(queryClient);
      navigate(`/checkout/payment?order=${encodeURIComponent(done.context.result?.order.id ?? '')}`);
    },
    { parts: (): (ComposedFieldset<unknown> | null)[] => [form.values.shippingAddressId === NEW ? shipping.fieldset : null, form.values.billingAddressId === NEW ? billing.fieldset : null] },
  );

  // An address saved by an attempt that failed further on is now in the book: choose it, so the next attempt uses it.
  useEffect(() => {
    const subscription = submitter.on('address.saved', (event) => {
      if (event.kind === 'shipping') {
        setAddresses((list) => [...list, event.address]);
        form.setValue('shippingAddressId', event.address.id);
      } else {
        setBillingList((list) => [...list, event.address]);
        form.setValue('billingAddressId', event.address.id);
      }
    });
    return () => subscription.unsubscribe();
    // form.setValue is stable in intent (it sets state); subscribe once per machine.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitter]);

  const typedCoupon = form.values.couponCode.trim();
  // Only the answer for the code in the field counts (an answer for what was typed before is dropped).
  const coupon = checked?.code === typedCoupon ? checked.coupon : null;
  const couponProblem = checked?.code === typedCoupon ? checked.problem : null;
  useEffect(() => {
    if (!typedCoupon || referral) return;
    let current = true;
    const timer = setTimeout(() => {
      checkCoupon({ couponCode: typedCoupon }).then(
        (answer) => current && setChecked({ code: typedCoupon, coupon: answer, problem: null }),
        (error: unknown) => current && setChecked({ code: typedCoupon, coupon: null, problem: serverFieldErrors(error)?.couponCode?.join(' ') ?? errorMessage(error) }),
      );
    }, 400);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [typedCoupon, referral]);

  const carrier = data.options.carriers.find((c) => c.id === form.values.carrier);
  // An address on one line: its parts as written, separated by commas (data, not words to translate).
  const addressLabel = (a: ShippingAddress) =>
    [`${a.firstName} ${a.lastName}`, a.company, a.addressLine1, `${a.city} ${a.postcode}`, a.stateName, a.countryName].filter(Boolean).join(', ');

  return (
    <div className="flex flex-col gap-8">
      <CartLines cart={data.cart} />
      {/* The cart is what a phone shows first: drawn before the form below it renders (ADR 239). */}
      <RenderedAfter placeholder={<div className="min-h-svh" />}>
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
            {form.values.shippingAddressId === NEW && shipping.fields}
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
              {billingList.map((b) => (
                <Radio key={b.id} value={b.id}>
                  {[b.companyName, b.name, b.location].filter(Boolean).join(', ')}
                </Radio>
              ))}
              <Radio value={NEW}>{t('checkout.billing.new')}</Radio>
            </RadioGroup>
            {form.values.billingAddressId === NEW && billing.fields}
          </section>

          <ShippingTerms options={data.options} form={form} carrierAccountLabel={carrier?.accountLabel} />
          <OrderDetails
            form={form}
            entrust={entrust}
            couponHint={referral ? t('rewards.checkout.referralHint', { percent: referral.percentOff }) : undefined}
            couponProblem={couponProblem}
          />

          <div className="flex items-center justify-between gap-4">
            <CheckoutTotal subtotalCents={data.cart.totalCents} referralPercent={referral?.percentOff ?? null} coupon={coupon} />
            <Button type="submit" isPending={form.isSubmitting}>
              {t('checkout.submit')}
            </Button>
          </div>
        </Form>
      </RenderedAfter>
    </div>
  );
}

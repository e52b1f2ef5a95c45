import type { ShippingOptions } from '#domain/api/order';
import type { SuiteForm } from '#lib/forms/use-suite-form';
import { useT } from '#lib/i18n/i18n';
import { Radio, RadioGroup } from '#ui/radio-group';
import { TextField } from '#ui/text-field';

/** The order confirmation's own fields (the addresses are fieldsets of the address book's feature, ADR 085). */
export type OrderValues = {
  shippingAddressId: string;
  billingAddressId: string;
  carrier: string;
  carrierAccount: string;
  couponCode: string;
  poNumber: string;
  comment: string;
  customerEmail: string;
  platformOrderNumber: string;
  customerNote: string;
};

/** EXW terms and the carrier that collects the parts. */
export function ShippingTerms({ options, form, carrierAccountLabel }: { options: ShippingOptions; form: SuiteForm<OrderValues>; carrierAccountLabel: string | undefined }) {
  const t = useT();
  return (
    <section aria-labelledby="shipping-terms-heading" className="flex flex-col gap-4">
      <h2 id="shipping-terms-heading" className="text-title">
        {t('checkout.terms.heading', { incoterm: options.incoterm })}
      </h2>
      <p className="text-neutral-700">{options.explanation}</p>
      <RadioGroup
        label={t('checkout.carrier.label')}
        value={form.values.carrier || null}
        onChange={(v) => form.setValue('carrier', v)}
        isInvalid={!!form.errors.carrier}
        errorMessage={form.errors.carrier?.join(' ')}
        isRequired
      >
        {options.carriers.map((c) => (
          <Radio key={c.id} value={c.id} description={t('checkout.carrier.transit', { from: c.transitDays[0], to: c.transitDays[1] })}>
            {c.name}
          </Radio>
        ))}
      </RadioGroup>
      <TextField {...form.field('carrierAccount')} label={carrierAccountLabel ?? t('checkout.carrier.account')} isRequired />
    </section>
  );
}

/** Coupon, PO number, comment; for an entrust-order account, the customer it orders for (spec section 6). */
/** `couponHint` replaces the coupon field's usual hint (a referred friend's first-order discount). */
export function OrderDetails({ form, entrust, couponHint, couponProblem = null }: { form: SuiteForm<OrderValues>; entrust: boolean; couponHint?: string; couponProblem?: string | null }) {
  const t = useT();
  return (
    <section aria-labelledby="order-details-heading" className="grid gap-4 sm:grid-cols-2">
      <h2 id="order-details-heading" className="text-title sm:col-span-2">
        {t('checkout.details.heading')}
      </h2>
      <div className="flex flex-col gap-1">
        <TextField {...form.field('couponCode')} label={t('checkout.details.coupon')} description={couponHint ?? t('checkout.details.couponHint')} />
        {/* Why the typed coupon cannot be used, said as soon as the server answers (ADR 165); once the
            field shows its own error (after "Place order and pay"), that says it, and not twice. */}
        <p role="status" className="text-caption text-danger-700" data-testid="coupon-problem">
          {form.errors.couponCode?.length ? null : couponProblem}
        </p>
      </div>
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
  );
}

import { useEffect, useMemo, useState } from 'react';
import type { AfterSaleOrder, Order } from '#domain/api/order';
import { errorMessage } from '#lib/api/error-message';
import { adaptSuite, lazySuite, useSuiteForm } from '#lib/forms/use-suite-form';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { Checkbox } from '#ui/checkbox';
import { CheckboxGroup } from '#ui/checkbox-group';
import { Form } from '#ui/form';
import { NumberField } from '#ui/number-field';
import { TextField } from '#ui/text-field';
import { findOrderByNumber, getOrder, requestAfterSale } from '../api.ts';

const afterSaleSuite = lazySuite(async () => (await import('#domain/rules/after-sale-suites')).afterSaleSuite);

interface Item {
  productId: string;
  /** NaN while the field is empty (the rules then ask for it). */
  quantity: number;
}

interface Values extends Record<string, unknown> {
  orderNumber: string;
  wedoOrderNumber: string;
  items: Item[];
  reason: string;
}

type Lookup = { state: 'idle' } | { state: 'loading' } | { state: 'found'; order: Order } | { state: 'unknown' } | { state: 'failed'; message: string };

/**
 * An after-sale request (spec section 5): the customer's own order number, our (Wedo) order number,
 * the products to make again with how many of each. The products come from the order the Wedo
 * number names (looked up when the field is left, or given by the order page); the shared rules
 * run as the customer types, with each product's original quantity, and again on the server.
 */
export function AfterSaleForm({ orderId, onRequested }: { orderId?: string | null; onRequested: (request: AfterSaleOrder) => void }) {
  const t = useT();
  const [lookup, setLookup] = useState<Lookup>(orderId ? { state: 'loading' } : { state: 'idle' });
  const order = lookup.state === 'found' ? lookup.order : null;
  const originals = useMemo(() => (order ? Object.fromEntries(order.products.map((p) => [p.id, p.quantity])) : undefined), [order]);
  const suite = useMemo(() => adaptSuite(afterSaleSuite, (loaded) => ({ run: (data: never) => loaded.run(data as Record<string, unknown>, originals) })), [originals]);
  const form = useSuiteForm<Values>(suite, { orderNumber: '', wedoOrderNumber: '', items: [], reason: '' }, async (values) => {
    const request = await requestAfterSale({
      orderNumber: values.orderNumber.trim(),
      wedoOrderNumber: values.wedoOrderNumber.trim(),
      items: values.items,
      reason: values.reason.trim() || null,
    });
    onRequested(request);
  });

  const adopt = (found: Order) => {
    setLookup({ state: 'found', order: found });
    form.setValue('wedoOrderNumber', found.number);
    if (!form.values.orderNumber) form.setValue('orderNumber', found.entrust?.platformOrderNumber ?? found.poNumber ?? '');
  };

  // Opened from an order: its number and products are there at once.
  useEffect(() => {
    if (!orderId) return;
    const controller = new AbortController();
    getOrder(orderId, controller.signal).then(adopt, (error: unknown) => !controller.signal.aborted && setLookup({ state: 'failed', message: errorMessage(error) }));
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per order given
  }, [orderId]);

  const findProducts = async () => {
    const number = form.values.wedoOrderNumber.trim();
    form.touch('wedoOrderNumber');
    if (!number || (order && order.number === number.toUpperCase())) return;
    setLookup({ state: 'loading' });
    try {
      const found = await findOrderByNumber(number);
      if (found) adopt(found);
      else setLookup({ state: 'unknown' });
    } catch (error) {
      setLookup({ state: 'failed', message: errorMessage(error) });
    }
  };

  const selected = form.values.items.map((i) => i.productId);
  const itemError = (productId: string) => {
    const index = selected.indexOf(productId);
    return index === -1 ? undefined : form.errors[`items.${index}.quantity`]?.join(' ');
  };
  const wedo = form.field('wedoOrderNumber');
  const wedoError =
    wedo.errorMessage ??
    (lookup.state === 'unknown' ? t('orders.afterSale.unknownOrder') : lookup.state === 'failed' ? lookup.message : undefined);

  return (
    <Form onSubmit={form.onSubmit} aria-label={t('orders.afterSale.form')} className="flex flex-col gap-4">
      {form.formError && (
        <p role="alert" className="text-danger-700">
          {form.formError}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...form.field('orderNumber')} label={t('orders.afterSale.orderNumber')} description={t('orders.afterSale.orderNumberHint')} maxLength={64} isRequired />
        <TextField
          {...wedo}
          onChange={(value) => {
            wedo.onChange(value);
            if (order && value.trim().toUpperCase() !== order.number) setLookup({ state: 'idle' });
          }}
          onBlur={() => void findProducts()}
          isInvalid={!!wedoError}
          errorMessage={wedoError}
          label={t('orders.afterSale.wedoOrderNumber')}
          description={t('orders.afterSale.wedoHint')}
          maxLength={64}
          isRequired
        />
      </div>

      <CheckboxGroup
        label={t('orders.afterSale.products')}
        description={order ? t('orders.afterSale.productsHint') : t('orders.afterSale.productsFirst')}
        value={selected}
        onChange={(ids) => {
          const next = (order?.products ?? []).filter((p) => ids.includes(p.id)).map((p) => form.values.items.find((i) => i.productId === p.id) ?? { productId: p.id, quantity: NaN });
          form.setValue('items', next);
          form.touch('items');
        }}
        isInvalid={!!form.errors.items}
        errorMessage={form.errors.items?.join(' ')}
      >
        {lookup.state === 'loading' && (
          <p role="status" className="text-neutral-600">
            {t('orders.afterSale.finding')}
          </p>
        )}
        {order?.products.map((p) => {
          const index = selected.indexOf(p.id);
          const error = itemError(p.id);
          return (
            <div key={p.id} className="flex flex-wrap items-start justify-between gap-3 rounded-control border border-neutral-200 p-3">
              <Checkbox value={p.id} description={t('orders.afterSale.ordered', { count: p.quantity })}>
                {p.name}
              </Checkbox>
              {index !== -1 && (
                <NumberField
                  label={t('orders.afterSale.quantity', { name: p.name })}
                  value={form.values.items[index]?.quantity ?? NaN}
                  onChange={(quantity) => {
                    form.setValue(
                      'items',
                      form.values.items.map((i) => (i.productId === p.id ? { ...i, quantity } : i)),
                    );
                    form.touch(`items.${index}.quantity` as never);
                  }}
                  minValue={1}
                  isInvalid={!!error}
                  errorMessage={error}
                  decrementLabel={t('common.decrease')}
                  incrementLabel={t('common.increase')}
                />
              )}
            </div>
          );
        })}
      </CheckboxGroup>

      <TextField {...form.field('reason')} label={t('orders.afterSale.reason')} isMultiline rows={3} maxLength={2000} />
      <div>
        <Button type="submit" isPending={form.isSubmitting}>
          {t('orders.afterSale.submit')}
        </Button>
      </div>
    </Form>
  );
}

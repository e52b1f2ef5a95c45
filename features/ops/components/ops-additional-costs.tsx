import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { OpsOrder } from '#domain/api/ops';
import type { OpsAdditionalCostRequest } from '#domain/api/ops-customers';
import { announce } from '#lib/a11y/announce';
import { errorMessage } from '#lib/api/error-message';
import { serverFieldErrors } from '#lib/forms/use-suite-form';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { queryKeys } from '#lib/query-keys';
import { asyncState } from '#lib/query-state';
import { Button } from '#ui/button';
import { Card } from '#ui/card';
import { Dialog, DialogTrigger } from '#ui/dialog';
import { Form } from '#ui/form';
import { Modal } from '#ui/modal';
import { TextField } from '#ui/text-field';
import { createOrderAdditionalCost, listOrderAdditionalCosts } from '../customers-api.ts';
import { OpsDialogFooter } from './ops-dialog-footer.tsx';

export interface OpsAdditionalCostsProps {
  order: OpsOrder['order'];
  /** Whether the caller's role may charge one (`payments.charge`); the server decides anyway. */
  mayCharge: boolean;
  /** After one is made (the order page reads its audit again). */
  onCreated?: () => void;
}

type Fields = 'amount' | 'reason';

/**
 * The additional-cost orders of an order (issue 38 item 3, ADR 205), and for operators and admins
 * the dialog that makes one with an amount and the reason the customer reads: it is the customer's
 * to pay under their additional-cost orders, and they are mailed its payment link.
 */
export function OpsAdditionalCosts({ order, mayCharge, onCreated }: OpsAdditionalCostsProps) {
  const t = useT();
  const format = useFormat();
  const client = useQueryClient();
  const key = queryKeys.ops.additionalCosts(order.id);
  const loaded = asyncState(useQuery({ queryKey: key, queryFn: ({ signal }) => listOrderAdditionalCosts(order.id, signal) }));
  // The answer of a creation is the list as the server keeps it: it becomes the cached list.
  const create = useMutation({
    mutationFn: (body: OpsAdditionalCostRequest) => createOrderAdditionalCost(order.id, body),
    onSuccess: (next) => client.setQueryData(key, next),
  });
  const [values, setValues] = useState<Record<Fields, string>>({ amount: '', reason: '' });
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const list = loaded.status === 'success' ? loaded.data.list : [];

  const field = (name: Fields) => ({
    value: values[name],
    onChange: (value: string) => {
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
    errorMessage: errors[name],
    isInvalid: errors[name] !== undefined,
  });

  const submit = (close: () => void) => async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    try {
      const next = await create.mutateAsync({ amount: values.amount.trim(), reason: values.reason.trim() });
      close();
      setValues({ amount: '', reason: '' });
      const first = next.list[0];
      if (first) announce(t('ops.extra.done', { number: first.number, amount: format.money(first.amountCents) }));
      onCreated?.();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])) as Partial<Record<Fields, string>>);
      setFailure(errorMessage(error));
    }
  };

  return (
    <Card title={t('ops.extra.title')} description={t('ops.extra.hint')}>
      <div className="flex flex-col gap-3 px-5 pb-5 pt-3">
        {loaded.status === 'error' ? (
          <p role="alert" className="text-danger-700">
            {errorMessage(loaded.error)}
          </p>
        ) : (
          <ul role="list" className="flex flex-col gap-1">
            {loaded.status === 'success' && list.length === 0 && <li>{t('ops.extra.empty')}</li>}
            {list.map((cost) => (
              <li key={cost.id}>{t('ops.extra.line', { number: cost.number, amount: format.money(cost.amountCents), status: cost.statusLabel, description: cost.description })}</li>
            ))}
          </ul>
        )}
        {mayCharge && (
          <DialogTrigger>
            <Button variant="secondary" className="self-start">
              {t('ops.extra.create')}
            </Button>
            <Modal>
              <Dialog title={t('ops.extra.dialogTitle', { number: order.number })}>
                {({ close }) => (
                  <Form onSubmit={submit(close)} aria-label={t('ops.extra.dialogTitle', { number: order.number })}>
                    <p className="text-neutral-700">{t('ops.extra.mailed')}</p>
                    {failure && (
                      <div role="alert" className="rounded-control border border-danger-600 bg-danger-50 px-4 py-3 text-danger-700">
                        {failure}
                      </div>
                    )}
                    <TextField label={t('ops.extra.amount')} description={t('ops.extra.amountHint')} inputMode="decimal" {...field('amount')} maxLength={16} isRequired />
                    <TextField label={t('ops.extra.reason')} description={t('ops.extra.reasonHint')} {...field('reason')} isMultiline maxLength={2000} isRequired />
                    <OpsDialogFooter back={t('ops.event.back')} submit={t('ops.extra.submit')} busy={create.isPending} onBack={close} />
                  </Form>
                )}
              </Dialog>
            </Modal>
          </DialogTrigger>
        )}
      </div>
    </Card>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DialogTrigger } from '#ui/dialog';
import type { OpsOrder } from '#domain/api/ops';
import { REASON_REQUIRED, type StaffOrderEvent } from '#domain/rules/staff-rules';
import { errorMessage } from '#lib/api/error-message';
import { serverFieldErrors } from '#lib/forms/use-suite-form';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { Dialog, DialogActions } from '#ui/dialog';
import { Form } from '#ui/form';
import { Modal } from '#ui/modal';
import { TextField } from '#ui/text-field';
import { moveOpsOrder } from '../api.ts';
import { EVENT_KEYS } from '../ops-words.ts';

export interface OpsOrderActionProps {
  order: OpsOrder['order'];
  event: StaffOrderEvent;
  onMoved: (next: OpsOrder) => void;
}

type Fields = 'reason' | 'carrier' | 'trackingNumber';

/**
 * One move of the order (issue 38): its button opens a dialog that asks for what the move needs (a
 * reason the customer reads for a cancellation, a refund or a cancelled refabrication (ADR 232),
 * the carrier and tracking number to ship) and says the customer is mailed. The server's refusal is shown in the dialog, by field.
 * The move is a mutation (ADR 208); the page puts its answer in the cache and makes the lists stale.
 */
export function OpsOrderAction({ order, event, onMoved }: OpsOrderActionProps) {
  const t = useT();
  const keys = EVENT_KEYS[event];
  const [values, setValues] = useState<Record<Fields, string>>({ reason: '', carrier: '', trackingNumber: '' });
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const move = useMutation({ mutationFn: (body: Parameters<typeof moveOpsOrder>[1]) => moveOpsOrder(order.id, body) });
  const reasonRequired = REASON_REQUIRED.includes(event);
  const destructive = event === 'cancel' || event === 'refund' || event === 'cancel_refabrication';

  const field = (name: Fields) => ({
    value: values[name],
    onChange: (value: string) => {
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
    errorMessage: errors[name],
    isInvalid: errors[name] !== undefined,
  });

  const submit = (close: () => void) => (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const body = {
      event,
      reason: values.reason.trim() || null,
      ...(event === 'ship' ? { carrier: values.carrier.trim() || null, trackingNumber: values.trackingNumber.trim() || null } : {}),
    };
    move.mutate(body, {
      onSuccess: (next) => {
        close();
        onMoved(next);
      },
      onError: (error) => {
        const fields = serverFieldErrors(error);
        if (fields) {
          setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])) as Partial<Record<Fields, string>>);
        }
        setFailure(errorMessage(error));
      },
    });
  };

  return (
    <DialogTrigger>
      <Button variant={destructive ? 'secondary' : 'primary'}>{t(keys.button)}</Button>
      <Modal>
        <Dialog title={t(keys.title, { number: order.number })}>
          {({ close }) => (
            <Form onSubmit={submit(close)} aria-label={t(keys.title, { number: order.number })}>
              {event === 'cancel_refabrication' && <p>{t('ops.event.cancelRefabricationHint')}</p>}
              <p className="text-neutral-700">{t('ops.event.mailed')}</p>
              {failure && (
                <div role="alert" className="rounded-control border border-danger-600 bg-danger-50 px-4 py-3 text-danger-700">
                  {failure}
                </div>
              )}
              {event === 'ship' && (
                <>
                  <TextField label={t('ops.event.carrier')} {...field('carrier')} maxLength={100} isRequired />
                  <TextField label={t('ops.event.trackingNumber')} {...field('trackingNumber')} maxLength={64} isRequired />
                </>
              )}
              <TextField
                label={reasonRequired ? t('ops.event.reason') : t('ops.event.note')}
                description={reasonRequired ? t('ops.event.reasonHint') : t('ops.event.noteHint')}
                {...field('reason')}
                isMultiline
                maxLength={2000}
                isRequired={reasonRequired}
              />
              <DialogActions>
                <Button variant="secondary" onPress={close}>
                  {t('ops.event.back')}
                </Button>
                <Button type="submit" variant={destructive ? 'destructive' : 'primary'} isPending={move.isPending}>
                  {t(keys.button)}
                </Button>
              </DialogActions>
            </Form>
          )}
        </Dialog>
      </Modal>
    </DialogTrigger>
  );
}

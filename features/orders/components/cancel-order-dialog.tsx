import { useState } from 'react';
import type { Order } from '#domain/api/order';
import { useT } from '#lib/i18n/i18n';
import { AlertDialog } from '#ui/alert-dialog';
import { Modal } from '#ui/modal';
import { TextField } from '#ui/text-field';

export interface CancelOrderDialogProps {
  order: Order;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the reason typed (maybe empty) when the customer confirms. */
  onConfirm: (reason: string) => void;
}

/**
 * The confirmation before an unpaid order is cancelled: what follows (a transfer not to send, a
 * coupon given back) and an optional reason. A chunk of its own (order-actions.tsx loads it: ADR 189).
 */
export function CancelOrderDialog({ order, isOpen, onOpenChange, onConfirm }: CancelOrderDialogProps) {
  const t = useT();
  // Kept between openings, as typed (the dialog stays mounted once opened).
  const [reason, setReason] = useState('');
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange}>
      <AlertDialog
        title={t('orders.cancel.title', { number: order.number })}
        variant="destructive"
        confirmLabel={t('orders.cancel.confirm')}
        cancelLabel={t('orders.cancel.keep')}
        onConfirm={() => onConfirm(reason)}
      >
        <div className="flex flex-col gap-3">
          <p>{order.status === 'awaiting_transfer' ? t('orders.cancel.bodyTransfer') : t('orders.cancel.body')}</p>
          {order.coupon && <p>{t('orders.cancel.coupon', { code: order.coupon.code })}</p>}
          <TextField label={t('orders.cancel.reason')} value={reason} onChange={setReason} maxLength={2000} />
        </div>
      </AlertDialog>
    </Modal>
  );
}

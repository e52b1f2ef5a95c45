import { useState } from 'react';
import { DialogTrigger } from 'react-aria-components';
import type { AgencyLink, Order, ReorderResponse } from '#domain/api/order';
import { orderDocumentKind, type OrderDocumentKind } from '#domain/orders/order-status';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { AlertDialog } from '#ui/alert-dialog';
import { Button } from '#ui/button';
import { Link } from '#ui/link';
import { Modal } from '#ui/modal';
import { TextField } from '#ui/text-field';
import { cancelOrder, createAgencyLink, getOrderDocument, reorderOrder } from '../api.ts';
import { CopyButton, type WriteText } from './copy-button.tsx';

/** A failure said where the action is (role="alert"), in the catalogue's words or the server's. */
function ActionError({ error }: { error: unknown }) {
  return (
    <p role="alert" className="text-caption text-danger-700">
      {errorMessage(error)}
    </p>
  );
}

const DOCUMENT_LABELS: Readonly<Record<OrderDocumentKind, MessageKey>> = {
  invoice: 'orders.actions.invoice',
  proforma: 'orders.actions.proforma',
  cancelled: 'orders.actions.cancelledDocument',
};
const FILE_NAMES: Readonly<Record<OrderDocumentKind, string>> = { invoice: 'invoice', proforma: 'proforma-invoice', cancelled: 'cancelled-order' };

/** Saves the order's PDF: the invoice once paid, the proforma invoice before. */
export function DocumentButton({ order }: { order: Order }) {
  const t = useT();
  const kind = orderDocumentKind(order.status);
  const { busy, error, run: save } = useCall(async () => {
    const blob = await getOrderDocument(order.id);
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${FILE_NAMES[kind]}-${order.number}.pdf`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  });
  return (
    <div className="flex flex-col gap-1">
      <Button variant="secondary" isPending={busy} onPress={save}>
        {t(DOCUMENT_LABELS[kind])}
      </Button>
      {error !== null && <ActionError error={error} />}
    </div>
  );
}

/** Cancels an unpaid order after a confirmation that says what follows. */
export function CancelOrderButton({ order, onCancelled }: { order: Order; onCancelled: (order: Order) => void }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const { busy, error, run: confirm } = useCall(async () => onCancelled(await cancelOrder(order.id, reason.trim() || null)));
  return (
    <div className="flex flex-col gap-1">
      <DialogTrigger>
        <Button variant="secondary" isPending={busy}>
          {t('orders.actions.cancel')}
        </Button>
        <Modal>
          <AlertDialog
            title={t('orders.cancel.title', { number: order.number })}
            variant="destructive"
            confirmLabel={t('orders.cancel.confirm')}
            cancelLabel={t('orders.cancel.keep')}
            onConfirm={confirm}
          >
            <div className="flex flex-col gap-3">
              <p>{order.status === 'awaiting_transfer' ? t('orders.cancel.bodyTransfer') : t('orders.cancel.body')}</p>
              {order.coupon && <p>{t('orders.cancel.coupon', { code: order.coupon.code })}</p>}
              <TextField label={t('orders.cancel.reason')} value={reason} onChange={setReason} maxLength={2000} />
            </div>
          </AlertDialog>
        </Modal>
      </DialogTrigger>
      {error !== null && <ActionError error={error} />}
    </div>
  );
}

/** One call a button makes: pending while it runs, its answer or its error kept for the screen. */
function useCall<T>(call: () => Promise<T>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<T | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      setResult(await call());
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, result, run };
}

/** Quotes the order again: new projects with the same parts and options, priced today; what moved is said. */
export function ReorderButton({ order }: { order: Order }) {
  const t = useT();
  const { busy, error, result, run: reorder } = useCall<ReorderResponse>(() => reorderOrder(order.id));
  return (
    <div className="flex flex-col gap-2">
      {!result && (
        <Button variant="secondary" isPending={busy} onPress={reorder}>
          {t('orders.actions.reorder')}
        </Button>
      )}
      {error !== null && <ActionError error={error} />}
      {result && (
        <div role="status" className="flex flex-col gap-2 rounded-card border border-success-600 bg-success-50 p-4 text-neutral-900">
          <p className="font-semibold">{t('orders.reorder.done', { count: result.projects.length })}</p>
          <p>{result.changedPrices > 0 ? t('orders.reorder.pricesChanged', { count: result.changedPrices }) : t('orders.reorder.pricedAgain')}</p>
          {result.notices.length > 0 && (
            <ul className="list-disc pl-5 text-caption">
              {result.notices.map((notice) => (
                <li key={notice}>{notice}</li>
              ))}
            </ul>
          )}
          <ul className="flex flex-wrap gap-4">
            {result.projects.map((project) => (
              <li key={project.id}>
                <Link href={`/quote/${project.id}`}>{t('orders.reorder.open', { name: project.name })}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** A link that lets someone without an account pay this order (the agency payment page): made, shown, copied. */
export function PayOnBehalf({ order, writeText }: { order: Order; writeText?: WriteText }) {
  const t = useT();
  const format = useFormat();
  const { busy, error, result: link, run: create } = useCall<AgencyLink>(() => createAgencyLink(order.id));
  return (
    <div className="flex flex-col gap-2">
      <p className="text-caption text-neutral-700">{t('orders.agency.intro')}</p>
      {link ? (
        <div className="flex flex-col gap-1">
          <div className="flex flex-wrap items-end gap-2">
            <TextField className="min-w-0 flex-1" label={t('orders.agency.link')} value={link.url} isReadOnly />
            <CopyButton value={link.url} what={t('orders.agency.copyWhat')} writeText={writeText} />
          </div>
          <p className="text-caption text-neutral-600">{t('orders.agency.expires', { date: format.dateTime(link.expiresAt) })}</p>
        </div>
      ) : (
        <div>
          <Button variant="secondary" isPending={busy} onPress={create}>
            {t('orders.agency.create')}
          </Button>
        </div>
      )}
      {error !== null && <ActionError error={error} />}
    </div>
  );
}

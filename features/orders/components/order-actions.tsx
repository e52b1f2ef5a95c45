import { useState } from 'react';
import type { AgencyLink, Order, ReorderResponse } from '#domain/api/order';
import { orderDocumentKind, type OrderDocumentKind } from '#domain/orders/order-status';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { Link } from '#ui/link';
import { TextField } from '#ui/text-field';
import { cancelOrder, createAgencyLink, getOrderDocument, reorderOrder } from '../api.ts';
import { lazyDialog } from '#lib/lazy-dialog';
import type { CancelOrderDialogProps } from './cancel-order-dialog.tsx';
import { CopyButton, type WriteText } from './copy-button.tsx';

// The confirmation (React Aria's modal and alert dialog) is a chunk of its own, fetched at the first
// input on the page and drawn from its first opening (ADR 140, ADR 189).
const CancelOrderDialog = lazyDialog<CancelOrderDialogProps>(async () => (await import('./cancel-order-dialog.tsx')).CancelOrderDialog, (props) => props.isOpen);

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

/** Cancels an unpaid order after a confirmation that says what follows (cancel-order-dialog.tsx). */
export function CancelOrderButton({ order, onCancelled }: { order: Order; onCancelled: (order: Order) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const { busy, error, run } = useCall(async (reason: string) => onCancelled(await cancelOrder(order.id, reason.trim() || null)));
  return (
    <div className="flex flex-col gap-1">
      <Button variant="secondary" isPending={busy} aria-haspopup="dialog" onPress={() => setOpen(true)}>
        {t('orders.actions.cancel')}
      </Button>
      <CancelOrderDialog order={order} isOpen={open} onOpenChange={setOpen} onConfirm={(reason) => void run(reason)} />
      {error !== null && <ActionError error={error} />}
    </div>
  );
}

/** One call a button makes: pending while it runs, its answer or its error kept for the screen. */
function useCall<T, A extends unknown[] = []>(call: (...args: A) => Promise<T>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<T | null>(null);
  const run = async (...args: A) => {
    setBusy(true);
    setError(null);
    try {
      setResult(await call(...args));
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
          <ul role="list" className="flex flex-wrap gap-4">
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

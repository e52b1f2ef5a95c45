import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AwaitingTransfer } from '#domain/api/ops';
import type { ConfirmTransferRequest } from '#domain/api/order';
import { announce } from '#lib/a11y/announce';
import { errorMessage } from '#lib/api/error-message';
import { serverFieldErrors } from '#lib/forms/use-suite-form';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { changed } from '#lib/query-changes';
import { queryKeys } from '#lib/query-keys';
import { asyncState } from '#lib/query-state';
import { Button } from '#ui/button';
import { Dialog, DialogTrigger } from '#ui/dialog';
import { EmptyState } from '#ui/empty-state';
import { Form } from '#ui/form';
import { LoadFailed } from '#ui/load-failed';
import { Modal } from '#ui/modal';
import { SearchField } from '#ui/search-field';
import { DataCell, DataColumn, DataRow, DataTable, DataTableBody, DataTableHeader } from '#ui/data-table';
import { TextField } from '#ui/text-field';
import { confirmTransfer, listAwaitingTransfers } from '../api.ts';
import { OpsDialogFooter } from './ops-dialog-footer.tsx';

/** Dollars as typed ("1,234.50", "1234.5") to cents; null when it is not an amount. */
export function typedCents(value: string): number | null {
  const clean = value.replace(/[\s,$]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/** What confirming `received` does to `transfer`, said before the button is pressed. */
function useOutcome(transfer: AwaitingTransfer, received: number | null): string | null {
  const t = useT();
  const format = useFormat();
  if (received === null || received <= 0) return null;
  if (transfer.kind === 'reload') return t('ops.transfers.outcomeReload', { amount: format.money(received) });
  if (received < transfer.dueCents) return t('ops.transfers.outcomeShort', { missing: format.money(transfer.dueCents - received) });
  if (received === transfer.dueCents) return t('ops.transfers.outcomeExact');
  return t('ops.transfers.outcomeOver', { extra: format.money(received - transfer.dueCents) });
}

function ConfirmTransfer({ transfer, onConfirmed }: { transfer: AwaitingTransfer; onConfirmed: (message: string) => void }) {
  const t = useT();
  const format = useFormat();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const client = useQueryClient();
  // A confirmed transfer pays an order or an additional cost, or credits a reload to a balance.
  const confirm = useMutation({
    mutationFn: (body: ConfirmTransferRequest) => confirmTransfer(body),
    onSuccess: () => void changed(client, queryKeys.ops.transfers.all, queryKeys.ops.orders.all, queryKeys.ops.customers.all),
  });
  const received = typedCents(amount);
  const outcome = useOutcome(transfer, received);

  const submit = (close: () => void) => async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setAmountError(null);
    try {
      const done = await confirm.mutateAsync({ number: transfer.reference, amount: amount.replace(/[\s,$]/g, ''), note: note.trim() || null });
      close();
      onConfirmed(
        done.creditedCents > 0
          ? t('ops.transfers.doneCredited', { reference: done.number, credited: format.money(done.creditedCents) })
          : t('ops.transfers.done', { reference: done.number }),
      );
    } catch (error) {
      const field = serverFieldErrors(error)?.amount;
      if (field) setAmountError(Array.isArray(field) ? (field[0] ?? null) : field);
      setFailure(errorMessage(error));
    }
  };

  return (
    <DialogTrigger>
      <Button variant="secondary" aria-label={t('ops.transfers.confirmFor', { reference: transfer.reference })}>
        {t('ops.transfers.confirm')}
      </Button>
      <Modal>
        <Dialog title={t('ops.transfers.dialogTitle', { reference: transfer.reference })}>
          {({ close }) => (
            <Form onSubmit={submit(close)} aria-label={t('ops.transfers.dialogTitle', { reference: transfer.reference })}>
              <p>{transfer.kind === 'reload' ? t('ops.transfers.reloadDue') : t('ops.transfers.due', { amount: format.money(transfer.dueCents) })}</p>
              {failure && (
                <div role="alert" className="rounded-control border border-danger-600 bg-danger-50 px-4 py-3 text-danger-700">
                  {failure}
                </div>
              )}
              <TextField
                label={t('ops.transfers.received')}
                description={t('ops.transfers.receivedHint')}
                inputMode="decimal"
                value={amount}
                onChange={(value) => {
                  setAmount(value);
                  setAmountError(null);
                }}
                errorMessage={amountError ?? undefined}
                isInvalid={amountError !== null}
                isRequired
              />
              <p role="status" className="min-h-6 text-neutral-700">
                {outcome ?? ''}
              </p>
              <TextField label={t('ops.transfers.note')} description={t('ops.transfers.noteHint')} value={note} onChange={setNote} maxLength={2000} />
              <OpsDialogFooter back={t('ops.event.back')} submit={t('ops.transfers.confirm')} busy={confirm.isPending} onBack={close} />
            </Form>
          )}
        </Dialog>
      </Modal>
    </DialogTrigger>
  );
}

const KIND_KEYS = { order: 'ops.transfers.kindOrder', additional_cost: 'ops.transfers.kindAdditionalCost', reload: 'ops.transfers.kindReload' } as const;

/**
 * Bank transfers awaiting confirmation (issue 38 item 3): orders, additional costs and balance
 * reloads, oldest first, found by the reference on the transfer or the customer's email; each
 * confirmed with the amount received, its outcome (short, exact, over) said before confirming.
 */
export function OpsTransfers() {
  const t = useT();
  const format = useFormat();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const query = useQuery({ queryKey: queryKeys.ops.transfers.list(q), queryFn: ({ signal }) => listAwaitingTransfers(q || null, signal) });
  const transfers = asyncState(query);
  const data = transfers.status === 'success' ? transfers.data : null;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-headline text-neutral-900">{t('ops.transfers.title')}</h1>
      <div role="search" aria-label={t('ops.transfers.searchRegion')}>
        <SearchField
          className="max-w-lg"
          label={t('ops.transfers.search')}
          clearLabel={t('orders.history.clearSearch')}
          value={typed}
          onChange={setTyped}
          onSubmit={(value) => setQ(value.trim())}
          onClear={() => setQ('')}
        />
      </div>
      {done && (
        // Shown, and said once through the app's announcer when it happens (not a second live region).
        <p className="rounded-control border border-success-600 bg-success-50 px-4 py-3 text-success-700">
          {done}
        </p>
      )}
      {transfers.status === 'error' ? (
        <LoadFailed retryLabel={t('common.tryAgain')} onRetry={query.refetch}>
          {errorMessage(transfers.error)}
        </LoadFailed>
      ) : (
        <DataTable aria-label={t('ops.transfers.table')}>
          <DataTableHeader>
            <DataColumn>{t('ops.transfers.reference')}</DataColumn>
            <DataColumn>{t('ops.transfers.kind')}</DataColumn>
            <DataColumn>{t('ops.orders.customer')}</DataColumn>
            <DataColumn align="end">{t('ops.transfers.dueColumn')}</DataColumn>
            <DataColumn>{t('ops.transfers.since')}</DataColumn>
            <DataColumn>{t('ops.transfers.action')}</DataColumn>
          </DataTableHeader>
          <DataTableBody
            columnCount={6}
            items={data?.list ?? []}
            isLoading={transfers.status === 'loading'}
            loadingLabel={t('common.loading')}
            emptyState={<EmptyState title={q ? t('ops.transfers.noMatch') : t('ops.transfers.empty')} />}
          >
            {(transfer) => (
              <DataRow>
                <DataCell isRowHeader>{transfer.reference}</DataCell>
                <DataCell>{t(KIND_KEYS[transfer.kind])}</DataCell>
                <DataCell>{transfer.customer.email}</DataCell>
                <DataCell align="end">{transfer.kind === 'reload' ? t('ops.transfers.anyAmount') : format.money(transfer.dueCents)}</DataCell>
                <DataCell>{format.dateTime(transfer.since)}</DataCell>
                <DataCell>
                  <ConfirmTransfer
                    transfer={transfer}
                    onConfirmed={(message) => {
                      setDone(message);
                      announce(message);
                    }}
                  />
                </DataCell>
              </DataRow>
            )}
          </DataTableBody>
        </DataTable>
      )}
    </div>
  );
}

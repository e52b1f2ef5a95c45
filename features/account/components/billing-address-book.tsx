import { useRef, useState } from 'react';
import type { Selection } from '#ui/collections';
import type { BillingAddress } from '#domain/api/address';
import { useT } from '#lib/i18n/i18n';
import { lazyDialog } from '#lib/lazy-dialog';
import { Button } from '#ui/button';
import { EmptyState } from '#ui/empty-state';
import { GridList, GridListItem } from '#ui/grid-list';
import { SkeletonGroup } from '#ui/skeleton';
import { deleteBillingAddresses, listBillingAddresses } from '../api.ts';
import type { BillingAddressDialogProps } from './billing-address-dialog.tsx';
import { ConfirmDelete, useBookList, useFocusAfterRemoval } from './book-parts.tsx';

/**
 * Add or edit one billing address (billing-address-dialog.tsx): fetched when the book mounts and drawn
 * from its first opening, so the form and the modal are not in the page's first load (ADR 140).
 */
const BillingAddressDialog = lazyDialog<BillingAddressDialogProps>(async () => (await import('./billing-address-dialog.tsx')).BillingAddressDialog, (props) => props.editing !== null);

export type Editing = { mode: 'add' } | { mode: 'edit'; address: BillingAddress } | null;

/**
 * The billing address book (`account/billingAddress`): the names and places printed on invoices.
 * List, add, edit, delete one or several (a body of ids); the same fieldset as the checkout's.
 */
export function BillingAddressBook() {
  const t = useT();
  const { state, reload } = useBookList(listBillingAddresses);
  const [selected, setSelected] = useState<Selection>(new Set());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<BillingAddress[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const toolbar = useRef<HTMLDivElement>(null);
  const focusAdd = useFocusAfterRemoval(toolbar);
  const list = state.status === 'ready' ? state.list : [];
  const selectedIds = selected === 'all' ? list.map((a) => a.id) : list.filter((a) => selected.has(a.id)).map((a) => a.id);
  const title = editing?.mode === 'edit' ? t('account.billing.editTitle') : t('account.billing.addTitle');

  return (
    <div className="flex flex-col gap-4">
      <div ref={toolbar} className="flex flex-wrap items-center gap-3">
        <Button onPress={() => setEditing({ mode: 'add' })}>
          {t('account.billing.add')}
        </Button>
        {selectedIds.length > 0 && (
          <Button variant="destructive" onPress={() => setDeleting(list.filter((a) => selectedIds.includes(a.id)))}>
            {t('account.book.deleteSelected', { count: selectedIds.length })}
          </Button>
        )}
      </div>
      <p role="status" className="text-neutral-700">
        {announcement}
      </p>
      {state.status === 'loading' && <SkeletonGroup label={t('account.billing.loading')} lines={3} />}
      {state.status === 'error' && <p role="alert">{state.message}</p>}
      {state.status === 'ready' && (
        <GridList
          aria-label={t('account.billing.list')}
          items={list}
          selectionMode="multiple"
          selectedKeys={selected}
          onSelectionChange={setSelected}
          className="max-w-3xl"
          renderEmptyState={() => <EmptyState title={t('account.billing.empty')} description={t('account.billing.emptyBody')} level={2} />}
        >
          {(address) => (
            <GridListItem id={address.id} textValue={[address.companyName, address.name].filter(Boolean).join(', ')}>
              <div className="flex flex-1 flex-wrap items-start justify-between gap-3">
                <div className="flex flex-col">
                  <span className="font-medium">{address.companyName ?? address.name}</span>
                  {address.companyName && <span>{address.name}</span>}
                  <span className="whitespace-pre-line text-neutral-700">{address.location}</span>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Button variant="secondary" onPress={() => setEditing({ mode: 'edit', address })} aria-label={t('account.billing.editOf', { name: address.companyName ?? address.name })}>
                    {t('account.book.edit')}
                  </Button>
                  <Button variant="quiet" onPress={() => setDeleting([address])} aria-label={t('account.billing.deleteOf', { name: address.companyName ?? address.name })}>
                    {t('account.book.delete')}
                  </Button>
                </div>
              </div>
            </GridListItem>
          )}
        </GridList>
      )}

      <BillingAddressDialog
        editing={editing}
        title={title}
        onClose={() => setEditing(null)}
        onSaved={async (message) => {
          setEditing(null);
          await reload();
          setAnnouncement(message);
        }}
      />
      <ConfirmDelete
        isOpen={deleting !== null}
        title={t('account.billing.deleteTitle', { count: deleting?.length ?? 0 })}
        body={t('account.billing.deleteBody', { count: deleting?.length ?? 0 })}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          const { deleted } = await deleteBillingAddresses((deleting ?? []).map((a) => a.id));
          setDeleting(null);
          setSelected(new Set());
          await reload();
          setAnnouncement(t('account.billing.deleted', { count: deleted }));
          focusAdd();
        }}
      />
    </div>
  );
}

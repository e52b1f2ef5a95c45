import { useRef, useState } from 'react';
import type { Selection } from '#ui/collections';
import type { ShippingAddress } from '#domain/api/address';
import { useT } from '#lib/i18n/i18n';
import { lazyDialog } from '#lib/lazy-dialog';
import { Button } from '#ui/button';
import { EmptyState } from '#ui/empty-state';
import { GridList, GridListItem } from '#ui/grid-list';
import { SkeletonGroup } from '#ui/skeleton';
import { StatusBadge } from '#ui/status-badge';
import { deleteShippingAddresses, listShippingAddresses, setDefaultShippingAddress } from '../api.ts';
import type { AddressDialogProps } from './address-dialog.tsx';
import { ConfirmDelete, useBookList, useFocusAfterRemoval } from './book-parts.tsx';

/**
 * Add or edit one address (address-dialog.tsx): fetched when the book mounts and drawn from its
 * first opening, so the form, its combo boxes and the modal are not in the page's first load (ADR 140).
 */
const AddressDialog = lazyDialog<AddressDialogProps>(async () => (await import('./address-dialog.tsx')).AddressDialog, (props) => props.editing !== null);

/** An address as lines, the way a carrier's label reads (data, not words to translate). */
export function addressLines(a: ShippingAddress): string[] {
  return [
    `${a.firstName} ${a.lastName}`,
    a.company,
    a.addressLine1,
    a.addressLine2,
    a.addressLine3,
    [a.city, a.stateName, a.postcode].filter(Boolean).join(', '),
    a.countryName,
    `${a.phoneCode} ${a.mobile}`,
  ].filter((line): line is string => !!line);
}

export type Editing = { mode: 'add' } | { mode: 'edit'; address: ShippingAddress } | null;

/**
 * The shipping address book (`account/address`): list (default first), add, edit, delete, set the
 * default, and delete several at once (select rows, then "Delete selected": `addressIds`). One address
 * form, the same fieldset as the checkout's, with the shared rules.
 */
export function AddressBook() {
  const t = useT();
  const { state, reload } = useBookList(listShippingAddresses);
  const [selected, setSelected] = useState<Selection>(new Set());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ShippingAddress[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const toolbar = useRef<HTMLDivElement>(null);
  const focusAdd = useFocusAfterRemoval(toolbar);

  const list = state.status === 'ready' ? state.list : [];
  const selectedIds = selected === 'all' ? list.map((a) => a.id) : list.filter((a) => selected.has(a.id)).map((a) => a.id);

  const makeDefault = (address: ShippingAddress) =>
    setDefaultShippingAddress(address.id).then(async () => {
      await reload();
      setAnnouncement(t('account.address.defaultChanged', { name: `${address.firstName} ${address.lastName}` }));
    });

  return (
    <div className="flex flex-col gap-4">
      <div ref={toolbar} className="flex flex-wrap items-center gap-3">
        <Button onPress={() => setEditing({ mode: 'add' })}>
          {t('account.address.add')}
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

      {state.status === 'loading' && <SkeletonGroup label={t('account.address.loading')} lines={4} />}
      {state.status === 'error' && <p role="alert">{state.message}</p>}
      {state.status === 'ready' && (
        <GridList
          aria-label={t('account.address.list')}
          items={list}
          selectionMode="multiple"
          selectedKeys={selected}
          onSelectionChange={setSelected}
          className="max-w-3xl"
          renderEmptyState={() => (
            <EmptyState title={t('account.address.empty')} description={t('account.address.emptyBody')} level={2} />
          )}
        >
          {(address) => (
            <GridListItem id={address.id} textValue={addressLines(address).join(', ')}>
              <div className="flex flex-1 flex-wrap items-start justify-between gap-3">
                <address className="flex flex-col not-italic">
                  {addressLines(address).map((line, i) => (
                    <span key={i} className={i === 0 ? 'font-medium' : undefined}>
                      {line}
                    </span>
                  ))}
                  {address.vatNumber && <span className="text-caption text-neutral-600">{t('account.address.vatLine', { vat: address.vatNumber })}</span>}
                </address>
                <div className="flex flex-wrap items-center gap-2">
                  {address.isDefault ? (
                    <StatusBadge tone="success">{t('account.address.default')}</StatusBadge>
                  ) : (
                    <Button variant="quiet" onPress={() => void makeDefault(address)} aria-label={t('account.address.makeDefaultOf', { line: address.addressLine1 })}>
                      {t('account.address.makeDefault')}
                    </Button>
                  )}
                  <Button variant="secondary" onPress={() => setEditing({ mode: 'edit', address })} aria-label={t('account.address.editOf', { line: address.addressLine1 })}>
                    {t('account.book.edit')}
                  </Button>
                  <Button variant="quiet" onPress={() => setDeleting([address])} aria-label={t('account.address.deleteOf', { line: address.addressLine1 })}>
                    {t('account.book.delete')}
                  </Button>
                </div>
              </div>
            </GridListItem>
          )}
        </GridList>
      )}

      <AddressDialog
        editing={editing}
        isFirst={list.length === 0}
        onClose={() => setEditing(null)}
        onSaved={async (message) => {
          setEditing(null);
          await reload();
          setAnnouncement(message);
        }}
      />
      <ConfirmDelete
        isOpen={deleting !== null}
        title={t('account.address.deleteTitle', { count: deleting?.length ?? 0 })}
        body={t('account.address.deleteBody', { count: deleting?.length ?? 0 })}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          const ids = (deleting ?? []).map((a) => a.id);
          const { deleted } = await deleteShippingAddresses(ids);
          setDeleting(null);
          setSelected(new Set());
          await reload();
          setAnnouncement(t('account.address.deleted', { count: deleted }));
          focusAdd();
        }}
      />
    </div>
  );
}

import type { BillingAddress } from '#domain/api/address';
import { useT } from '#lib/i18n/i18n';
import { queryKeys } from '#lib/query-keys';
import { lazyDialog } from '#lib/lazy-dialog';
import { deleteBillingAddresses, listBillingAddresses } from '../api.ts';
import { AddressBookView, type BookEditing } from './address-book-view.tsx';
import type { BillingAddressDialogProps } from './billing-address-dialog.tsx';

/**
 * Add or edit one billing address (billing-address-dialog.tsx): fetched when the book mounts and drawn
 * from its first opening, so the form and the modal are not in the page's first load (ADR 140).
 */
const BillingAddressDialog = lazyDialog<BillingAddressDialogProps>(async () => (await import('./billing-address-dialog.tsx')).BillingAddressDialog, (props) => props.editing !== null);

export type Editing = BookEditing<BillingAddress>;

/**
 * The billing address book (`account/billingAddress`): the names and places printed on invoices.
 * List, add, edit, delete one or several (a body of ids); the same fieldset as the checkout's. The
 * book is the one both kinds share (address-book-view.tsx).
 */
export function BillingAddressBook() {
  const t = useT();
  const nameOf = (address: BillingAddress) => address.companyName ?? address.name;
  return (
    <AddressBookView<BillingAddress>
      words={{
        add: t('account.billing.add'),
        loading: t('account.billing.loading'),
        list: t('account.billing.list'),
        empty: t('account.billing.empty'),
        emptyBody: t('account.billing.emptyBody'),
        deleteTitle: (count) => t('account.billing.deleteTitle', { count }),
        deleteBody: (count) => t('account.billing.deleteBody', { count }),
        deleted: (count) => t('account.billing.deleted', { count }),
      }}
      queryKey={queryKeys.addresses.billing}
      load={listBillingAddresses}
      remove={deleteBillingAddresses}
      textValue={(address) => [address.companyName, address.name].filter(Boolean).join(', ')}
      editLabel={(address) => t('account.billing.editOf', { name: nameOf(address) })}
      deleteLabel={(address) => t('account.billing.deleteOf', { name: nameOf(address) })}
      renderAddress={(address) => (
        <div className="flex flex-col">
          <span className="font-medium">{nameOf(address)}</span>
          {address.companyName && <span>{address.name}</span>}
          <span className="whitespace-pre-line text-neutral-700">{address.location}</span>
        </div>
      )}
      renderDialog={({ editing, onClose, onSaved }) => (
        <BillingAddressDialog
          editing={editing}
          title={editing?.mode === 'edit' ? t('account.billing.editTitle') : t('account.billing.addTitle')}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    />
  );
}

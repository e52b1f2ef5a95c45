import type { ShippingAddress } from '#domain/api/address';
import { useT } from '#lib/i18n/i18n';
import { queryKeys } from '#lib/query-keys';
import { lazyDialog } from '#lib/lazy-dialog';
import { Button } from '#ui/button';
import { StatusBadge } from '#ui/status-badge';
import { deleteShippingAddresses, listShippingAddresses, setDefaultShippingAddress } from '../api.ts';
import type { AddressDialogProps } from './address-dialog.tsx';
import { AddressBookView, type BookEditing } from './address-book-view.tsx';

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

export type Editing = BookEditing<ShippingAddress>;

/**
 * The shipping address book (`account/address`): list (default first), add, edit, delete, set the
 * default, and delete several at once (select rows, then "Delete selected": `addressIds`). One address
 * form, the same fieldset as the checkout's, with the shared rules. The book itself is the one
 * both kinds share (address-book-view.tsx); this says what a shipping address adds: its lines as a
 * carrier's label reads, its VAT number and which one is the default.
 */
export function AddressBook() {
  const t = useT();
  return (
    <AddressBookView<ShippingAddress>
      words={{
        add: t('account.address.add'),
        loading: t('account.address.loading'),
        list: t('account.address.list'),
        empty: t('account.address.empty'),
        emptyBody: t('account.address.emptyBody'),
        deleteTitle: (count) => t('account.address.deleteTitle', { count }),
        deleteBody: (count) => t('account.address.deleteBody', { count }),
        deleted: (count) => t('account.address.deleted', { count }),
      }}
      skeletonLines={4}
      queryKey={queryKeys.addresses.shipping}
      load={listShippingAddresses}
      remove={deleteShippingAddresses}
      textValue={(address) => addressLines(address).join(', ')}
      editLabel={(address) => t('account.address.editOf', { line: address.addressLine1 })}
      deleteLabel={(address) => t('account.address.deleteOf', { line: address.addressLine1 })}
      renderAddress={(address) => (
        <address className="flex flex-col not-italic">
          {addressLines(address).map((line, i) => (
            <span key={i} className={i === 0 ? 'font-medium' : undefined}>
              {line}
            </span>
          ))}
          {address.vatNumber && <span className="text-caption text-neutral-600">{t('account.address.vatLine', { vat: address.vatNumber })}</span>}
        </address>
      )}
      renderRowActions={(address, book) =>
        address.isDefault ? (
          <StatusBadge tone="success">{t('account.address.default')}</StatusBadge>
        ) : (
          <Button
            variant="quiet"
            onPress={() =>
              void setDefaultShippingAddress(address.id).then(async () => {
                await book.reload();
                book.announce(t('account.address.defaultChanged', { name: `${address.firstName} ${address.lastName}` }));
              })
            }
            aria-label={t('account.address.makeDefaultOf', { line: address.addressLine1 })}
          >
            {t('account.address.makeDefault')}
          </Button>
        )
      }
      renderDialog={({ editing, list, onClose, onSaved }) => <AddressDialog editing={editing} isFirst={list.length === 0} onClose={onClose} onSaved={onSaved} />}
    />
  );
}

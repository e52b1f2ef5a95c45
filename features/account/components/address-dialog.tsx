import { serverFieldErrors, useSuiteForm, type FormSuite } from '#lib/forms/use-suite-form';
import { useT } from '#lib/i18n/i18n';
import { useSession } from '#machines/session-context';
import { Button } from '#ui/button';
import { Checkbox } from '#ui/checkbox';
import { Dialog, DialogActions } from '#ui/dialog';
import { Form } from '#ui/form';
import { Modal } from '#ui/modal';
import { createShippingAddress, updateShippingAddress } from '../api.ts';
import type { Editing } from './address-book.tsx';
import { EMPTY_SHIPPING_ADDRESS, ShippingAddressFields, shippingValuesOf, useShippingAddressFieldset } from './shipping-address-fields.tsx';

const NO_RULES = { run: () => ({ getErrors: () => ({}) }) } as FormSuite;

export interface AddressDialogProps {
  editing: Editing;
  isFirst: boolean;
  onClose: () => void;
  onSaved: (message: string) => Promise<void>;
}

/** Add or edit one address in a dialog: the shared fieldset, and "default" for a new one. */
export function AddressDialog({ editing, isFirst, onClose, onSaved }: AddressDialogProps) {
  const t = useT();
  const title = editing?.mode === 'edit' ? t('account.address.editTitle') : t('account.address.addTitle');
  return (
    <Modal isOpen={editing !== null} onOpenChange={(open) => !open && onClose()} size="large">
      {/* The dialog's content mounts at each opening: a fresh form for each address. */}
      <Dialog title={title}>{editing && <AddressForm editing={editing} isFirst={isFirst} title={title} onClose={onClose} onSaved={onSaved} />}</Dialog>
    </Modal>
  );
}

function AddressForm({
  editing,
  isFirst,
  title,
  onClose,
  onSaved,
}: {
  editing: NonNullable<Editing>;
  isFirst: boolean;
  title: string;
  onClose: () => void;
  onSaved: (message: string) => Promise<void>;
}) {
  const t = useT();
  const user = useSession((s) => s.context.user);
  // A new address starts with the account's name and phone.
  const fieldset = useShippingAddressFieldset(
    editing.mode === 'edit'
      ? shippingValuesOf(editing.address)
      : {
          ...EMPTY_SHIPPING_ADDRESS,
          firstName: user?.firstName ?? '',
          lastName: user?.lastName ?? '',
          company: user?.company ?? '',
          phoneCode: user?.phoneCode ?? '',
          mobile: user?.phone ?? '',
        },
  );
  const form = useSuiteForm(
    NO_RULES,
    { isDefault: false },
    async (values) => {
      const input = fieldset.input();
      try {
        if (editing.mode === 'edit') {
          await updateShippingAddress(editing.address.id, { ...input, isDefault: editing.address.isDefault });
          await onSaved(t('account.address.updated'));
        } else {
          await createShippingAddress({ ...input, isDefault: isFirst || values.isDefault });
          await onSaved(t('account.address.added'));
        }
      } catch (error) {
        const fields = serverFieldErrors(error);
        if (fields) fieldset.setServerErrors(fields);
        throw error;
      }
    },
    { parts: () => [fieldset] },
  );
  return (
    <Form onSubmit={form.onSubmit} aria-label={title}>
      {form.formError && (
        <p role="alert" className="rounded-control border border-danger-600 bg-danger-50 px-4 py-3 text-danger-700">
          {form.formError}
        </p>
      )}
      <ShippingAddressFields fieldset={fieldset} legend={t('account.address.legend')} />
      {editing.mode === 'add' && !isFirst && (
        <Checkbox isSelected={form.values.isDefault} onChange={(v) => form.setValue('isDefault', v)}>
          {t('account.address.useAsDefault')}
        </Checkbox>
      )}
      <DialogActions>
        <Button variant="secondary" onPress={onClose} isDisabled={form.isSubmitting}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isPending={form.isSubmitting}>
          {t('account.address.save')}
        </Button>
      </DialogActions>
    </Form>
  );
}

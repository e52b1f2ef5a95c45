import { serverFieldErrors, useSuiteForm, type FormSuite } from '#lib/forms/use-suite-form';
import { useT } from '#lib/i18n/i18n';
import { useSession } from '#machines/session-context';
import { Button } from '#ui/button';
import { Dialog, DialogActions } from '#ui/dialog';
import { Form } from '#ui/form';
import { Modal } from '#ui/modal';
import { createBillingAddress, updateBillingAddress } from '../api.ts';
import type { Editing } from './billing-address-book.tsx';
import { BillingAddressFields, billingValuesOf, useBillingAddressFieldset } from './billing-address-fields.tsx';

const NO_RULES = { run: () => ({ getErrors: () => ({}) }) } as FormSuite;

export interface BillingAddressDialogProps {
  editing: Editing;
  title: string;
  onClose: () => void;
  onSaved: (message: string) => Promise<void>;
}

/** Add or edit one billing address in a dialog; the dialog's content mounts at each opening: a fresh form each time. */
export function BillingAddressDialog({ editing, title, onClose, onSaved }: BillingAddressDialogProps) {
  return (
    <Modal isOpen={editing !== null} onOpenChange={(open) => !open && onClose()} size="large">
      <Dialog title={title}>{editing && <BillingForm editing={editing} title={title} onClose={onClose} onSaved={onSaved} />}</Dialog>
    </Modal>
  );
}

function BillingForm({ editing, title, onClose, onSaved }: { editing: NonNullable<Editing>; title: string; onClose: () => void; onSaved: (message: string) => Promise<void> }) {
  const t = useT();
  const user = useSession((s) => s.context.user);
  const fieldset = useBillingAddressFieldset(
    editing.mode === 'edit'
      ? billingValuesOf(editing.address)
      : { name: [user?.firstName, user?.lastName].filter(Boolean).join(' '), companyName: user?.company ?? '' },
  );
  const form = useSuiteForm(
    NO_RULES,
    {},
    async () => {
      try {
        if (editing.mode === 'edit') {
          await updateBillingAddress(editing.address.id, fieldset.input());
          await onSaved(t('account.billing.updated'));
        } else {
          await createBillingAddress(fieldset.input());
          await onSaved(t('account.billing.added'));
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
      <BillingAddressFields fieldset={fieldset} legend={t('account.billing.legend')} />
      <DialogActions>
        <Button variant="secondary" onPress={onClose} isDisabled={form.isSubmitting}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isPending={form.isSubmitting}>
          {t('account.billing.save')}
        </Button>
      </DialogActions>
    </Form>
  );
}

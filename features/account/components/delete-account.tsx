import { useState } from 'react';
import { EMAIL_LINK_VALID_HOURS } from '#domain/rules/account-rules';
import { useT } from '#lib/i18n/i18n';
import { lazyDialog } from '#lib/lazy-dialog';
import { Button } from '#ui/button';
import type { DeleteAccountDialogProps } from './delete-account-dialog.tsx';

// The dialog (its form, React Aria's modal and radio group) is a chunk of its own, fetched at the
// first input on the page and drawn from its first opening (ADR 140, ADR 189).
const DeleteAccountDialog = lazyDialog<DeleteAccountDialogProps>(async () => (await import('./delete-account-dialog.tsx')).DeleteAccountDialog, (props) => props.isOpen);

/** "Delete my account": what it does, and the button that opens the retention dialog (delete-account-dialog.tsx). */
export function DeleteAccount({ email }: { email: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-neutral-700">{t('account.delete.intro', { hours: EMAIL_LINK_VALID_HOURS.delete })}</p>
      <Button variant="destructive" onPress={() => setOpen(true)}>
        {t('account.delete.open')}
      </Button>
      <DeleteAccountDialog email={email} isOpen={open} onClose={() => setOpen(false)} />
    </div>
  );
}

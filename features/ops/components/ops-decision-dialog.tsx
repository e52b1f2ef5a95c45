import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '#lib/api/error-message';
import { serverFieldErrors } from '#lib/forms/use-suite-form';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { Dialog, DialogActions, DialogTrigger } from '#ui/dialog';
import { Form } from '#ui/form';
import { Modal } from '#ui/modal';

export interface OpsDecisionDialogProps {
  /** The button that opens it, and its accessible name (which item it is for). */
  button: string;
  buttonLabel: string;
  variant?: 'primary' | 'secondary';
  title: string;
  submit: string;
  /** The fields; `fieldError(name)` is the server's message for that field, if any. */
  children: (fieldError: (name: string) => string | undefined) => ReactNode;
  /** Sends the decision; its error is shown in the dialog, which stays open. */
  onSubmit: () => Promise<void>;
}

/**
 * A decision of the console's queues (approve or refuse a claim, price or refuse a review): a
 * dialog with its fields, sent once, the server's refusal said inside it and on its field.
 */
export function OpsDecisionDialog({ button, buttonLabel, variant = 'secondary', title, submit, children, onSubmit }: OpsDecisionDialogProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string | string[]>>({});
  const send = (close: () => void) => async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailure(null);
    setFields({});
    try {
      await onSubmit();
      close();
    } catch (error) {
      setFields((serverFieldErrors(error) as Record<string, string | string[]> | null) ?? {});
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const fieldError = (name: string) => {
    const value = fields[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return (
    <DialogTrigger>
      <Button variant={variant} aria-label={buttonLabel}>
        {button}
      </Button>
      <Modal>
        <Dialog title={title}>
          {({ close }) => (
            <Form onSubmit={send(close)} aria-label={title}>
              {failure && (
                <div role="alert" className="rounded-control border border-danger-600 bg-danger-50 px-4 py-3 text-danger-700">
                  {failure}
                </div>
              )}
              {children(fieldError)}
              <DialogActions>
                <Button variant="secondary" onPress={close}>
                  {t('opsQueues.back')}
                </Button>
                <Button type="submit" isPending={busy}>
                  {submit}
                </Button>
              </DialogActions>
            </Form>
          )}
        </Dialog>
      </Modal>
    </DialogTrigger>
  );
}

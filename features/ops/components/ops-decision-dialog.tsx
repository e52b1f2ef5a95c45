import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '#lib/api/error-message';
import { serverFieldErrors } from '#lib/forms/use-suite-form';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { Dialog, DialogTrigger } from '#ui/dialog';
import { Form } from '#ui/form';
import { Modal } from '#ui/modal';
import { TextField } from '#ui/text-field';
import { OpsDialogFooter } from './ops-dialog-footer.tsx';

export interface OpsDecisionDialogProps {
  /** The button that opens it, and its accessible name (which item it is for). */
  button: string;
  buttonLabel: string;
  variant?: 'primary' | 'secondary';
  title: string;
  submit: string;
  /** The request fields the dialog shows: a refusal naming one of them is said on that field only. */
  fields?: readonly string[];
  /** The fields; `fieldError(name)` is the server's message for that field, if any. */
  children: (fieldError: (name: string) => string | undefined) => ReactNode;
  /** Sends the decision; its error is shown in the dialog, which stays open. */
  onSubmit: () => Promise<void>;
}

/**
 * A decision of the console's queues (approve or refuse a claim, price or refuse a review): a
 * dialog with its fields, sent once. The server's refusal is said once: on the field it names (its
 * error message, which the field's description reads out), or, when it names none of the dialog's
 * fields, in an alert above them.
 */
export function OpsDecisionDialog({ button, buttonLabel, variant = 'secondary', title, submit, fields: shown = [], children, onSubmit }: OpsDecisionDialogProps) {
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
      const named = (serverFieldErrors(error) as Record<string, string | string[]> | null) ?? {};
      setFields(named);
      if (!Object.keys(named).some((name) => shown.includes(name))) setFailure(errorMessage(error));
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
              <OpsDialogFooter back={t('opsQueues.back')} submit={submit} busy={busy} onBack={close} />
            </Form>
          )}
        </Dialog>
      </Modal>
    </DialogTrigger>
  );
}

/** The request field a refusal's reason is sent in (and the server names in its refusals). */
const FIELD_REASON = 'reason';

export interface OpsRefuseDialogProps {
  /** Which item it refuses, as its button and title say it. */
  buttonLabel: string;
  title: string;
  /** The button's and the submit's words ("Refuse"). */
  refuse: string;
  /** Sends the refusal with the reason the customer reads. */
  onRefuse: (reason: string) => Promise<void>;
}

/** A refusal with the reason the customer reads (a claim, a review): the same dialog for both queues. */
export function OpsRefuseDialog({ buttonLabel, title, refuse, onRefuse }: OpsRefuseDialogProps) {
  const t = useT();
  const [reason, setReason] = useState('');
  return (
    <OpsDecisionDialog button={refuse} buttonLabel={buttonLabel} title={title} submit={refuse} fields={[FIELD_REASON]} onSubmit={() => onRefuse(reason)}>
      {(fieldError) => (
        <TextField
          label={t('opsQueues.reason')}
          isMultiline
          value={reason}
          onChange={setReason}
          maxLength={2000}
          isRequired
          errorMessage={fieldError(FIELD_REASON)}
          isInvalid={fieldError(FIELD_REASON) !== undefined}
        />
      )}
    </OpsDecisionDialog>
  );
}

import { useEffect, useState } from 'react';
import type { DeletionPreview } from '#domain/api/account';
import { EMAIL_LINK_VALID_HOURS } from '#domain/rules/account-rules';
import { DELETION_OPTIONS, type DeletionOption } from '#domain/rules/deletion-rules';
import { errorMessage } from '#lib/api/error-message';
import { lazySuite, serverFieldErrors, useSuiteForm } from '#lib/forms/use-suite-form';
import { useFormat } from '#lib/i18n/format';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { Checkbox } from '#ui/checkbox';
import { Dialog, DialogActions } from '#ui/dialog';
import { Form } from '#ui/form';
import { Link } from '#ui/link';
import { Modal } from '#ui/modal';
import { Radio, RadioGroup } from '#ui/radio-group';
import { TextField } from '#ui/text-field';
import { fetchDeletionPreview, requestDeletion } from '../api.ts';

export interface DeleteAccountDialogProps {
  email: string;
  isOpen: boolean;
  onClose: () => void;
}

const deletionSuites = () => import('#domain/rules/deletion-suites');
const deletionSuite = lazySuite(async () => (await deletionSuites()).deletionSuite);

/** The words of each option; the option itself is what the server keeps. */
const OPTION_LABEL: Record<DeletionOption, MessageKey> = {
  'I no longer need parts made': 'account.delete.option.noNeed',
  'The prices are too high': 'account.delete.option.price',
  'The lead times are too long': 'account.delete.option.leadTime',
  'I had a problem with an order': 'account.delete.option.problem',
  'I have another account': 'account.delete.option.otherAccount',
  Other: 'account.delete.option.other',
};

/**
 * The "Delete my account" dialog (a chunk of its own, fetched at the first input on the profile
 * page and drawn from its first opening: `DeleteAccount`, ADR 189): the retention dialog first
 * (spec section 5: an option is required, and a reason when Other is chosen), then the
 * confirmation email (spec section 4: confirmed within
 * 24 hours). Nothing is deleted here; the emailed link's page asks once more. An account holding a
 * prepaid balance is told, as the dialog opens, the amount and that it is given up with the account
 * (with a way to ask for a refund first), and confirms that amount with a checkbox before the mail
 * is sent (ADR 150); a balance that changed meanwhile is read again and asked again.
 */
export function DeleteAccountDialog({ email, isOpen: open, onClose }: DeleteAccountDialogProps) {
  const t = useT();
  const [sent, setSent] = useState(false);
  const [preview, setPreview] = useState<DeletionPreview | null>(null);
  const [previewProblem, setPreviewProblem] = useState<string | null>(null);
  const [reads, setReads] = useState(0);
  const [givenUp, setGivenUp] = useState(false);
  const [balanceError, setBalanceError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    fetchDeletionPreview(controller.signal).then(
      (next) => {
        setPreview(next);
        setPreviewProblem(null);
      },
      (error: unknown) => !controller.signal.aborted && setPreviewProblem(errorMessage(error)),
    );
    return () => controller.abort();
  }, [open, reads]);

  const balance = preview && preview.balanceCents > 0 ? preview : null;
  const form = useSuiteForm(deletionSuite, { option: '', reason: '' }, async ({ option, reason }) => {
    setBalanceError(null);
    try {
      await requestDeletion({
        option: option as DeletionOption,
        ...(option === 'Other' ? { reason: reason.trim() } : {}),
        ...(balance && givenUp ? { forfeitBalanceCents: balance.balanceCents } : {}),
      });
      setSent(true);
    } catch (error) {
      const refusal = serverFieldErrors(error)?.forfeitBalanceCents?.[0];
      if (!refusal) throw error;
      // The server's words under the checkbox; the amount read again (it may have changed) and asked again.
      setBalanceError(refusal);
      setGivenUp(false);
      setReads((n) => n + 1);
    }
  });
  const close = () => {
    onClose();
    setGivenUp(false);
    setBalanceError(null);
    if (sent) {
      setSent(false);
      form.reset({ option: '', reason: '' });
    }
  };
  return (
    <Modal isOpen={open} onOpenChange={(next) => !next && close()} size="large">
      <Dialog title={sent ? t('account.delete.sentTitle') : t('account.delete.title')}>
        {sent ? (
          <>
            <p role="status">{t.rich('account.delete.sent', { email, hours: EMAIL_LINK_VALID_HOURS.delete, strong: (chunks) => <strong>{chunks}</strong> })}</p>
            <DialogActions>
              <Button onPress={close}>{t('common.close')}</Button>
            </DialogActions>
          </>
        ) : (
          <Form onSubmit={form.onSubmit} aria-label={t('account.delete.form')}>
            <p className="text-neutral-700">{t('account.delete.why')}</p>
            {form.formError && (
              <p role="alert" className="text-danger-700">
                {form.formError}
              </p>
            )}
            <RadioGroup
              label={t('account.delete.reason')}
              isRequired
              value={form.values.option || null}
              onChange={(v) => {
                form.setValue('option', v);
                form.touch('option');
              }}
              isInvalid={!!form.errors.option}
              errorMessage={form.errors.option?.join(' ')}
            >
              {DELETION_OPTIONS.map((o) => (
                <Radio key={o} value={o}>
                  {t(OPTION_LABEL[o])}
                </Radio>
              ))}
            </RadioGroup>
            {form.values.option === 'Other' && <TextField {...form.field('reason')} label={t('account.delete.more')} isRequired isMultiline />}
            {previewProblem && (
              <p role="alert" className="text-danger-700">
                {previewProblem}
              </p>
            )}
            {balance && <BalanceGivenUp balance={balance} givenUp={givenUp} onChange={setGivenUp} error={balanceError} />}
            <DialogActions>
              <Button variant="secondary" onPress={close}>
                {t('account.delete.keep')}
              </Button>
              <Button type="submit" variant="destructive" isPending={form.isSubmitting}>
                {t('account.delete.send')}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Dialog>
    </Modal>
  );
}

/** The prepaid balance the deletion gives up: the amount, how to keep it, and the confirmation of that amount. */
function BalanceGivenUp({ balance, givenUp, onChange, error }: { balance: DeletionPreview; givenUp: boolean; onChange: (next: boolean) => void; error: string | null }) {
  const t = useT();
  const format = useFormat();
  const amount = format.money(balance.balanceCents, balance.currency);
  return (
    <div className="flex flex-col gap-2 rounded-control border border-warning-600 bg-warning-50 p-3 forced-colors:border-[CanvasText]">
      <p className="text-body text-neutral-800">{t.rich('account.delete.balance', { amount, link: (chunks) => <Link href="/contact-us">{chunks}</Link> })}</p>
      <Checkbox name="forfeitBalance" isSelected={givenUp} onChange={onChange} isInvalid={!!error} aria-describedby={error ? 'forfeit-balance-error' : undefined}>
        {t('account.delete.balanceConfirm', { amount })}
      </Checkbox>
      {error && (
        <p id="forfeit-balance-error" role="alert" className="text-caption text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}

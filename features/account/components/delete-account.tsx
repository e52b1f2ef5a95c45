import { useState } from 'react';
import { EMAIL_LINK_VALID_HOURS } from '#domain/rules/account-rules';
import { DELETION_OPTIONS, type DeletionOption } from '#domain/rules/deletion-rules';
import { lazySuite, useSuiteForm } from '#lib/forms/use-suite-form';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { Dialog, DialogActions } from '#ui/dialog';
import { Form } from '#ui/form';
import { Modal } from '#ui/modal';
import { Radio, RadioGroup } from '#ui/radio-group';
import { TextField } from '#ui/text-field';
import { requestDeletion } from '../api.ts';

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
 * "Delete my account": the retention dialog first (spec section 5: an option is required, and a
 * reason when Other is chosen), then the confirmation email (spec section 4: confirmed within
 * 24 hours). Nothing is deleted here; the emailed link's page asks once more.
 */
export function DeleteAccount({ email }: { email: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const form = useSuiteForm(deletionSuite, { option: '', reason: '' }, async ({ option, reason }) => {
    await requestDeletion({ option: option as DeletionOption, ...(option === 'Other' ? { reason: reason.trim() } : {}) });
    setSent(true);
  });
  const close = () => {
    setOpen(false);
    if (sent) {
      setSent(false);
      form.reset({ option: '', reason: '' });
    }
  };
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-neutral-700">{t('account.delete.intro', { hours: EMAIL_LINK_VALID_HOURS.delete })}</p>
      <Button variant="destructive" onPress={() => setOpen(true)}>
        {t('account.delete.open')}
      </Button>
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
    </div>
  );
}

import { useState } from 'react';
import { DETAIN_OPTIONS } from '#domain/rules/detain-rules';
import { mainApi } from '#lib/api/client';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { lazySuite, useSuiteForm } from '#lib/forms/use-suite-form';
import { Button } from '#ui/button';
import { Dialog, DialogActions } from '#ui/dialog';
import { Form } from '#ui/form';
import { Modal } from '#ui/modal';
import { Radio, RadioGroup } from '#ui/radio-group';
import { TextField } from '#ui/text-field';

const detainSuites = () => import('#domain/rules/detain-suites');
const detainSuite = lazySuite(async () => (await detainSuites()).detainSuite);

/** The words of each option; the option itself is what the server stores (spec section 5). */
const OPTION_LABEL: Record<(typeof DETAIN_OPTIONS)[number], MessageKey> = {
  'The price is too high': 'quote.retention.option.price',
  'The lead time is too long': 'quote.retention.option.leadTime',
  'The material or finish I need is missing': 'quote.retention.option.missing',
  'I am just comparing prices': 'quote.retention.option.comparing',
  Other: 'quote.retention.option.other',
};

/**
 * The retention dialog (spec sections 5 and 7): why is the visitor leaving quoted parts behind?
 * An option is required, and a reason when Other is chosen; the answer goes to `tools/detain`.
 * "No thanks" or Escape closes it: leaving is never blocked.
 */
export function RetentionDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [sent, setSent] = useState(false);
  const t = useT();
  const form = useSuiteForm(detainSuite, { option: '', reason: '' }, async ({ option, reason }) => {
    await mainApi('tools/detain', { method: 'POST', body: { option, ...(option === 'Other' ? { reason: reason.trim() } : {}) }, quiet: true });
    setSent(true);
  });
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <Dialog title={sent ? t('quote.retention.thanksTitle') : t('quote.retention.title')}>
        {sent ? (
          <>
            <p role="status">{t('quote.retention.thanks')}</p>
            <DialogActions>
              <Button onPress={onClose}>{t('common.close')}</Button>
            </DialogActions>
          </>
        ) : (
          <Form onSubmit={form.onSubmit} aria-label={t('quote.retention.form')}>
            {form.formError && <p role="alert" className="text-danger-700">{form.formError}</p>}
            <RadioGroup
              label={t('quote.retention.reason')}
              isRequired
              value={form.values.option || null}
              onChange={(v) => form.setValue('option', v)}
              isInvalid={!!form.errors.option}
              errorMessage={form.errors.option?.join(' ')}
            >
              {DETAIN_OPTIONS.map((o) => (
                <Radio key={o} value={o}>
                  {t(OPTION_LABEL[o])}
                </Radio>
              ))}
            </RadioGroup>
            {form.values.option === 'Other' && <TextField {...form.field('reason')} label={t('quote.retention.more')} isRequired isMultiline />}
            <DialogActions>
              <Button variant="secondary" onPress={onClose}>
                {t('quote.retention.noThanks')}
              </Button>
              <Button type="submit" isPending={form.isSubmitting}>
                {t('quote.retention.send')}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Dialog>
    </Modal>
  );
}

import { useState } from 'react';
import { CONTACT_MESSAGE_MAX, CONTACT_REPLY_HOURS } from '#domain/rules/account-rules';
import { lazySuite, useSuiteForm } from '#lib/forms/use-suite-form';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { Form } from '#ui/form';
import { TextField } from '#ui/text-field';
import { contactUs } from '../api.ts';

const accountSuites = () => import('#domain/rules/account-suites');
const contactUsSuite = lazySuite(async () => (await accountSuites()).contactUsSuite);

export interface ContactFormProps {
  /** Filled in for a signed-in customer. */
  name?: string;
  email?: string;
  /** The order the message is about, when the page was opened from one. */
  orderNumber?: string;
}

/**
 * Contact us (`account/contactUs`): subject, message (bounded, with what is left shown), an optional
 * order number; replies promised within 24 hours (spec section 9). The server limits how often one
 * address may write; its refusal is shown as it says it.
 */
export function ContactForm({ name = '', email = '', orderNumber = '' }: ContactFormProps) {
  const t = useT();
  const format = useFormat();
  const [thanks, setThanks] = useState<string | null>(null);
  const form = useSuiteForm(contactUsSuite, { name, email, subject: '', orderNumber, message: '' }, async (values) => {
    const answer = await contactUs({
      name: values.name.trim(),
      email: values.email.trim(),
      subject: values.subject.trim(),
      message: values.message.trim(),
      ...(values.orderNumber.trim() ? { orderNumber: values.orderNumber.trim() } : {}),
    });
    setThanks(answer.message ?? t('account.contact.thanks', { hours: CONTACT_REPLY_HOURS }));
  });

  if (thanks) {
    return (
      <div role="status" className="flex flex-col gap-3 rounded-control border border-success-600 bg-success-50 px-4 py-3 text-success-700 forced-colors:border-[CanvasText]">
        <p className="font-medium">{thanks}</p>
        <p>
          <Button
            variant="secondary"
            onPress={() => {
              form.reset({ name: form.values.name, email: form.values.email, subject: '', orderNumber: '', message: '' });
              setThanks(null);
            }}
          >
            {t('account.contact.another')}
          </Button>
        </p>
      </div>
    );
  }
  const used = [...form.values.message].length;
  return (
    <Form onSubmit={form.onSubmit} aria-label={t('account.contact.form')} className="grid gap-4 sm:grid-cols-2">
      <p className="text-neutral-700 sm:col-span-2">{t('account.contact.intro', { hours: CONTACT_REPLY_HOURS })}</p>
      {form.formError && (
        <p role="alert" className="rounded-control border border-danger-600 bg-danger-50 px-4 py-3 text-danger-700 sm:col-span-2">
          {form.formError}
        </p>
      )}
      <TextField {...form.field('name')} label={t('account.contact.name')} autoComplete="name" isRequired />
      <TextField {...form.field('email')} label={t('account.contact.email')} type="email" autoComplete="email" isRequired />
      <TextField {...form.field('subject')} label={t('account.contact.subject')} isRequired />
      <TextField {...form.field('orderNumber')} label={t('account.contact.orderNumber')} description={t('account.contact.orderNumberHint')} />
      <TextField
        {...form.field('message')}
        label={t('account.contact.message')}
        description={t('account.contact.count', { used: format.number(used), max: format.number(CONTACT_MESSAGE_MAX) })}
        isMultiline
        rows={6}
        isRequired
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <Button type="submit" isPending={form.isSubmitting}>
          {t('account.contact.send')}
        </Button>
      </div>
    </Form>
  );
}

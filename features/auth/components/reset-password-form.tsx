import { useState } from 'react';
import { EMAIL_LINK_VALID_HOURS, PASSWORD_MIN } from '#domain/rules/account-rules';
import { lazySuite, useSuiteForm } from '#lib/forms/use-suite-form';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { Form } from '#ui/form';
import { Link } from '#ui/link';
import { PasswordField } from '#ui/password-field';
import { TextField } from '#ui/text-field';
import { resetPassword, sendPasswordReset } from '../api.ts';
import { FormAlert } from './form-alert.tsx';

const accountSuites = () => import('#domain/rules/account-suites');
const emailOnlySuite = lazySuite(async () => (await accountSuites()).emailOnlySuite);
const passwordResetSuite = lazySuite(async () => (await accountSuites()).passwordResetSuite);

/**
 * Reset Password in two steps: send the verification code to the email, then the code and the new
 * password twice. Opening the emailed link (`?key=`) goes straight to the second step.
 */
export function ResetPasswordForm({ emailedKey }: { emailedKey?: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const t = useT();
  if (done) {
    return (
      <FormAlert tone="success">
        <p>{t('auth.reset.done')}</p>
        <p className="mt-2">
          <Link href="/login">{t('auth.reset.logIn')}</Link>
        </p>
      </FormAlert>
    );
  }
  if (sentTo === null && !emailedKey) return <SendCode onSent={setSentTo} />;
  return <NewPassword emailedKey={emailedKey ?? ''} sentTo={sentTo} onDone={() => setDone(true)} />;
}

function SendCode({ onSent }: { onSent: (email: string) => void }) {
  const form = useSuiteForm(emailOnlySuite, { email: '' }, async ({ email }) => {
    await sendPasswordReset(email.trim());
    onSent(email.trim());
  });
  const t = useT();
  return (
    <Form onSubmit={form.onSubmit} aria-label={t('auth.reset.sendForm')}>
      <p className="text-neutral-600">{t('auth.reset.sendIntro')}</p>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <TextField {...form.field('email')} label={t('auth.email')} type="email" autoComplete="email" isRequired />
      <Button type="submit" isPending={form.isSubmitting}>
        {t('auth.reset.send')}
      </Button>
      <p>
        <Link href="/login">{t('auth.reset.backToLogIn')}</Link>
      </p>
    </Form>
  );
}

function NewPassword({ emailedKey, sentTo, onDone }: { emailedKey: string; sentTo: string | null; onDone: () => void }) {
  const form = useSuiteForm(passwordResetSuite, { key: emailedKey, password: '', confirmPassword: '' }, async (values) => {
    await resetPassword({ key: values.key.trim(), password: values.password, confirmPassword: values.confirmPassword });
    onDone();
  });
  const t = useT();
  return (
    <Form onSubmit={form.onSubmit} aria-label={t('auth.reset.newForm')}>
      {sentTo && (
        <FormAlert tone="success">
          {t.rich('auth.reset.sent', { email: sentTo, hours: EMAIL_LINK_VALID_HOURS.reset, strong: (chunks) => <strong>{chunks}</strong> })}
        </FormAlert>
      )}
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <TextField {...form.field('key')} label={t('auth.reset.code')} autoComplete="one-time-code" isRequired />
      <PasswordField {...form.field('password')} label={t('auth.reset.newPassword')} showLabel={t('common.showPassword')} autoComplete="new-password" description={t('auth.passwordHint', { min: PASSWORD_MIN })} isRequired />
      <PasswordField {...form.field('confirmPassword')} label={t('auth.reset.confirmPassword')} showLabel={t('common.showPassword')} autoComplete="new-password" isRequired />
      <Button type="submit" isPending={form.isSubmitting}>
        {t('auth.reset.submit')}
      </Button>
    </Form>
  );
}

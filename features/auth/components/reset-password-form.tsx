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
 * Reset Password by the emailed link: ask for the link with the email, then, from the link
 * (`?key=`), choose the new password twice. The key travels in the link: nobody types it.
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
  if (emailedKey) return <NewPassword emailedKey={emailedKey} onDone={() => setDone(true)} />;
  if (sentTo !== null) return <LinkSent email={sentTo} onAgain={() => setSentTo(null)} />;
  return <SendLink onSent={setSentTo} />;
}

function SendLink({ onSent }: { onSent: (email: string) => void }) {
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

/** The link is on its way: where to look, for how long it works, and a way to ask again. */
function LinkSent({ email, onAgain }: { email: string; onAgain: () => void }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      <FormAlert tone="success">
        <p className="font-semibold">{t('auth.reset.sentTitle')}</p>
        <p>{t.rich('auth.reset.sent', { email, hours: EMAIL_LINK_VALID_HOURS.reset, strong: (chunks) => <strong>{chunks}</strong> })}</p>
      </FormAlert>
      <div className="flex flex-wrap items-center gap-4">
        <Button variant="secondary" onPress={onAgain}>
          {t('auth.reset.again')}
        </Button>
        <Link href="/login">{t('auth.reset.backToLogIn')}</Link>
      </div>
    </div>
  );
}

function NewPassword({ emailedKey, onDone }: { emailedKey: string; onDone: () => void }) {
  const form = useSuiteForm(passwordResetSuite, { key: emailedKey, password: '', confirmPassword: '' }, async (values) => {
    await resetPassword({ key: values.key.trim(), password: values.password, confirmPassword: values.confirmPassword });
    onDone();
  });
  const t = useT();
  // The key is not a field: what the server says of it (used, expired) is the form's message.
  const refused = form.formError ?? form.errors.key?.join(' ') ?? null;
  return (
    <Form onSubmit={form.onSubmit} aria-label={t('auth.reset.newForm')}>
      <p className="text-neutral-600">{t('auth.reset.newIntro')}</p>
      {refused && (
        <FormAlert>
          <p>{refused}</p>
          {/* A link that expired or was used: a new one is one step away. */}
          <p className="mt-2">
            <Link href="/reset-password">{t('auth.reset.newLink')}</Link>
          </p>
        </FormAlert>
      )}
      <PasswordField {...form.field('password')} label={t('auth.reset.newPassword')} showLabel={t('common.showPassword')} autoComplete="new-password" description={t('auth.passwordHint', { min: PASSWORD_MIN })} isRequired />
      <PasswordField {...form.field('confirmPassword')} label={t('auth.reset.confirmPassword')} showLabel={t('common.showPassword')} autoComplete="new-password" isRequired />
      <Button type="submit" isPending={form.isSubmitting}>
        {t('auth.reset.submit')}
      </Button>
    </Form>
  );
}

import { useState } from 'react';
import { PASSWORD_MIN } from '#domain/rules/account-rules';
import { lazySuite, useSuiteForm } from '#lib/forms/use-suite-form';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { Form } from '#ui/form';
import { Link } from '#ui/link';
import { PasswordField } from '#ui/password-field';
import { changePassword } from '../api.ts';

const accountSuites = () => import('#domain/rules/account-suites');
const passwordChangeSuite = lazySuite(async () => (await accountSuites()).passwordChangeSuite);

const EMPTY = { oldPassword: '', password: '', confirmPassword: '' };

/**
 * Change Password (`PATCH account/password/reset` with the current password): the new one at least
 * six characters and typed twice ("Passwords must match"). Every other session of the account is
 * signed out by the server; this one stays.
 */
export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const t = useT();
  // Each change empties the fields: a fresh form after every success.
  const [changes, setChanges] = useState(0);
  if (!hasPassword) {
    // An account made through quick login has no password yet: the emailed reset sets one.
    return <p>{t.rich('account.password.none', { link: (chunks) => <Link href="/reset-password">{chunks}</Link> })}</p>;
  }
  return <PasswordFields key={changes} changed={changes > 0} onChanged={() => setChanges((n) => n + 1)} />;
}

function PasswordFields({ changed, onChanged }: { changed: boolean; onChanged: () => void }) {
  const t = useT();
  const form = useSuiteForm(passwordChangeSuite, EMPTY, async (values) => {
    await changePassword({ oldPassword: values.oldPassword, password: values.password, confirmPassword: values.confirmPassword });
    onChanged();
  });
  return (
    <Form onSubmit={form.onSubmit} aria-label={t('account.password.form')} className="flex max-w-md flex-col gap-4">
      {form.formError && (
        <p role="alert" className="rounded-control border border-danger-600 bg-danger-50 px-4 py-3 text-danger-700">
          {form.formError}
        </p>
      )}
      <PasswordField {...form.field('oldPassword')} label={t('account.password.current')} showLabel={t('common.showPassword')} autoComplete="current-password" isRequired />
      <PasswordField
        {...form.field('password')}
        label={t('account.password.new')}
        showLabel={t('common.showPassword')}
        description={t('auth.passwordHint', { min: PASSWORD_MIN })}
        autoComplete="new-password"
        isRequired
      />
      <PasswordField {...form.field('confirmPassword')} label={t('account.password.confirm')} showLabel={t('common.showPassword')} autoComplete="new-password" isRequired />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" isPending={form.isSubmitting}>
          {t('account.password.submit')}
        </Button>
      </div>
      <p role="status" className="text-success-700">
        {changed && !form.isSubmitting ? t('account.password.done') : ''}
      </p>
    </Form>
  );
}

import { useState } from 'react';
import { FetchError } from 'ofetch';
import { lazySuite, useSuiteForm } from '#lib/forms/use-suite-form';
import { useT } from '#lib/i18n/i18n';
import { useSessionActor } from '#machines/session-context';
import { Button } from '#ui/button';
import { Form } from '#ui/form';
import { Link } from '#ui/link';
import { PasswordField } from '#ui/password-field';
import { TextField } from '#ui/text-field';
import { login, resendActivation } from '../api.ts';
import { FormAlert } from './form-alert.tsx';

const accountSuites = () => import('#domain/rules/account-suites');
const loginSuite = lazySuite(async () => (await accountSuites()).loginSuite);

export interface LoginFormProps {
  /** Called once the session holds the new token (e.g. to close the sign-in dialog). */
  onSignedIn?: () => void;
  /** Shown in place of the default success feedback (the toast region announces it). */
  onMessage?: (message: string) => void;
}

/** Log In: email and password, checked by the shared login rules as the user types and by the server. */
export function LoginForm({ onSignedIn, onMessage }: LoginFormProps) {
  const session = useSessionActor();
  const t = useT();
  const [unactivated, setUnactivated] = useState(false);
  const [resent, setResent] = useState<string | null>(null);
  const form = useSuiteForm(loginSuite, { email: '', password: '' }, async (values) => {
    setUnactivated(false);
    setResent(null);
    try {
      const { accessToken, expiresIn } = await login({ email: values.email.trim(), password: values.password });
      session.send({ type: 'login.succeeded', accessToken, expiresIn });
      onMessage?.(t('success.signIn'));
      onSignedIn?.();
    } catch (error) {
      if (error instanceof FetchError && error.statusCode === 403) setUnactivated(true);
      throw error;
    }
  });

  return (
    <Form onSubmit={form.onSubmit} aria-label={t('auth.login.form')}>
      {form.formError && (
        <FormAlert>
          <p>{form.formError}</p>
          {unactivated && (
            <Button
              variant="secondary"
              className="mt-2"
              onPress={() =>
                resendActivation(form.values.email.trim()).then(
                  (r) => setResent(r.message ?? t('auth.activation.resent')),
                  () => setResent(t('auth.activation.resendFailed')),
                )
              }
            >
              {t('auth.activation.resend')}
            </Button>
          )}
        </FormAlert>
      )}
      {resent && <FormAlert tone="success">{resent}</FormAlert>}
      <TextField {...form.field('email')} label={t('auth.email')} type="email" autoComplete="email" isRequired />
      <PasswordField {...form.field('password')} label={t('auth.password')} showLabel={t('common.showPassword')} autoComplete="current-password" isRequired />
      <div className="flex items-center justify-between gap-4">
        <Link href="/reset-password">{t('auth.login.forgot')}</Link>
        <Button type="submit" isPending={form.isSubmitting}>
          {t('auth.login.submit')}
        </Button>
      </div>
      <p className="text-neutral-600">{t.rich('auth.login.newHere', { link: (chunks) => <Link href="/signup">{chunks}</Link> })}</p>
    </Form>
  );
}

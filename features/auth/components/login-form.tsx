import { Suspense, useState } from 'react';
import { FetchError } from 'ofetch';
import { lazySuite, serverFieldErrors, useSuiteForm } from '#lib/forms/use-suite-form';
import { useT } from '#lib/i18n/i18n';
import { lazyComponent } from '#lib/lazy-component';
import { storageBlocked } from '#lib/storage/storage';
import { useSessionActor } from '#machines/session-context';
import { Button } from '#ui/button';
import { Form } from '#ui/form';
import { Link } from '#ui/link';
import { PasswordField } from '#ui/password-field';
import { TextField } from '#ui/text-field';
import { login, resendActivation } from '../api.ts';
import { FormAlert } from './form-alert.tsx';

const accountSuites = () => import('#domain/rules/account-suites');
// Asked for by the server only after a submit (ADR 153): its code (and the proof of work's) is
// fetched then, not with the log-in page (ADR 259).
const CaptchaField = lazyComponent(async () => (await import('./captcha-field.tsx')).CaptchaField);
const loginSuite = lazySuite(async () => (await accountSuites()).loginSuite);

export interface LoginFormProps {
  /** Called once the session holds the new token (e.g. to close the sign-in dialog). */
  onSignedIn?: () => void;
  /** Shown in place of the default success feedback (the toast region announces it). */
  onMessage?: (message: string) => void;
}

/**
 * Log In: email and password, checked by the shared login rules as the user types and by the server.
 * When the account has had many sign-in attempts, the server asks for the captcha (or its proof of
 * work) with the next one (ADR 153): the form then shows it, says why in its alert, and sends it
 * with every attempt; each attempt uses one up, so a refused one brings a new one.
 */
export function LoginForm({ onSignedIn, onMessage }: LoginFormProps) {
  const session = useSessionActor();
  const t = useT();
  const [unactivated, setUnactivated] = useState(false);
  const [resent, setResent] = useState<string | null>(null);
  const [challenged, setChallenged] = useState(false);
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  // The server's word on a refused captcha ("The CAPTCHA is wrong…"), kept while the new one has no answer yet.
  const [captchaRefusal, setCaptchaRefusal] = useState<string | null>(null);
  // Why the check appeared (the server's words), in the form's alert until the next attempt.
  const [challengeNotice, setChallengeNotice] = useState<string | null>(null);
  const form = useSuiteForm(loginSuite, { email: '', password: '', captchaId: '', captchaCode: '' }, async (values) => {
    setUnactivated(false);
    setResent(null);
    setChallengeNotice(null);
    try {
      const captcha = challenged && values.captchaId ? { captchaId: values.captchaId, captchaCode: values.captchaCode.trim() } : {};
      const { accessToken, expiresIn } = await login({ email: values.email.trim(), password: values.password, ...captcha });
      session.send({ type: 'login.succeeded', accessToken, expiresIn });
      onMessage?.(t('success.signIn'));
      onSignedIn?.();
    } catch (error) {
      if (error instanceof FetchError && error.statusCode === 403) setUnactivated(true);
      const captchaMessage = serverFieldErrors(error)?.captchaCode?.[0] ?? null;
      if (challenged) {
        setCaptchaRefusal(captchaMessage);
        setCaptchaGeneration((n) => n + 1);
      } else if (captchaMessage) {
        // Asked for the first time: the alert says why, and the check appears under the password.
        setChallenged(true);
        setChallengeNotice(captchaMessage);
      }
      throw error;
    }
  });

  return (
    <Form onSubmit={form.onSubmit} aria-label={t('auth.login.form')}>
      {(form.formError ?? challengeNotice) && (
        <FormAlert>
          <p>{form.formError ?? challengeNotice}</p>
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
      {challenged && (
        <Suspense
          fallback={
            <p role="status" className="text-caption text-neutral-600">
              {t('common.loading')}
            </p>
          }
        >
          <CaptchaField
            purpose="signIn"
            generation={captchaGeneration}
            value={form.values.captchaCode}
            onChange={(code) => {
              form.setValue('captchaCode', code);
              if (code !== '') setCaptchaRefusal(null);
            }}
            onCaptchaId={(id) => form.setValue('captchaId', id)}
            errorMessage={captchaRefusal ?? undefined}
          />
        </Suspense>
      )}
      <div className="flex items-center justify-between gap-4">
        <Link href="/reset-password">{t('auth.login.forgot')}</Link>
        <Button type="submit" isPending={form.isSubmitting}>
          {t('auth.login.submit')}
        </Button>
      </div>
      {storageBlocked && <p className="text-caption text-neutral-700">{t('auth.login.storageBlocked')}</p>}
      <p className="text-neutral-600">{t.rich('auth.login.newHere', { link: (chunks) => <Link href="/signup">{chunks}</Link> })}</p>
    </Form>
  );
}

import { useState, type FormEvent } from 'react';
import type { StaffSession } from '#domain/api/ops';
import { errorMessage } from '#lib/api/error-message';
import { serverFieldErrors } from '#lib/forms/use-suite-form';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { Form } from '#ui/form';
import { PasswordField } from '#ui/password-field';
import { TextField } from '#ui/text-field';
import { staffSecondFactor, staffSignIn } from '../api.ts';

export interface StaffSignInProps {
  onSignedIn: (session: StaffSession) => void;
  /** The last session ended by itself (expired or revoked): said above the form. */
  expired?: boolean;
}

/**
 * The staff sign-in (issue 38, ADR 191): email and password, then the authenticator app's code or a
 * recovery code. Each step says what went wrong in an alert; the second step starts again when its
 * five minutes are over.
 */
export function StaffSignIn({ onSignedIn, expired = false }: StaffSignInProps) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setChallenge((await staffSignIn(email.trim(), password)).challenge);
      setPassword('');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!challenge) return;
    setBusy(true);
    setError(null);
    setCodeError(null);
    try {
      onSignedIn(await staffSecondFactor(challenge, code.trim()));
    } catch (e) {
      const field = serverFieldErrors(e)?.code;
      if (field) setCodeError(Array.isArray(field) ? (field[0] ?? null) : field);
      else {
        // The five minutes are over (or the account changed): back to the first step, saying why.
        setChallenge(null);
        setCode('');
        setError(errorMessage(e));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4">
      <h1 className="text-headline text-neutral-900">{t('ops.signIn.title')}</h1>
      <p className="text-neutral-700">{t('ops.signIn.intro')}</p>
      {expired && !error && (
        <p role="status" className="rounded-control border border-neutral-300 bg-neutral-50 px-4 py-3">
          {t('ops.signIn.expired')}
        </p>
      )}
      {error && (
        <div role="alert" className="rounded-control border border-danger-600 bg-danger-50 px-4 py-3 text-danger-700 forced-colors:border-[CanvasText]">
          {error}
        </div>
      )}
      {challenge === null ? (
        <Form onSubmit={submitPassword} aria-label={t('ops.signIn.passwordStep')}>
          <TextField label={t('auth.email')} type="email" autoComplete="username" value={email} onChange={setEmail} isRequired />
          <PasswordField label={t('auth.password')} showLabel={t('common.showPassword')} autoComplete="current-password" value={password} onChange={setPassword} isRequired />
          <Button type="submit" isPending={busy} className="self-end">
            {t('ops.signIn.continue')}
          </Button>
        </Form>
      ) : (
        <Form onSubmit={submitCode} aria-label={t('ops.signIn.codeStep')}>
          <TextField
            label={t('ops.signIn.code')}
            description={t('ops.signIn.codeHint')}
            autoComplete="one-time-code"
            inputMode="text"
            value={code}
            onChange={(value) => {
              setCode(value);
              setCodeError(null);
            }}
            errorMessage={codeError ?? undefined}
            isInvalid={codeError !== null}
            isRequired
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the step's only field, just asked for
            autoFocus
          />
          <div className="flex justify-between gap-2">
            <Button
              variant="secondary"
              onPress={() => {
                setChallenge(null);
                setCode('');
                setCodeError(null);
              }}
            >
              {t('ops.signIn.startAgain')}
            </Button>
            <Button type="submit" isPending={busy}>
              {t('ops.signIn.submit')}
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}

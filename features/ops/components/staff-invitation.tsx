import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { errorMessage } from '#lib/api/error-message';
import { serverFieldErrors } from '#lib/forms/use-suite-form';
import { useT } from '#lib/i18n/i18n';
import { asyncState } from '#lib/query-state';
import { Button } from '#ui/button';
import { CopyButton } from '#ui/copy-button';
import { Form } from '#ui/form';
import { Link } from '#ui/link';
import { PasswordField } from '#ui/password-field';
import { QrCode } from '#ui/qr-code';
import { TextField } from '#ui/text-field';
import { acceptInvitation, invitationQuery } from '../staff-api.ts';
import { ROLE_KEYS } from '../ops-words.ts';
import { StaffRecoveryCodes } from './staff-recovery-codes.tsx';

/** The fields the server names in its refusals. */
const FIELD_PASSWORD = 'password';
const FIELD_CODE = 'code';

function Alert({ children }: { children: string }) {
  return (
    <div role="alert" className="rounded-control border border-danger-600 bg-danger-50 px-4 py-3 text-danger-700 forced-colors:border-[CanvasText]">
      {children}
    </div>
  );
}

/**
 * The invitation's page (issue 38 item 1, ADR 223), opened from the mailed link: the key to add to
 * the authenticator app (scanned as a QR code, typed, or its otpauth:// link opened on the phone), then a password and the
 * app's first code, which proves the key was added; then the recovery codes, once.
 */
export function StaffInvitation({ invitationKey, signInHref = '/ops' }: { invitationKey: string | null; signInHref?: string }) {
  const t = useT();
  const invitation = asyncState(useQuery({ ...invitationQuery(invitationKey ?? ''), enabled: invitationKey !== null }));
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const accept = useMutation({ mutationFn: () => acceptInvitation({ key: invitationKey ?? '', password, code: code.trim() }) });
  const fields = accept.error ? (serverFieldErrors(accept.error) ?? {}) : {};
  const fieldError = (name: string) => {
    const value = (fields as Record<string, string | string[] | undefined>)[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate();
  };

  const body = (() => {
    if (invitationKey === null) return <Alert>{t('opsStaff.accept.noKey')}</Alert>;
    if (invitation.status === 'loading')
      return (
        <p role="status" className="text-neutral-600">
          {t('common.loading')}
        </p>
      );
    if (invitation.status === 'error') return <Alert>{errorMessage(invitation.error)}</Alert>;
    const inv = invitation.data;
    if (accept.data)
      return (
        <>
          <p role="status" className="rounded-control border border-success-600 bg-success-50 px-4 py-3 text-success-700">
            {t('opsStaff.accept.done')}
          </p>
          <StaffRecoveryCodes codes={accept.data.recoveryCodes} />
          <Link href={signInHref} className="self-start">
            {t('opsStaff.accept.signIn')}
          </Link>
        </>
      );
    return (
      <>
        <p className="text-neutral-700">{t('opsStaff.accept.intro', { role: t(ROLE_KEYS[inv.role]), name: inv.name, email: inv.email })}</p>
        <section aria-labelledby="staff-invitation-app" className="flex flex-col gap-2">
          <h2 id="staff-invitation-app" className="text-title text-neutral-900">
            {t('opsStaff.accept.step1')}
          </h2>
          <p className="text-neutral-700">{t('opsStaff.accept.secretHint')}</p>
          <QrCode value={inv.totpUri} label={t('opsStaff.accept.qrLabel')} />
          <p>
            <span className="text-neutral-700">{t('opsStaff.accept.secret')}: </span>
            <code className="break-all font-mono text-neutral-900">{inv.totpSecret}</code>
          </p>
          <div className="flex flex-wrap gap-3">
            <CopyButton value={inv.totpSecret} label={t('opsStaff.accept.copy')} copiedLabel={t('opsStaff.accept.copied')} failedMessage={t('opsStaff.accept.copyFailed')} />
            <Link href={inv.totpUri}>{t('opsStaff.accept.openInApp')}</Link>
          </div>
        </section>
        <section aria-labelledby="staff-invitation-form" className="flex flex-col gap-2">
          <h2 id="staff-invitation-form" className="text-title text-neutral-900">
            {t('opsStaff.accept.step2')}
          </h2>
          {accept.error && Object.keys(fields).length === 0 && <Alert>{errorMessage(accept.error)}</Alert>}
          <Form onSubmit={submit} aria-label={t('opsStaff.accept.form')}>
            <TextField label={t('auth.email')} type="email" autoComplete="username" value={inv.email} isReadOnly />
            <PasswordField
              label={t('opsStaff.accept.password')}
              description={t('opsStaff.accept.passwordHint')}
              showLabel={t('common.showPassword')}
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
              errorMessage={fieldError(FIELD_PASSWORD)}
              isInvalid={fieldError(FIELD_PASSWORD) !== undefined}
              isRequired
            />
            <TextField
              label={t('opsStaff.accept.code')}
              description={t('opsStaff.accept.codeHint')}
              autoComplete="one-time-code"
              inputMode="numeric"
              value={code}
              onChange={setCode}
              errorMessage={fieldError(FIELD_CODE)}
              isInvalid={fieldError(FIELD_CODE) !== undefined}
              isRequired
            />
            <Button type="submit" isPending={accept.isPending} className="self-end">
              {t('opsStaff.accept.submit')}
            </Button>
          </Form>
        </section>
      </>
    );
  })();

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4">
      <h1 className="text-headline text-neutral-900">{t('opsStaff.accept.title')}</h1>
      {body}
    </div>
  );
}

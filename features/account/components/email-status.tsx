import { useState } from 'react';
import { errorMessage } from '#lib/api/error-message';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { StatusBadge } from '#ui/status-badge';
import { resendActivation } from '../api.ts';

/** "Send the activation email again" (`account/activeEmail`), with what happened said politely. */
function ResendActivation({ email }: { email: string }) {
  const t = useT();
  const [state, setState] = useState<{ status: 'idle' | 'sending' } | { status: 'done' | 'failed'; message: string }>({ status: 'idle' });
  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        variant="secondary"
        isPending={state.status === 'sending'}
        onPress={() => {
          setState({ status: 'sending' });
          resendActivation(email).then(
            (answer) => setState({ status: 'done', message: answer.message ?? t('account.email.resent') }),
            (error: unknown) => setState({ status: 'failed', message: errorMessage(error) }),
          );
        }}
      >
        {t('account.email.resend')}
      </Button>
      <p role="status" className={state.status === 'failed' ? 'text-danger-700' : 'text-neutral-700'}>
        {state.status === 'done' || state.status === 'failed' ? state.message : ''}
      </p>
    </div>
  );
}

/** On the home page while the email waits for activation. */
export function ActivationReminder({ email }: { email: string }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-2 rounded-control border border-warning-600 bg-warning-50 px-4 py-3 forced-colors:border-[CanvasText]">
      <p>{t.rich('account.email.waiting', { email, strong: (chunks) => <strong>{chunks}</strong> })}</p>
      <ResendActivation email={email} />
    </div>
  );
}

/** The profile's email: the address, whether it is activated, and the resend action while it is not. */
export function EmailStatus({ email, activationEmail }: { email: string; activationEmail: string | null }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-3">
      <dl className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <dt className="sr-only">{t('account.email.address')}</dt>
        <dd className="min-w-0 font-medium break-all">{email}</dd>
        <dt className="sr-only">{t('account.email.state')}</dt>
        <dd>
          {activationEmail ? (
            <StatusBadge tone="warning">{t('account.email.notActivated')}</StatusBadge>
          ) : (
            <StatusBadge tone="success">{t('account.email.activated')}</StatusBadge>
          )}
        </dd>
      </dl>
      {activationEmail && (
        <>
          <p className="text-neutral-700">{t('account.email.notActivatedBody')}</p>
          <ResendActivation email={activationEmail} />
        </>
      )}
    </div>
  );
}

import { useEffect, useState } from 'react';
import { ACCOUNT_MESSAGES, EMAIL_LINK_VALID_HOURS } from '#domain/rules/account-rules';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { isSignedIn, useSession, useSessionActor } from '#machines/session-context';
import { Button } from '#ui/button';
import { Link } from '#ui/link';
import { checkAccountDeletion, confirmAccountDeletion } from '../api.ts';
import { FormAlert } from './form-alert.tsx';

/** `/clearToken`: signs the visitor out here and on the server. */
export function LogOutPanel() {
  const session = useSessionActor();
  const signedIn = useSession(isSignedIn);
  const signingOut = useSession((s) => s.matches('signingOut'));
  const t = useT();
  useEffect(() => {
    if (signedIn) session.send({ type: 'logout' });
  }, [signedIn, session]);
  if (signedIn || signingOut) {
    return (
      <p role="status" className="text-neutral-600">
        {t('auth.logOut.working')}
      </p>
    );
  }
  return (
    <FormAlert tone="success">
      <p>{t('auth.logOut.done')}</p>
      <p className="mt-2">
        {t.rich('auth.logOut.next', {
          login: (chunks) => <Link href="/login">{chunks}</Link>,
          quote: (chunks) => <Link href="/quote">{chunks}</Link>,
        })}
      </p>
    </FormAlert>
  );
}

type DeletionState =
  | { status: 'checking' }
  | { status: 'ready'; expiresAt: string }
  | { status: 'deleting'; expiresAt: string }
  | { status: 'deleted' }
  | { status: 'failed'; message: string };

/**
 * `/account-delete?key=…`: the landing of the deletion email. Opening it deletes nothing (mail
 * scanners open links): it checks the link, says until when it works (24 hours from the request),
 * and asks for a press of the button. Deleting revokes every session on the server and signs out
 * here. A used or expired link says so.
 */
export function AccountDeletionPanel({ deletionKey }: { deletionKey: string | null }) {
  const session = useSessionActor();
  const t = useT();
  const format = useFormat();
  const [state, setState] = useState<DeletionState>(deletionKey ? { status: 'checking' } : { status: 'failed', message: ACCOUNT_MESSAGES.keyRequired });
  useEffect(() => {
    if (!deletionKey) return;
    let current = true;
    checkAccountDeletion(deletionKey).then(
      (answer) => {
        if (!current) return;
        if (answer.state === 'valid' && answer.expiresAt) setState({ status: 'ready', expiresAt: answer.expiresAt });
        else setState({ status: 'failed', message: answer.message ?? t('error.generic') });
      },
      (error: unknown) => current && setState({ status: 'failed', message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [deletionKey, t]);

  if (state.status === 'checking') {
    return (
      <p role="status" className="text-neutral-600">
        {t('auth.deletion.checking')}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <FormAlert>
        <p>{state.message}</p>
        <p className="mt-2">{t.rich('auth.deletion.again', { link: (chunks) => <Link href="/user/account/profile">{chunks}</Link> })}</p>
      </FormAlert>
    );
  }
  if (state.status === 'deleted') {
    return (
      <FormAlert tone="success">
        <p>{t('auth.deletion.done')}</p>
        <p className="mt-2">
          <Link href="/quote">{t('auth.deletion.back')}</Link>
        </p>
      </FormAlert>
    );
  }
  const confirm = (expiresAt: string) => {
    if (!deletionKey) return;
    setState({ status: 'deleting', expiresAt });
    confirmAccountDeletion(deletionKey).then(
      () => {
        setState({ status: 'deleted' });
        session.send({ type: 'logout' });
      },
      (error: unknown) => setState({ status: 'failed', message: errorMessage(error) }),
    );
  };
  return (
    <div className="flex flex-col gap-4">
      <p>{t('auth.deletion.ask')}</p>
      <ul className="list-disc pl-6 text-neutral-700">
        <li>{t('auth.deletion.whatGoes')}</li>
        <li>{t('auth.deletion.whatStays')}</li>
        <li>{t('auth.deletion.signOut')}</li>
      </ul>
      <p className="text-neutral-700">{t('auth.deletion.window', { hours: EMAIL_LINK_VALID_HOURS.delete, until: format.dateTime(state.expiresAt) })}</p>
      <div className="flex flex-wrap gap-3">
        <Button variant="destructive" isPending={state.status === 'deleting'} onPress={() => confirm(state.expiresAt)}>
          {t('auth.deletion.confirm')}
        </Button>
        <Link href="/quote" variant="secondary">
          {t('auth.deletion.keep')}
        </Link>
      </div>
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { ACCOUNT_MESSAGES } from '#domain/rules/account-rules';
import { errorMessage } from '#lib/api/error-message';
import { useT } from '#lib/i18n/i18n';
import { isSignedIn, useSession, useSessionActor } from '#machines/session-context';
import { Link } from '#ui/link';
import { confirmAccountDeletion } from '../api.ts';
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

/**
 * `/account-delete?key=…`: the landing of the deletion email. Confirms the deletion (valid 24 hours),
 * which revokes every session on the server, then signs out here.
 */
export function AccountDeletionPanel({ deletionKey }: { deletionKey: string | null }) {
  const session = useSessionActor();
  const t = useT();
  const [state, setState] = useState<{ status: 'working' | 'deleted' } | { status: 'failed'; message: string }>(
    deletionKey ? { status: 'working' } : { status: 'failed', message: ACCOUNT_MESSAGES.keyRequired },
  );
  const started = useRef(false);
  useEffect(() => {
    if (!deletionKey || started.current) return;
    started.current = true;
    confirmAccountDeletion(deletionKey).then(
      () => {
        setState({ status: 'deleted' });
        session.send({ type: 'logout' });
      },
      (error: unknown) => setState({ status: 'failed', message: errorMessage(error) }),
    );
  }, [deletionKey, session]);
  if (state.status === 'working') {
    return (
      <p role="status" className="text-neutral-600">
        {t('auth.deletion.working')}
      </p>
    );
  }
  if (state.status === 'failed') return <FormAlert>{state.message}</FormAlert>;
  return (
    <FormAlert tone="success">
      <p>{t('auth.deletion.done')}</p>
      <p className="mt-2">
        <Link href="/quote">{t('auth.deletion.back')}</Link>
      </p>
    </FormAlert>
  );
}

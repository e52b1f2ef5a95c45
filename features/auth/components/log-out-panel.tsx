import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '#lib/api/error-message';
import { isSignedIn, useSession, useSessionActor } from '#machines/session-context';
import { Link } from '#ui/link';
import { confirmAccountDeletion } from '../api.ts';
import { FormAlert } from './form-alert.tsx';

/** `/clearToken`: signs the visitor out here and on the server. */
export function LogOutPanel() {
  const session = useSessionActor();
  const signedIn = useSession(isSignedIn);
  const signingOut = useSession((s) => s.matches('signingOut'));
  useEffect(() => {
    if (signedIn) session.send({ type: 'logout' });
  }, [signedIn, session]);
  if (signedIn || signingOut) {
    return (
      <p role="status" className="text-neutral-600">
        Signing you out…
      </p>
    );
  }
  return (
    <FormAlert tone="success">
      <p>You are signed out.</p>
      <p className="mt-2">
        <Link href="/login">Log in again</Link> or <Link href="/quote">get an instant quote</Link>.
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
  const [state, setState] = useState<{ status: 'working' | 'deleted' } | { status: 'failed'; message: string }>(
    deletionKey ? { status: 'working' } : { status: 'failed', message: 'The link is incomplete; please open the link from the email again.' },
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
        Deleting your account…
      </p>
    );
  }
  if (state.status === 'failed') return <FormAlert>{state.message}</FormAlert>;
  return (
    <FormAlert tone="success">
      <p>Your account has been deleted and you are signed out everywhere.</p>
      <p className="mt-2">
        <Link href="/quote">Back to instant quotes</Link>
      </p>
    </FormAlert>
  );
}

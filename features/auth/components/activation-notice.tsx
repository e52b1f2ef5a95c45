import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '#lib/api/error-message';
import { useT } from '#lib/i18n/i18n';
import { useSessionActor } from '#machines/session-context';
import { activate } from '../api.ts';
import { FormAlert } from './form-alert.tsx';

/**
 * The landing of the emailed activation link (`/login?activate=<key>`): activates the account and
 * signs the user in (spec section 4); the login page's guard then sends them on.
 */
export function ActivationNotice({ activationKey, onActivated }: { activationKey: string; onActivated?: () => void }) {
  const session = useSessionActor();
  const t = useT();
  const [state, setState] = useState<{ status: 'working' } | { status: 'failed'; message: string }>({ status: 'working' });
  const started = useRef(false);
  useEffect(() => {
    // The key works once: never send it twice (React may run effects twice in development).
    if (started.current) return;
    started.current = true;
    activate(activationKey).then(
      ({ accessToken, expiresIn }) => {
        session.send({ type: 'activation.succeeded', accessToken, expiresIn });
        onActivated?.();
      },
      (error: unknown) => setState({ status: 'failed', message: errorMessage(error) }),
    );
  }, [activationKey, session, onActivated]);
  if (state.status === 'working') {
    return (
      <p role="status" className="text-neutral-600">
        {t('auth.activation.working')}
      </p>
    );
  }
  return <FormAlert>{state.message}</FormAlert>;
}

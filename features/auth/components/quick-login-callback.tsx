import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { errorMessage } from '#lib/api/error-message';
import { useT } from '#lib/i18n/i18n';
import { takeQuickLoginReturn } from '#lib/quick-login';
import { useSessionActor } from '#machines/session-context';
import { Link } from '#ui/link';
import { finishQuickLogin } from '../api.ts';
import { FormAlert } from './form-alert.tsx';

export interface QuickLoginCallbackProps {
  channel: string;
  /** What the provider sent back in the address: a code and the state (and its issuer, RFC 9207), or an error. */
  code: string | null;
  state: string | null;
  iss?: string | null;
  error: string | null;
  errorDescription: string | null;
  /** Said once signed in or linked (the toast region announces it). */
  onMessage?: (message: string) => void;
}

/**
 * `/quick-login/<channel>`: where the provider sends the browser back (ADR 022). Posts the code
 * and state once (`quick/callback`), then signs in and returns to the page first asked for, or,
 * for a signed-in customer who was linking the provider, back to the profile. What the provider or
 * the server refused is said in words, with a way back.
 */
export function QuickLoginCallback({ channel, code, state, iss = null, error, errorDescription, onMessage }: QuickLoginCallbackProps) {
  const t = useT();
  const session = useSessionActor();
  const [, navigate] = useLocation();
  const refusedByProvider = error ? (error === 'access_denied' ? t('auth.quick.cancelled') : t('auth.quick.providerError', { reason: errorDescription || error })) : null;
  const [problem, setProblem] = useState<string | null>(refusedByProvider ?? (!code || !state ? t('auth.quick.incomplete') : null));
  const started = useRef(false);

  useEffect(() => {
    // The code works once: never send it twice (React may run effects twice in development).
    if (started.current || problem || !code || !state) return;
    started.current = true;
    finishQuickLogin(channel, code, state, iss).then(
      (answer) => {
        const back = takeQuickLoginReturn();
        if (answer.linked) {
          onMessage?.(t('auth.quick.linked'));
          navigate(back ?? '/user/account/profile', { replace: true });
          return;
        }
        session.send({ type: 'login.succeeded', accessToken: answer.accessToken, expiresIn: answer.expiresIn });
        onMessage?.(t('success.signIn'));
        navigate(back ?? '/user/home', { replace: true });
      },
      (failure: unknown) => setProblem(errorMessage(failure)),
    );
  }, [channel, code, state, iss, problem, session, navigate, onMessage, t]);

  if (!problem) {
    return (
      <p role="status" className="text-neutral-600">
        {t('auth.quick.working')}
      </p>
    );
  }
  return (
    <FormAlert>
      <p>{problem}</p>
      <p className="mt-2">{t.rich('auth.quick.back', { login: (chunks) => <Link href="/login">{chunks}</Link>, signup: (chunks) => <Link href="/signup">{chunks}</Link> })}</p>
    </FormAlert>
  );
}

import { FetchError } from 'ofetch';
import { useEffect, useState } from 'react';
import type { CaptchaResponse } from '#domain/api/tools';
import { errorMessage as failureMessage } from '#lib/api/error-message';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { SuccessIcon } from '#ui/icons';
import { ProgressBar } from '#ui/progress-bar';
import { TextField } from '#ui/text-field';
import { fetchCaptcha, fetchCaptchaChallenge } from '../api.ts';
import { solveProofOfWork } from '../proof-of-work.ts';

export interface CaptchaFieldProps {
  /** Changes whenever a new image is needed (each captcha is good for one attempt). */
  generation: number;
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  onCaptchaId: (id: string) => void;
  errorMessage?: string;
  /** What the verified proof of work lets the visitor do: create an account (default) or sign in. */
  purpose?: 'signUp' | 'signIn';
}

/** How the visitor proves they are a person: typing the image's characters, or letting the browser work (ADR 081). */
type Way = 'image' | 'proof';
type Proof = { status: 'working' } | { status: 'verified' } | { status: 'failed'; message: string };
/** How a challenge ended, by the attempt it belongs to: a newer attempt is working until it ends. */
type Outcome = { attempt: string } & Proof;

/**
 * The server's captcha: the image, a "new image" button and the answer field; or, for anyone who
 * cannot read the image, a proof-of-work check the browser does by itself (a few seconds, said in
 * a polite live region). One button switches between the two and keeps the focus.
 */
export function CaptchaField({ generation, value, onChange, onBlur, onCaptchaId, errorMessage, purpose = 'signUp' }: CaptchaFieldProps) {
  const [way, setWay] = useState<Way>('image');
  const [captcha, setCaptcha] = useState<CaptchaResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [asked, setAsked] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const attempt = `${generation}/${asked}`;
  const proof: Proof = outcome?.attempt === attempt ? outcome : { status: 'working' };
  const t = useT();

  useEffect(() => {
    let current = true;
    // A new captcha needs a new answer.
    onChange('');
    if (way === 'image') {
      fetchCaptcha().then(
        (next) => {
          if (!current) return;
          setProblem(null);
          setCaptcha(next);
          onCaptchaId(next.captchaId);
          onChange('');
        },
        (error: unknown) => current && setProblem(failureMessage(error)),
      );
      return () => {
        current = false;
      };
    }
    const controller = new AbortController();
    fetchCaptchaChallenge()
      .then(async ({ captchaId, challenge }) => {
        const counter = await solveProofOfWork(challenge, controller.signal);
        if (!current) return;
        onCaptchaId(captchaId);
        onChange(String(counter));
        setOutcome({ attempt, status: 'verified' });
      })
      .catch((error: unknown) => {
        // A refused call says why (the catalogue's words, such as "Too many attempts…"); a solver that stopped, ours.
        if (current) setOutcome({ attempt, status: 'failed', message: error instanceof FetchError ? failureMessage(error) : t('auth.captcha.proofFailed') });
      });
    return () => {
      current = false;
      controller.abort();
    };
    // onCaptchaId and onChange are setters from the parent; a new captcha is wanted only when these change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [generation, asked]);

  const proofText = proof.status === 'working' ? t('auth.captcha.proofWorking') : proof.status === 'verified' ? (purpose === 'signIn' ? t('auth.captcha.proofVerifiedSignIn') : t('auth.captcha.proofVerified')) : proof.message;

  return (
    <div className="flex flex-col gap-2">
      {way === 'image' && (
        <>
          <div className="flex items-center gap-3">
            <div className="flex h-12 w-40 items-center justify-center rounded-control border border-neutral-200 bg-neutral-0">
              {captcha ? (
                <img src={captcha.image} alt={t('auth.captcha.alt')} className="h-12 w-40" />
              ) : (
                <span role="status" className="text-caption text-neutral-600">
                  {problem ?? t('common.loading')}
                </span>
              )}
            </div>
            <Button variant="quiet" onPress={() => setAsked((n) => n + 1)}>
              {t('auth.captcha.newImage')}
            </Button>
          </div>
          <TextField
            name="captchaCode"
            label={t('auth.captcha.label')}
            value={value}
            onChange={onChange}
            onBlur={onBlur}
            autoComplete="off"
            isRequired
            isInvalid={!!errorMessage}
            errorMessage={errorMessage}
            description={t('auth.captcha.help')}
          />
        </>
      )}
      {/* The same live region in both ways (its node stays), so what the check says is announced as it changes. */}
      <div className={way === 'proof' ? 'flex flex-col gap-2 rounded-control border border-neutral-200 bg-neutral-0 p-3' : 'contents'}>
        {way === 'proof' && proof.status === 'working' && <ProgressBar isIndeterminate aria-label={t('auth.captcha.proofLabel')} className="w-full max-w-72" />}
        <p role="status" className={way === 'image' ? 'sr-only' : proof.status === 'verified' ? 'flex items-center gap-2 text-body text-success-700' : 'text-body text-neutral-800'}>
          {way === 'proof' && proof.status === 'verified' && <SuccessIcon aria-hidden className="size-4 shrink-0" />}
          {way === 'proof' ? proofText : ''}
        </p>
        {way === 'proof' && proof.status === 'failed' && (
          <div>
            <Button variant="secondary" onPress={() => setAsked((n) => n + 1)}>
              {t('auth.captcha.proofRetry')}
            </Button>
          </div>
        )}
        {way === 'proof' && errorMessage && <p className="text-caption text-danger-700">{errorMessage}</p>}
      </div>
      <div>
        <Button
          variant="quiet"
          onPress={() => {
            // A new attempt either way: a captcha, image or challenge, is good for one answer.
            setWay((w) => (w === 'image' ? 'proof' : 'image'));
            setAsked((n) => n + 1);
          }}
        >
          {way === 'image' ? t('auth.captcha.withoutImage') : t('auth.captcha.useImage')}
        </Button>
      </div>
    </div>
  );
}

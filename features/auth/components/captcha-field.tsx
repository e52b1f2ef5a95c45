import { useEffect, useState } from 'react';
import type { CaptchaResponse } from '#domain/api/tools';
import { errorMessage as failureMessage } from '#lib/api/error-message';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { TextField } from '#ui/text-field';
import { fetchCaptcha } from '../api.ts';

export interface CaptchaFieldProps {
  /** Changes whenever a new image is needed (each captcha is good for one attempt). */
  generation: number;
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  onCaptchaId: (id: string) => void;
  errorMessage?: string;
}

/** The server's image captcha: the image, a "new image" button, and the answer field. */
export function CaptchaField({ generation, value, onChange, onBlur, onCaptchaId, errorMessage }: CaptchaFieldProps) {
  const [captcha, setCaptcha] = useState<CaptchaResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [asked, setAsked] = useState(0);
  const t = useT();

  useEffect(() => {
    let current = true;
    fetchCaptcha().then(
      (next) => {
        if (!current) return;
        setProblem(null);
        setCaptcha(next);
        onCaptchaId(next.captchaId);
        // A new image needs a new answer.
        onChange('');
      },
      (error: unknown) => current && setProblem(failureMessage(error)),
    );
    return () => {
      current = false;
    };
    // onCaptchaId and onChange are setters from the parent; a new image is wanted only when these change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [generation, asked]);

  return (
    <div className="flex flex-col gap-2">
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
        <Button
          variant="quiet"
          onPress={() => setAsked((n) => n + 1)}
        >
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
    </div>
  );
}

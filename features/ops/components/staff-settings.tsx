import { useState, type FormEvent } from 'react';
import type { StaffMe } from '#domain/api/ops';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '#lib/api/error-message';
import { serverFieldErrors } from '#lib/forms/use-suite-form';
import { useT } from '#lib/i18n/i18n';
import { queryKeys } from '#lib/query-keys';
import { Button } from '#ui/button';
import { Form } from '#ui/form';
import { TextField } from '#ui/text-field';
import { staffMe } from '../api.ts';
import { renewRecoveryCodes } from '../staff-api.ts';
import { StaffRecoveryCodes } from './staff-recovery-codes.tsx';

export interface StaffSettingsProps {
  staff: StaffMe;
  /** The staff member read again once the codes are renewed (the frame's warning counts them). */
  onRenewed: (staff: StaffMe) => void;
}

/** The staff member's own settings (issue 38 item 1, ADR 223): how many recovery codes are left, and new ones after a TOTP code. */
export function StaffSettings({ staff, onRenewed }: StaffSettingsProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const renew = useMutation({
    mutationFn: (given: string) => renewRecoveryCodes(given),
    onSuccess: async () => {
      setCode('');
      await queryClient.invalidateQueries({ queryKey: queryKeys.staff.me });
      onRenewed(await staffMe());
    },
  });
  const fieldError = (() => {
    const value = renew.error ? serverFieldErrors(renew.error)?.code : undefined;
    return Array.isArray(value) ? value[0] : value;
  })();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    renew.mutate(code.trim());
  };
  return (
    <div className="flex max-w-xl flex-col gap-4">
      <h1 className="text-headline text-neutral-900">{t('opsStaff.settings.title')}</h1>
      <p className="text-neutral-700">{t('opsStaff.settings.left', { count: staff.recoveryCodesLeft })}</p>
      {renew.data ? (
        <StaffRecoveryCodes codes={renew.data.recoveryCodes} />
      ) : (
        <section aria-labelledby="staff-renew" className="flex flex-col gap-3">
          <h2 id="staff-renew" className="text-title text-neutral-900">
            {t('opsStaff.settings.renewTitle')}
          </h2>
          <p className="text-neutral-700">{t('opsStaff.settings.renewIntro')}</p>
          {renew.error && !fieldError && (
            <div role="alert" className="rounded-control border border-danger-600 bg-danger-50 px-4 py-3 text-danger-700">
              {errorMessage(renew.error)}
            </div>
          )}
          <Form onSubmit={submit} aria-label={t('opsStaff.settings.renewForm')}>
            <TextField
              label={t('opsStaff.accept.code')}
              description={t('opsStaff.accept.codeHint')}
              autoComplete="one-time-code"
              inputMode="numeric"
              value={code}
              onChange={(value) => {
                setCode(value);
                renew.reset();
              }}
              errorMessage={fieldError}
              isInvalid={fieldError !== undefined}
              isRequired
            />
            <Button type="submit" isPending={renew.isPending} className="self-start">
              {t('opsStaff.settings.renew')}
            </Button>
          </Form>
        </section>
      )}
    </div>
  );
}

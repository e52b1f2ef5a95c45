import { useState } from 'react';
import { errorMessage } from '#lib/api/error-message';
import { useT } from '#lib/i18n/i18n';
import { startQuickLogin } from '#lib/quick-login';
import { useAsync } from '#lib/use-async';
import { Button } from '#ui/button';
import { listQuickLogins } from '../api.ts';
import { FormAlert } from './form-alert.tsx';

/**
 * One button per quick-login provider from `quick/list` (ADR 022), under the Log In and Sign Up
 * forms; nothing at all when none is configured. The provider sends the browser back to the
 * callback page, which returns to `returnTo`.
 */
export function QuickLoginButtons({ returnTo }: { returnTo: string }) {
  const t = useT();
  const channels = useAsync('quick-login-list', listQuickLogins);
  const [going, setGoing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (channels.status !== 'success' || channels.data.length === 0) return null;
  return (
    <section aria-labelledby="quick-login-heading" className="flex flex-col gap-3 border-t border-neutral-200 pt-4">
      <h2 id="quick-login-heading" className="text-body font-medium text-neutral-700">
        {t('auth.quick.heading')}
      </h2>
      <div className="flex flex-wrap gap-2">
        {channels.data.map((channel) => (
          <Button
            key={channel.channel}
            variant="secondary"
            isPending={going === channel.channel}
            onPress={() => {
              setGoing(channel.channel);
              setProblem(null);
              startQuickLogin(channel.channel, returnTo).catch((error: unknown) => {
                setGoing(null);
                setProblem(errorMessage(error));
              });
            }}
          >
            {t('auth.quick.continueWith', { name: channel.name })}
          </Button>
        ))}
      </div>
      {problem && <FormAlert>{problem}</FormAlert>}
    </section>
  );
}

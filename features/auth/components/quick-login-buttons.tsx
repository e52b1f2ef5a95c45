import { useId, useState } from 'react';
import type { CommonIndexResponse } from '#domain/api/common';
import { errorMessage } from '#lib/api/error-message';
import { useT } from '#lib/i18n/i18n';
import { startQuickLogin } from '#lib/quick-login';
import { useSessionOr } from '#machines/session-context';
import { Button } from '#ui/button';
import { ProviderMark } from '#ui/provider-mark';
import { FormAlert } from './form-alert.tsx';

const NONE: CommonIndexResponse['quickLogin'] = [];

/**
 * One button per quick-login provider (ADRs 087, 172), with the provider's mark, under the Log In and
 * Sign Up forms and in the quote page's sign-in dialog; nothing at all when none is configured. The
 * providers are the session's (`common/index` names them, as `quick/list` does): drawn with the
 * form, no request of their own (ADR 259). The provider sends the browser back to the callback page,
 * which returns to `returnTo`.
 */
export function QuickLoginButtons({ returnTo }: { returnTo: string }) {
  const t = useT();
  const channels = useSessionOr((s) => s.context.general?.quickLogin ?? NONE, NONE);
  const [going, setGoing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();
  if (channels.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-neutral-200 pt-4">
      <h2 id={headingId} className="text-body font-medium text-neutral-700">
        {t('auth.quick.heading')}
      </h2>
      <div className="flex flex-col gap-2">
        {channels.map((channel) => (
          <Button
            key={channel.channel}
            variant="secondary"
            className="w-full"
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
            <ProviderMark provider={channel.channel} />
            {t('auth.quick.continueWith', { name: channel.name })}
          </Button>
        ))}
      </div>
      {problem && <FormAlert>{problem}</FormAlert>}
    </section>
  );
}

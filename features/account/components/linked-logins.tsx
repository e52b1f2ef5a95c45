import { useState } from 'react';
import type { QuickLoginChannel } from '#domain/api/account';
import { errorMessage } from '#lib/api/error-message';
import { useT } from '#lib/i18n/i18n';
import { startQuickLogin } from '#lib/quick-login';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '#lib/query-keys';
import { asyncState } from '#lib/query-state';
import { Button } from '#ui/button';
import { ProviderMark } from '#ui/provider-mark';
import { StatusBadge } from '#ui/status-badge';
import { listQuickLogins, unlinkQuickLogin } from '../api.ts';

/**
 * Quick-login providers on the profile (`quick/list`), each with its mark: linked ones can be
 * unlinked (`quick/unlinkQuick`; the server refuses to unlink the only way in), others linked by
 * signing in with the provider once. The profile shows this section only when a provider is
 * configured (ADR 172); should the list come back empty all the same, it says so.
 */
export function LinkedLogins({ returnTo }: { returnTo: string }) {
  const t = useT();
  const channels = asyncState(useQuery({ queryKey: queryKeys.account.quickLogins, queryFn: ({ signal }) => listQuickLogins(signal) }));
  const queryClient = useQueryClient();
  // Unlinked here since the list loaded: shown at once, the list and its status region stay in place.
  const [unlinked, setUnlinked] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const [note, setNote] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  if (channels.status === 'loading') return <p role="status">{t('common.loading')}</p>;
  if (channels.status === 'error') return <p role="alert">{errorMessage(channels.error)}</p>;
  if (channels.data.length === 0) return <p className="text-neutral-600">{t('account.quick.none')}</p>;

  const unlink = (channel: QuickLoginChannel) => {
    setBusy(channel.channel);
    setNote(null);
    unlinkQuickLogin(channel.channel).then(
      () => {
        setBusy(null);
        setNote({ tone: 'success', text: t('account.quick.unlinked', { name: channel.name }) });
        setUnlinked((before) => new Set(before).add(channel.channel));
        // Asked again where it shows next, not here: the list and its status region stay in place.
        void queryClient.invalidateQueries({ queryKey: queryKeys.account.quickLogins, refetchType: 'none' });
      },
      (error: unknown) => {
        setBusy(null);
        setNote({ tone: 'error', text: errorMessage(error) });
      },
    );
  };
  const link = (channel: QuickLoginChannel) => {
    setBusy(channel.channel);
    setNote(null);
    startQuickLogin(channel.channel, returnTo).catch((error: unknown) => {
      setBusy(null);
      setNote({ tone: 'error', text: errorMessage(error) });
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <ul role="list" className="flex flex-col divide-y divide-neutral-100">
        {channels.data.map((listed) => ({ ...listed, linked: listed.linked && !unlinked.has(listed.channel) })).map((channel) => (
          <li key={channel.channel} className="flex flex-wrap items-center justify-between gap-3 py-2">
            <span className="flex items-center gap-3">
              <ProviderMark provider={channel.channel} />
              <span className="font-medium">{channel.name}</span>
              {channel.linked ? <StatusBadge tone="success">{t('account.quick.linked')}</StatusBadge> : <StatusBadge tone="neutral">{t('account.quick.notLinked')}</StatusBadge>}
            </span>
            {channel.linked ? (
              <Button variant="secondary" isPending={busy === channel.channel} onPress={() => unlink(channel)}>
                {t('account.quick.unlink', { name: channel.name })}
              </Button>
            ) : (
              <Button variant="secondary" isPending={busy === channel.channel} onPress={() => link(channel)}>
                {t('account.quick.link', { name: channel.name })}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <p role="status" className="text-success-700">
        {note?.tone === 'success' ? note.text : ''}
      </p>
      {note?.tone === 'error' && (
        <p role="alert" className="text-danger-700">
          {note.text}
        </p>
      )}
    </div>
  );
}

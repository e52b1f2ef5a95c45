import { useQuery } from '@tanstack/react-query';
import type { UserInfo } from '#domain/api/account';
import { mainApi } from './api/client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The balance a screen shows (ADR 208): the signed-in account's record, seeded by the session's user
 * (no request while nothing changed it), asked again from `account/me` once a change made it stale
 * (`balanceChanged` in `lib/query-changes.ts`). The session keeps the user it signed in with; screens read the balance here,
 * so nothing pushes a balance into the session by hand.
 */
export function useBalance(user: UserInfo | null): { cents: number; currency: string } | null {
  const query = useQuery({
    queryKey: queryKeys.account.me(user?.customerId ?? ''),
    queryFn: ({ signal }) => mainApi<UserInfo>('account/me', { signal, quiet: true }),
    initialData: user ?? undefined,
    staleTime: Infinity,
    enabled: user !== null,
  });
  const record = user ? (query.data ?? user) : null;
  return record ? { cents: record.balanceCents, currency: record.balanceCurrency } : null;
}

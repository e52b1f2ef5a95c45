import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';

/**
 * What a change made stale (ADR 208): asked again now where a screen shows it, and forgotten where
 * none does, so the next screen to show it waits for the server's answer instead of drawing the old
 * one first.
 */
export async function changed(client: QueryClient, ...keys: QueryKey[]): Promise<void> {
  for (const queryKey of keys) client.removeQueries({ queryKey, type: 'inactive' });
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/**
 * A reload or a payment from the balance: the balance is asked again at once, shown or not (the
 * account's record is seeded by the session, so it is refreshed rather than forgotten), and its
 * lists are forgotten.
 */
export async function balanceChanged(client: QueryClient): Promise<void> {
  await Promise.all([client.invalidateQueries({ queryKey: queryKeys.account.all, refetchType: 'all' }), changed(client, queryKeys.balance.all)]);
}

/** An order placed: the cart it emptied, the coupon it used, and the order lists. */
export function orderPlaced(client: QueryClient): Promise<void> {
  return changed(client, queryKeys.cart.all, queryKeys.coupons.all, queryKeys.orders.all);
}

/**
 * An order or an additional cost paid (or set to await its transfer): the orders, and what paying
 * moves beside them (the balance when it paid, a coupon issued to a referrer, points).
 */
export async function orderPaid(client: QueryClient, { fromBalance }: { fromBalance: boolean }): Promise<void> {
  await Promise.all([changed(client, queryKeys.orders.all, queryKeys.coupons.all, queryKeys.rewards.points), fromBalance ? balanceChanged(client) : undefined]);
}

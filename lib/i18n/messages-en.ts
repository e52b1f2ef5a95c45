import { account } from './en/account.ts';
import { app } from './en/app.ts';
import { auth } from './en/auth.ts';
import { campaign } from './en/campaign.ts';
import { checkout } from './en/checkout.ts';
import { common } from './en/common.ts';
import { errors } from './en/errors.ts';
import { maps } from './en/maps.ts';
import { ops } from './en/ops.ts';
import { opsOrders } from './en/ops-orders.ts';
import { opsQueues } from './en/ops-queues.ts';
import { opsStaff } from './en/ops-staff.ts';
import { orders } from './en/orders.ts';
import { projects } from './en/projects.ts';
import { quote } from './en/quote.ts';
import { rewards } from './en/rewards.ts';

/**
 * The English catalogue: the active one (spec section 1 fixes the locale to English). One file per
 * area under en/ (so that several people add keys without colliding), merged here; each key is
 * prefixed by its area. Messages are ICU MessageFormat (ADR 065): `{name}`, `{count, plural, one {# file}
 * other {# files}}`, `{kind, select, …}`, and `<tag>…</tag>` for markup filled by `t.rich`.
 */
export const messagesEn = {
  ...errors,
  ...common,
  ...app,
  ...auth,
  ...quote,
  ...checkout,
  ...orders,
  ...projects,
  ...campaign,
  ...account,
  ...rewards,
  ...maps,
  ...ops,
  ...opsQueues,
  ...opsStaff,
  ...opsOrders,
} as const;

/** The catalogue's areas, for the test that no key is defined in two of them. */
export const areasEn = { errors, common, app, auth, quote, checkout, orders, projects, campaign, account, rewards, maps, ops, opsQueues, opsStaff, opsOrders } as const;

export type MessageKey = keyof typeof messagesEn;
export type Messages = Record<MessageKey, string>;
/** A translation of one area: exactly its keys (the type checker refuses a missing or an extra one). */
export type AreaTranslation<Area> = { readonly [K in keyof Area]: string };

import { account } from './fr/account.ts';
import { app } from './fr/app.ts';
import { auth } from './fr/auth.ts';
import { campaign } from './fr/campaign.ts';
import { checkout } from './fr/checkout.ts';
import { common } from './fr/common.ts';
import { errors } from './fr/errors.ts';
import { maps } from './fr/maps.ts';
import { ops } from './fr/ops.ts';
import { opsOrders } from './fr/ops-orders.ts';
import { opsQueues } from './fr/ops-queues.ts';
import { opsStaff } from './fr/ops-staff.ts';
import { orders } from './fr/orders.ts';
import { projects } from './fr/projects.ts';
import { quote } from './fr/quote.ts';
import { rewards } from './fr/rewards.ts';
import type { Messages } from './messages-en.ts';

/**
 * The French catalogue. Present, not selectable: spec section 1 fixes the locale to English (it
 * previews overflow, e.g. Storybook's locale toolbar). One file per area under fr/, each typed
 * against its English area, so a missing or extra key fails the type check; tests/lib/i18n/messages.test.ts
 * also checks every message's arguments and tags against the English one.
 */
export const messagesFr: Messages = {
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
};

/** The areas, for the tests. */
export const areasFr = { errors, common, app, auth, quote, checkout, orders, projects, campaign, account, rewards, maps, ops, opsQueues, opsStaff, opsOrders } as const;

/** The plural rules the French catalogue is written for (I18nRoot's `messagesLocale`). */
export const FRENCH_LOCALE = 'fr-FR';

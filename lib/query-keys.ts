/**
 * Every key of the browser's server-state cache (ADR 208), in one place: a screen's query names its
 * key here, and a change names the keys it makes stale. Each key starts with its area, so
 * invalidating `queryKeys.orders.all` makes every order list, the order page and the account home's
 * recent orders fresh at once.
 *
 * What moves with what (the invalidations, in `lib/invalidate.ts`):
 * - a balance (a reload, a payment from the balance): `account` (the balance shown) and `balance`
 *   (its records and transactions);
 * - a cart (parts added on the quote page, an order placed): `cart`;
 * - a coupon (used by an order, issued by a referral): `coupons`;
 * - an order (placed, paid, cancelled, reviewed, after-sale asked): `orders`.
 *
 * The staff console's answers live under `ops` (staff data, never a customer's cache): a decision
 * invalidates its queue, a confirmed transfer the transfers and the customers (a reload credits a
 * balance), a customer's change sets its record and forgets the customer lists. They are forgotten
 * when the staff session ends (features/ops/components/ops-console.tsx).
 */
export interface PageParams {
  page: number;
  pageSize: number;
}

export const queryKeys = {
  /** The signed-in account's record (its balance), by account: the session's user seeds it. */
  account: {
    all: ['account'] as const,
    me: (customerId: string) => ['account', 'me', customerId] as const,
    quickLogins: ['account', 'quick-logins'] as const,
  },
  /** The address books (the checkout reads its own, never from the cache). */
  addresses: {
    all: ['addresses'] as const,
    shipping: ['addresses', 'shipping'] as const,
    billing: ['addresses', 'billing'] as const,
  },
  /** The balance's lists (reload records, transactions). */
  balance: {
    all: ['balance'] as const,
    list: (name: 'recharges' | 'transactions', paging: PageParams) => ['balance', name, paging] as const,
  },
  coupons: {
    all: ['coupons'] as const,
    active: ['coupons', 'active'] as const,
    list: (filter: { status: string; kind: string } & PageParams) => ['coupons', 'list', filter] as const,
  },
  /** The cart and what the order confirmation shows with it (addresses, shipping, discounts). */
  cart: {
    all: ['cart'] as const,
    checkout: ['cart', 'checkout'] as const,
  },
  orders: {
    all: ['orders'] as const,
    list: (filter: { status: string | null; q: string } & PageParams) => ['orders', 'list', filter] as const,
    recent: ['orders', 'recent'] as const,
    detail: (orderId: string) => ['orders', 'detail', orderId] as const,
    afterSales: (paging: PageParams) => ['orders', 'after-sales', paging] as const,
    additionalCosts: (filter: { status: string | null } & PageParams) => ['orders', 'additional-costs', filter] as const,
    /** The additional costs to pay (/additional-cost). */
    payableCosts: ['orders', 'payable-costs'] as const,
    /** A payment page's subject by its token: an agency link, an additional cost. */
    agency: (token: string) => ['orders', 'agency', token] as const,
    additionalCost: (token: string) => ['orders', 'additional-cost', token] as const,
  },
  projects: {
    all: ['projects'] as const,
    list: (filter: { q: string } & PageParams) => ['projects', 'list', filter] as const,
    recent: ['projects', 'recent'] as const,
    detail: (projectId: string) => ['projects', 'detail', projectId] as const,
  },
  /** Pictures drawn by the server from a model: apart from `projects`, so a rename draws none again. */
  thumbnails: {
    project: (projectId: string) => ['thumbnails', 'project', projectId] as const,
    part: (projectId: string, fileId: string) => ['thumbnails', 'part', projectId, fileId] as const,
  },
  uploads: {
    list: (paging: PageParams) => ['uploads', paging] as const,
  },
  rewards: {
    points: ['rewards', 'points'] as const,
    referral: ['rewards', 'referral'] as const,
    list: (name: 'we-points' | 'member-payments' | 'referral-friends', paging: PageParams) => ['rewards', name, paging] as const,
  },
  /** The staff console (features/ops/): apart from the customer's areas, forgotten with the staff session. */
  ops: {
    all: ['ops'] as const,
    /** The queues: after-sale claims and manual reviews waiting, the oldest first. */
    claims: ['ops', 'claims'] as const,
    reviews: ['ops', 'reviews'] as const,
    /**
     * The console's orders: the list, the board's columns, an order's page and its products'
     * pictures. A staff move, an approved claim (it makes one) and a confirmed transfer make `all` stale.
     */
    orders: {
      all: ['ops', 'orders'] as const,
      list: (filter: { status: string | null; q: string } & PageParams) => ['ops', 'orders', 'list', filter] as const,
      column: (status: string) => ['ops', 'orders', 'board', status] as const,
      detail: (orderId: string) => ['ops', 'orders', 'detail', orderId] as const,
      /** A file of the order read by its path (the picture, the 3D view's mesh). */
      file: (path: string) => ['ops', 'orders', 'file', path] as const,
    },
    transfers: {
      all: ['ops', 'transfers'] as const,
      list: (q: string) => ['ops', 'transfers', { q }] as const,
    },
    customers: {
      all: ['ops', 'customers'] as const,
      lists: ['ops', 'customers', 'list'] as const,
      list: (filter: { q: string } & PageParams) => ['ops', 'customers', 'list', filter] as const,
      detail: (customerId: string) => ['ops', 'customers', 'detail', customerId] as const,
    },
    /** An order's additional-cost orders (on the console's order page). */
    additionalCosts: (orderId: string) => ['ops', 'additional-costs', orderId] as const,
  },
  /** The staff console's own staff (issue 38 item 1, ADR 223): the list, the signed-in member, an invitation by its key. */
  staff: {
    all: ['staff'] as const,
    list: ['staff', 'list'] as const,
    me: ['staff', 'me'] as const,
    invitation: (key: string) => ['staff', 'invitation', key] as const,
  },
  /** Reference data: the same for every visitor, asked once per page load. */
  reference: {
    countries: ['reference', 'countries'] as const,
    states: (country: string) => ['reference', 'states', country] as const,
  },
} as const;

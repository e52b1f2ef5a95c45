import type { PromoCode } from '#domain/api/account';
import { PROMO_CODE_KINDS, PROMO_CODE_STATUSES, type PromoCodeKind, type PromoCodeStatus } from '#domain/rules/rewards-rules';
import { useFormat } from '#lib/i18n/format';
import { queryKeys } from '#lib/query-keys';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { CopyButton } from '#ui/copy-button';
import { Link } from '#ui/link';
import { LazySelect } from '#ui/lazy-select';
import { StatusBadge } from '#ui/status-badge';
import { listPromoCodes, type PageRequest } from '../api.ts';
import { useUrlParam } from '../url-state.ts';
import { PagedTable, type PagedColumn } from './paged-table.tsx';
import { couponDescription, discountWords } from './money-words.ts';

const STATUS_FILTERS = ['all', ...PROMO_CODE_STATUSES] as const;
const KIND_FILTERS = ['all', ...PROMO_CODE_KINDS] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];
type KindFilter = (typeof KIND_FILTERS)[number];

const STATUS_WORDS: Record<StatusFilter, MessageKey> = { all: 'rewards.coupons.filter.all', active: 'rewards.coupons.status.active', inactive: 'rewards.coupons.status.inactive' };
const KIND_WORDS: Record<KindFilter, MessageKey> = {
  all: 'rewards.coupons.filter.allKinds',
  promo: 'rewards.coupons.kind.promo',
  referral: 'rewards.coupons.kind.referral',
  monthly: 'rewards.coupons.kind.monthly',
};

/** The checkout with the code filled in (one coupon per order; the checkout checks it again). */
export const checkoutWithCoupon = (code: string) => `/checkout?coupon=${encodeURIComponent(code)}`;

/**
 * `account/coupons`: the account's coupons and promo codes (`account/promoCodeList`, paginated),
 * filtered by status and origin (both kept in the address), each with its code to copy and a way
 * to use it at checkout.
 */
export function CouponList() {
  const t = useT();
  const format = useFormat();
  const [status, setStatus] = useUrlParam<StatusFilter>('status', STATUS_FILTERS, 'all', ['page']);
  const [kind, setKind] = useUrlParam<KindFilter>('kind', KIND_FILTERS, 'all', ['page']);
  const columns: PagedColumn<PromoCode>[] = [
    {
      id: 'code',
      label: t('rewards.column.code'),
      isRowHeader: true,
      cell: (c) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-medium">{c.code}</span>
          <CopyButton
            value={c.code}
            label={t('rewards.copy')}
            accessibleLabel={t('rewards.copyCode', { code: c.code })}
            copiedLabel={t('rewards.copied')}
            failedMessage={t('error.copy')}
          />
        </span>
      ),
    },
    { id: 'description', label: t('rewards.column.description'), cell: (c) => couponDescription(c, t, format) },
    { id: 'discount', label: t('rewards.column.discount'), cell: (c) => discountWords(c, t, format) },
    { id: 'expires', label: t('rewards.column.expires'), cell: (c) => (c.expiresAt ? format.dateTime(c.expiresAt, 'date') : t('rewards.coupons.never')) },
    {
      id: 'status',
      label: t('rewards.column.status'),
      cell: (c) => (
        <StatusBadge status={c.status}>{c.status === 'active' ? t('rewards.coupons.status.active') : c.usedAt ? t('rewards.coupons.status.used') : t('rewards.coupons.status.expired')}</StatusBadge>
      ),
    },
    {
      id: 'use',
      label: t('rewards.column.use'),
      cell: (c) => (c.status === 'active' ? <Link href={checkoutWithCoupon(c.code)}>{t('rewards.coupons.useAtCheckout', { code: c.code })}</Link> : '—'),
    },
  ];
  const query = { status: status === 'all' ? undefined : (status as PromoCodeStatus), kind: kind === 'all' ? undefined : (kind as PromoCodeKind) };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-4" role="group" aria-label={t('rewards.coupons.filters')}>
        <LazySelect
          label={t('rewards.coupons.filter.status')}
          items={STATUS_FILTERS.map((s) => ({ id: s, text: t(STATUS_WORDS[s]) }))}
          textOf={(item) => item.text}
          selectedKey={status}
          onSelectionChange={(key) => setStatus(String(key) as StatusFilter)}
        />
        <LazySelect
          label={t('rewards.coupons.filter.kind')}
          items={KIND_FILTERS.map((k) => ({ id: k, text: t(KIND_WORDS[k]) }))}
          textOf={(item) => item.text}
          selectedKey={kind}
          onSelectionChange={(key) => setKind(String(key) as KindFilter)}
        />
      </div>
      <PagedTable
        label={t('rewards.coupons.table')}
        queryKey={(paging) => queryKeys.coupons.list({ status, kind, ...paging })}
        load={(paging: PageRequest, signal) => listPromoCodes({ ...paging, ...query }, signal)}
        columns={columns}
        emptyTitle={status === 'all' && kind === 'all' ? t('rewards.coupons.empty') : t('rewards.coupons.emptyFiltered')}
        emptyBody={t('rewards.coupons.emptyBody')}
        emptyAction={<Link href="/user/account/referral">{t('rewards.coupons.emptyAction')}</Link>}
      />
    </div>
  );
}

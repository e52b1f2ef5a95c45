import type { BalanceTransaction, RechargeRecord } from '#domain/api/balance';
import { HISTORY_VISIBLE_YEARS } from '#domain/orders/payments';
import { queryKeys } from '#lib/query-keys';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { Card } from '#ui/card';
import { Link } from '#ui/link';
import { StatusBadge } from '#ui/status-badge';
import { TabLinks } from '#ui/tab-links';
import { listBalanceTransactions, listRecharges } from '../api.ts';
import { useUrlParamLinks } from '../url-state.ts';
import { PagedTable, type PagedColumn } from './paged-table.tsx';
import { RECHARGE_STATUSES, TRANSACTION_KINDS, methodWords } from './money-words.ts';

export const RELOAD_PAGE = '/user/account/balance/reload';
const TABS = ['recharges', 'transactions'] as const;

export interface BalanceOverviewProps {
  /** Null while the account is still loading: the card says so instead of an amount and a permission it does not know yet. */
  balanceCents: number | null;
  currency: string;
  /** The account record allows recharge (spec section 6). */
  canReload: boolean;
  /** The visitor was sent back from the reload page because the account may not reload. */
  reloadRefused?: boolean;
}

/**
 * `account/balance`: the prepaid balance, when a reload shows in it, and two paginated lists of
 * the last two years (reloads, balance transactions), the open tab and page kept in the address.
 */
export function BalanceOverview({ balanceCents, currency, canReload, reloadRefused = false }: BalanceOverviewProps) {
  const t = useT();
  const format = useFormat();
  const [tab, tabHref] = useUrlParamLinks('tab', TABS, 'recharges', ['page']);
  return (
    <div className="flex flex-col gap-6">
      {reloadRefused && (
        <p role="status" className="rounded-control border border-warning-100 bg-warning-50 px-4 py-3 text-warning-700">
          {t('rewards.balance.reloadRefused')}
        </p>
      )}
      <Card title={t('rewards.balance.heading')}>
        {balanceCents === null ? (
          <p role="status" className="text-headline text-neutral-600">
            {t('account.loading')}
          </p>
        ) : (
          <p className="text-headline tabular-nums" data-testid="balance">
            {format.money(balanceCents, currency)}
          </p>
        )}
        {/* A card reload is credited by the same call that charges the card: nothing to wait for. */}
        <p className="mt-2 text-caption text-neutral-600">{t('rewards.balance.updates')}</p>
        {balanceCents !== null && (
          <p className="mt-4">
            {canReload ? (
              <Link href={RELOAD_PAGE} className="font-medium">
                {t('rewards.balance.reload')}
              </Link>
            ) : (
              <span className="text-neutral-700">{t('rewards.balance.reloadNotAllowed')}</span>
            )}
          </p>
        )}
      </Card>

      <div className="flex flex-col gap-4">
        <TabLinks
          aria-label={t('rewards.balance.history', { years: HISTORY_VISIBLE_YEARS })}
          current={tab}
          items={[
            { id: 'recharges', href: tabHref('recharges'), label: t('rewards.balance.tab.recharges') },
            { id: 'transactions', href: tabHref('transactions'), label: t('rewards.balance.tab.transactions') },
          ]}
        />
        {tab === 'recharges' ? <RechargeTable /> : <TransactionTable />}
      </div>
      <p className="text-caption text-neutral-600">{t('rewards.balance.historyNote', { years: HISTORY_VISIBLE_YEARS })}</p>
    </div>
  );
}

function RechargeTable() {
  const t = useT();
  const format = useFormat();
  const columns: PagedColumn<RechargeRecord>[] = [
    { id: 'date', label: t('rewards.column.date'), isRowHeader: true, cell: (r) => format.dateTime(r.createdAt, 'date') },
    { id: 'method', label: t('rewards.column.method'), cell: (r) => methodWords(r.method, t) },
    { id: 'amount', label: t('rewards.column.amount'), align: 'end', cell: (r) => format.money(r.amountCents, r.currency) },
    { id: 'status', label: t('rewards.column.status'), cell: (r) => <StatusBadge status={RECHARGE_STATUSES[r.status].look}>{t(RECHARGE_STATUSES[r.status].label)}</StatusBadge> },
    { id: 'reference', label: t('rewards.column.reference'), cell: (r) => <span className="font-mono">{r.reference}</span> },
  ];
  return (
    <PagedTable
      label={t('rewards.balance.tab.recharges')}
      queryKey={(paging) => queryKeys.balance.list('recharges', paging)}
      load={listRecharges}
      columns={columns}
      emptyTitle={t('rewards.balance.rechargesEmpty')}
      emptyBody={t('rewards.balance.rechargesEmptyBody')}
    />
  );
}

function TransactionTable() {
  const t = useT();
  const format = useFormat();
  const columns: PagedColumn<BalanceTransaction>[] = [
    { id: 'date', label: t('rewards.column.date'), isRowHeader: true, cell: (r) => format.dateTime(r.createdAt, 'date') },
    { id: 'kind', label: t('rewards.column.kind'), cell: (r) => t(TRANSACTION_KINDS[r.kind]) },
    { id: 'description', label: t('rewards.column.description'), cell: (r) => r.description },
    {
      id: 'amount',
      label: t('rewards.column.amount'),
      align: 'end',
      cell: (r) => (r.amountCents > 0 ? t('rewards.amount.credit', { amount: format.money(r.amountCents, r.currency) }) : format.money(r.amountCents, r.currency)),
    },
    { id: 'after', label: t('rewards.column.balanceAfter'), align: 'end', cell: (r) => format.money(r.balanceAfterCents, r.currency) },
    { id: 'reference', label: t('rewards.column.reference'), cell: (r) => (r.reference ? <span className="font-mono">{r.reference}</span> : '—') },
  ];
  return (
    <PagedTable
      label={t('rewards.balance.tab.transactions')}
      queryKey={(paging) => queryKeys.balance.list('transactions', paging)}
      load={listBalanceTransactions}
      columns={columns}
      emptyTitle={t('rewards.balance.transactionsEmpty')}
      emptyBody={t('rewards.balance.transactionsEmptyBody')}
    />
  );
}

import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { MemberPayment, WePointTransaction } from '#domain/api/balance';
import type { MonthlyTask, PointsOverview } from '#domain/api/rewards';
import { MONTHLY_COUPON_PERCENT, MONTHLY_TASKS, type MonthlyTaskId } from '#domain/rules/rewards-rules';
import { useFormat } from '#lib/i18n/format';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { queryKeys } from '#lib/query-keys';
import { asyncState } from '#lib/query-state';
import { Card } from '#ui/card';
import { CopyButton } from '#ui/copy-button';
import { Link } from '#ui/link';
import { LoadFailed } from '#ui/load-failed';
import { Skeleton } from '#ui/skeleton';
import { StatusBadge } from '#ui/status-badge';
import { TabLinks } from '#ui/tab-links';
import { getPoints, listMemberPayments, listWePointTransactions } from '../api.ts';
import { useUrlParamLinks } from '../url-state.ts';
import { methodWords } from './money-words.ts';
import { PagedTable, type PagedColumn } from './paged-table.tsx';

const TASK_WORDS: Record<MonthlyTaskId, MessageKey> = {
  'upload-model': 'rewards.points.task.upload-model',
  'pay-order': 'rewards.points.task.pay-order',
  'review-order': 'rewards.points.task.review-order',
  'friend-joined': 'rewards.points.task.friend-joined',
};
const MEMBER_STATUS: Record<MemberPayment['status'], MessageKey> = {
  pending: 'rewards.points.payment.pending',
  paid: 'rewards.points.payment.paid',
  refunded: 'rewards.points.payment.refunded',
};
const TABS = ['points', 'payments'] as const;

/**
 * `prime/point`: WePoints, membership in words, this month's coupon (issued on the 1st) and tasks
 * (refreshed monthly, each with what it earns and whether it is done), then the points history and
 * the membership payments, both paginated.
 */
export function PointsPanel() {
  const t = useT();
  const query = useQuery({ queryKey: queryKeys.rewards.points, queryFn: ({ signal }) => getPoints(signal) });
  const state = asyncState(query);
  const [tab, tabHref] = useUrlParamLinks('tab', TABS, 'points', ['page']);
  if (state.status === 'error') {
    return (
      <LoadFailed retryLabel={t('common.tryAgain')} look="band" onRetry={query.refetch}>
        {t('rewards.points.failed')}
      </LoadFailed>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {state.status === 'loading' ? <OverviewLoading /> : <Overview data={state.data} />}
      <div className="flex flex-col gap-4">
        <TabLinks
          aria-label={t('rewards.points.historyLabel')}
          current={tab}
          items={[
            { id: 'points', href: tabHref('points'), label: t('rewards.points.tab.points') },
            { id: 'payments', href: tabHref('payments'), label: t('rewards.points.tab.payments') },
          ]}
        />
        {tab === 'points' ? <PointsTable /> : <MemberPaymentsTable />}
      </div>
    </div>
  );
}

function Overview({ data }: { data: PointsOverview }) {
  const t = useT();
  const format = useFormat();
  const nextDate = format.date(data.refreshesOn, 'long');
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">
        <Card title={t('rewards.points.heading')}>
          <p className="text-headline tabular-nums" data-testid="points">
            {t('rewards.points.count', { points: data.points })}
          </p>
          <p className="mt-2" data-testid="membership">
            {data.member
              ? t('rewards.points.member', { percent: data.couponPercent })
              : t('rewards.points.notMember', { percent: data.couponPercent, memberPercent: MONTHLY_COUPON_PERCENT.member })}
          </p>
        </Card>
        <Card title={t('rewards.points.couponHeading')}>
          {data.monthlyCoupon ? (
            <div className="flex flex-col gap-2">
              <p className="flex flex-wrap items-center gap-3">
                <span className="font-mono text-title" data-testid="monthly-coupon">
                  {data.monthlyCoupon.code}
                </span>
                <CopyButton
                  value={data.monthlyCoupon.code}
                  label={t('rewards.copy')}
                  accessibleLabel={t('rewards.copyCode', { code: data.monthlyCoupon.code })}
                  copiedLabel={t('rewards.copied')}
                  failedMessage={t('error.copy')}
                />
              </p>
              <p>
                {data.monthlyCoupon.status === 'active'
                  ? t('rewards.points.couponActive', { percent: data.monthlyCoupon.percentOff ?? data.couponPercent, date: nextDate })
                  : t('rewards.points.couponUsed')}
              </p>
              {data.monthlyCoupon.status === 'active' && <Link href={`/checkout?coupon=${encodeURIComponent(data.monthlyCoupon.code)}`}>{t('rewards.points.useCoupon')}</Link>}
            </div>
          ) : (
            <p>{t('rewards.points.couponNext', { percent: data.couponPercent, date: nextDate })}</p>
          )}
        </Card>
      </div>
      <Tasks intro={<p className="text-neutral-700">{t('rewards.points.tasksIntro', { date: nextDate })}</p>}>
        {data.tasks.map((task) => (
          <TaskRow key={task.id} task={task}>
            <TaskStatus task={task} />
          </TaskRow>
        ))}
      </Tasks>
    </>
  );
}

/**
 * The overview's place while the points load: its cards, and the month's tasks from the rules the
 * server applies (their names and what each earns), grey where the account's figures will be. The
 * history's tabs below stay where they are when the overview arrives (a layout shift of 0.25 on a
 * phone when a one-line status stood in its place).
 */
function OverviewLoading() {
  const t = useT();
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">
        <Card title={t('rewards.points.heading')}>
          <p role="status" className="flex h-10 items-center text-neutral-700">
            {t('rewards.points.loading')}
          </p>
          <Skeleton className="mt-3 h-4 w-3/4" />
        </Card>
        <Card title={t('rewards.points.couponHeading')}>
          <div className="flex flex-col gap-3">
            <Skeleton className="h-7 w-1/2" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </Card>
      </div>
      <Tasks
        intro={
          <div className="py-1">
            <Skeleton className="h-4 w-2/3" />
          </div>
        }
      >
        {MONTHLY_TASKS.map((task) => (
          <TaskRow key={task.id} task={task}>
            <Skeleton className="h-6 w-28 rounded-full" />
          </TaskRow>
        ))}
      </Tasks>
    </>
  );
}

/** This month's tasks: the heading, `intro` (the date they refresh on), a row per task. */
function Tasks({ intro, children }: { intro: ReactNode; children: ReactNode }) {
  const t = useT();
  return (
    <section aria-labelledby="tasks-heading" className="flex flex-col gap-3">
      <h2 id="tasks-heading" className="text-title">
        {t('rewards.points.tasksHeading')}
      </h2>
      {intro}
      <ul role="list" className="flex flex-col divide-y divide-neutral-200 rounded-card border border-neutral-200 bg-neutral-0">{children}</ul>
    </section>
  );
}

/** A task's name and what it earns; beside them its status (`children`). */
function TaskRow({ task, children }: { task: Pick<MonthlyTask, 'id' | 'points'>; children: ReactNode }) {
  const t = useT();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <span className="flex flex-col">
        <span className="font-medium">{t(TASK_WORDS[task.id])}</span>
        <span className="text-caption text-neutral-600">{t('rewards.points.earns', { points: task.points })}</span>
      </span>
      {children}
    </li>
  );
}

function TaskStatus({ task }: { task: MonthlyTask }) {
  const t = useT();
  const format = useFormat();
  return task.done && task.doneAt ? (
    <StatusBadge status="completed">{t('rewards.points.doneOn', { date: format.dateTime(task.doneAt, 'date') })}</StatusBadge>
  ) : (
    <StatusBadge status="pending payment" tone="neutral">
      {t('rewards.points.toDo')}
    </StatusBadge>
  );
}

function PointsTable() {
  const t = useT();
  const format = useFormat();
  const columns: PagedColumn<WePointTransaction>[] = [
    { id: 'date', label: t('rewards.column.date'), isRowHeader: true, cell: (r) => format.dateTime(r.createdAt, 'date') },
    { id: 'description', label: t('rewards.column.description'), cell: (r) => r.description },
    { id: 'points', label: t('rewards.column.points'), align: 'end', cell: (r) => (r.points > 0 ? t('rewards.points.plus', { points: r.points }) : format.number(r.points)) },
    { id: 'after', label: t('rewards.column.pointsAfter'), align: 'end', cell: (r) => format.number(r.balanceAfter) },
  ];
  return (
    <PagedTable
      label={t('rewards.points.tab.points')}
      queryKey={(paging) => queryKeys.rewards.list('we-points', paging)}
      load={listWePointTransactions}
      columns={columns}
      emptyTitle={t('rewards.points.historyEmpty')}
      emptyBody={t('rewards.points.historyEmptyBody')}
    />
  );
}

function MemberPaymentsTable() {
  const t = useT();
  const format = useFormat();
  const columns: PagedColumn<MemberPayment>[] = [
    { id: 'date', label: t('rewards.column.date'), isRowHeader: true, cell: (r) => format.dateTime(r.createdAt, 'date') },
    { id: 'plan', label: t('rewards.column.plan'), cell: (r) => r.plan },
    { id: 'method', label: t('rewards.column.method'), cell: (r) => methodWords(r.method, t) },
    { id: 'amount', label: t('rewards.column.amount'), align: 'end', cell: (r) => format.money(r.amountCents, r.currency) },
    { id: 'status', label: t('rewards.column.status'), cell: (r) => <StatusBadge status={r.status}>{t(MEMBER_STATUS[r.status])}</StatusBadge> },
  ];
  return (
    <PagedTable
      label={t('rewards.points.tab.payments')}
      queryKey={(paging) => queryKeys.rewards.list('member-payments', paging)}
      load={listMemberPayments}
      columns={columns}
      emptyTitle={t('rewards.points.paymentsEmpty')}
      emptyBody={t('rewards.points.paymentsEmptyBody')}
    />
  );
}

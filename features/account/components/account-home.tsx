import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { UserInfo } from '#domain/api/account';
import { processName } from '#domain/catalogue/process-choices';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { useBalance } from '#lib/account-query';
import { queryKeys } from '#lib/query-keys';
import { asyncState, type AsyncState } from '#lib/query-state';
import { Card } from '#ui/card';
import { EmptyState } from '#ui/empty-state';
import { Link } from '#ui/link';
import { Money } from '#ui/money';
import { SkeletonGroup } from '#ui/skeleton';
import { StatusBadge } from '#ui/status-badge';
import { activeCoupons, recentOrders, recentProjects } from '../api.ts';
import { ActivationReminder } from './email-status.tsx';

/**
 * `/user/home`: what a customer comes back for, at a glance. Their balance, WePoints and active
 * coupons; the latest orders and quote projects, each leading on; for a business account its
 * customer success manager, and for an entrust-order account what it may do. Each part loads on its
 * own, so one slow list never blanks the page.
 */
export function AccountHome({ user }: { user: UserInfo }) {
  const t = useT();
  const format = useFormat();
  const name = user.firstName || user.username || user.email;
  // Fresh after a reload or a payment from the balance anywhere in the app (ADR 208).
  const balance = useBalance(user) ?? { cents: user.balanceCents, currency: user.balanceCurrency };
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p className="text-title">{t('account.home.greeting', { name })}</p>
        <p className="text-caption text-neutral-600">
          {t('account.home.customerId', { id: user.customerId })}
          {user.member && <> · {t('account.home.businessAccount')}</>}
        </p>
      </div>
      {user.activationEmail && <ActivationReminder email={user.activationEmail} />}

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Card title={t('account.home.balance')} level={2}>
          <p className="text-headline" data-testid="home-balance">
            <Money cents={balance.cents} currency={balance.currency} />
          </p>
          <p className="mt-2 flex flex-wrap gap-x-4">
            <Link href="/user/account/balance">{t('account.home.balanceHistory')}</Link>
            {user.isRecharge && <Link href="/user/account/balance/reload">{t('account.home.reload')}</Link>}
          </p>
        </Card>
        <Card title={t('account.home.points')} level={2}>
          <p className="text-headline">{format.number(user.wePoints)}</p>
          <p className="mt-2">
            <Link href="/user/prime/point">{t('account.home.pointsHistory')}</Link>
          </p>
        </Card>
        <CouponsCard />
        {user.member && user.customerManger && (
          <Card title={t('account.home.manager.title')} level={2}>
            <p className="font-medium">{user.customerManger.name}</p>
            <p className="mt-1">
              <Link href={`mailto:${user.customerManger.email}`}>{user.customerManger.email}</Link>
            </p>
            <p className="mt-2 text-caption text-neutral-600">{t('account.home.manager.body')}</p>
          </Card>
        )}
        {user.isEntrustOrderAccount && (
          <Card title={t('account.home.entrust.title')} level={2}>
            <p>{t('account.home.entrust.body')}</p>
            <p className="mt-2">
              <Link href="/quote">{t('account.home.entrust.start')}</Link>
            </p>
          </Card>
        )}
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <RecentOrders />
        <RecentProjects />
      </div>
    </div>
  );
}

/** A list that loads: a skeleton, its words when it failed, its empty state, or its rows. */
function Loaded<T>({ state, empty, label, children }: { state: AsyncState<{ list: T[] }>; empty: ReactNode; label: string; children: (list: T[]) => ReactNode }) {
  const t = useT();
  if (state.status === 'loading') return <SkeletonGroup label={label} lines={3} />;
  if (state.status === 'error') return <p role="alert">{t('account.home.loadFailed')}</p>;
  if (state.data.list.length === 0) return <>{empty}</>;
  return <>{children(state.data.list)}</>;
}

function CouponsCard() {
  const t = useT();
  const format = useFormat();
  const coupons = asyncState(useQuery({ queryKey: queryKeys.coupons.active, queryFn: ({ signal }) => activeCoupons(signal) }));
  const total = coupons.status === 'success' ? coupons.data.total : null;
  return (
    <Card title={t('account.home.coupons')} description={total === null ? undefined : t('account.home.couponsActive', { count: total })} level={2}>
      <Loaded state={coupons} label={t('account.home.loadingCoupons')} empty={<p className="text-neutral-600">{t('account.home.noCoupons')}</p>}>
        {(list) => (
          <ul role="list" className="flex flex-col gap-1">
            {list.map((c) => (
              <li key={c.id}>
                <span className="font-mono font-medium">{c.code}</span>{' '}
                <span className="text-caption text-neutral-600">
                  {c.expiresAt ? t('account.home.couponExpires', { date: format.dateTime(c.expiresAt, 'date') }) : t('account.home.couponNeverExpires')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
      <p className="mt-2">
        <Link href="/user/account/coupons">{t('account.home.allCoupons')}</Link>
      </p>
    </Card>
  );
}

function RecentOrders() {
  const t = useT();
  const format = useFormat();
  const orders = asyncState(useQuery({ queryKey: queryKeys.orders.recent, queryFn: ({ signal }) => recentOrders(signal) }));
  return (
    <Card title={t('account.home.orders')} level={2} actions={<Link href="/user/order/history">{t('account.home.allOrders')}</Link>}>
      <Loaded
        state={orders}
        label={t('account.home.loadingOrders')}
        empty={
          <EmptyState
            level={3}
            title={t('account.home.noOrders')}
            description={t('account.home.noOrdersBody')}
            action={<Link href="/quote">{t('account.home.firstQuote')}</Link>}
          />
        }
      >
        {(list) => (
          <ul role="list" className="flex flex-col divide-y divide-neutral-100">
            {list.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="flex flex-col">
                  <Link href={`/user/order/detail/${order.id}`}>{order.number}</Link>
                  <span className="text-caption text-neutral-600">{format.dateTime(order.createdAt, 'date')}</span>
                </span>
                <span className="flex items-center gap-3">
                  <Money cents={order.amountCents} currency={order.currency} />
                  <StatusBadge status={order.status}>{order.statusLabel}</StatusBadge>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </Card>
  );
}

function RecentProjects() {
  const t = useT();
  const format = useFormat();
  const projects = asyncState(useQuery({ queryKey: queryKeys.projects.recent, queryFn: ({ signal }) => recentProjects(signal) }));
  return (
    <Card title={t('account.home.projects')} level={2} actions={<Link href="/user/project">{t('account.home.allProjects')}</Link>}>
      <Loaded
        state={projects}
        label={t('account.home.loadingProjects')}
        empty={
          <EmptyState
            level={3}
            title={t('account.home.noProjects')}
            description={t('account.home.noProjectsBody')}
            action={<Link href="/quote">{t('account.home.firstQuote')}</Link>}
          />
        }
      >
        {(list) => (
          <ul role="list" className="flex flex-col divide-y divide-neutral-100">
            {list.map((project) => (
              <li key={project.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="flex flex-col">
                  <Link href={`/quote/${project.id}`}>{project.name}</Link>
                  <span className="text-caption text-neutral-600">
                    {t('account.home.projectLine', { process: processName(project.process), files: project.fileCount })}
                  </span>
                </span>
                <span className="text-caption text-neutral-600">{t('account.home.projectUpdated', { date: format.dateTime(project.updatedAt, 'date') })}</span>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </Card>
  );
}

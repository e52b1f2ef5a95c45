import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReferralFriend, ReferralOverview } from '#domain/api/rewards';
import { MAX_INVITE_EMAILS, REFERRAL_DISCOUNT_PERCENT, REFERRAL_REWARD_PERCENT } from '#domain/rules/rewards-rules';
import { useFormat } from '#lib/i18n/format';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { changed } from '#lib/query-changes';
import { queryKeys } from '#lib/query-keys';
import { useDeferredAsyncState } from '#lib/query-state';
import { Card } from '#ui/card';
import { CopyButton } from '#ui/copy-button';
import { LoadFailed } from '#ui/load-failed';
import { Skeleton } from '#ui/skeleton';
import { StatusBadge } from '#ui/status-badge';
import { getReferral, listReferralFriends } from '../api.ts';
import { ApplyCodeForm, InviteForm } from './referral-forms.tsx';
import { PagedTable, type PagedColumn } from './paged-table.tsx';

const FRIEND_STATUS: Record<ReferralFriend['status'], { label: MessageKey; look: string }> = {
  joined: { label: 'rewards.referral.friend.joined', look: 'pending payment' },
  ordered: { label: 'rewards.referral.friend.ordered', look: 'awaiting payment' },
  rewarded: { label: 'rewards.referral.friend.rewarded', look: 'completed' },
  refused: { label: 'rewards.referral.friend.refused', look: 'inactive' },
};

const OWN_DISCOUNT: Record<NonNullable<ReferralOverview['firstOrderDiscount']>['status'], MessageKey> = {
  available: 'rewards.referral.own.available',
  pending: 'rewards.referral.own.pending',
  used: 'rewards.referral.own.used',
};

/**
 * `account/referral`: the programme's rules in plain words, then the customer's code and link to
 * copy, invitations by email, a friend's code for a new account, and the friends who joined with
 * what each earned. The rules are the programme's own (domain/rules), not the account's: they are
 * drawn at once, in the page's prerendered frame too (ADR 267), while the rest loads below them.
 */
export function ReferralPanel() {
  return (
    <div className="flex flex-col gap-6">
      <Rules percent={REFERRAL_DISCOUNT_PERCENT} reward={REFERRAL_REWARD_PERCENT} />
      <ReferralOverviewPanel />
    </div>
  );
}

/** What the account's overview draws: its code and link, its discount, the forms and its friends. */
function ReferralOverviewPanel() {
  const t = useT();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.rewards.referral, queryFn: ({ signal }) => getReferral(signal) });
  const loaded = useDeferredAsyncState(query);
  // An invitation or a friend's code answers the overview as it is now: drawn from the cache (ADR 208).
  const setOverview = (next: ReferralOverview) => queryClient.setQueryData(queryKeys.rewards.referral, next);
  const data = loaded.status === 'success' ? loaded.data : null;
  if (loaded.status === 'error') {
    return (
      <LoadFailed retryLabel={t('common.tryAgain')} look="band" onRetry={query.refetch}>
        {t('rewards.referral.failed')}
      </LoadFailed>
    );
  }
  // The code's card in its place, and the screen's height held below it for the forms and the
  // friends' list: the page's footer, out of view, stays out of view as they arrive (a layout shift
  // of 0.06 on a phone when a one-line status stood in their place).
  if (!data)
    return (
      <div className="flex min-h-screen flex-col">
        <Card title={t('rewards.referral.shareHeading')} description={t('rewards.referral.shareIntro', { percent: REFERRAL_DISCOUNT_PERCENT })}>
          <p role="status" className="text-neutral-700">
            {t('rewards.referral.loading')}
          </p>
          <Skeleton className="mt-3 h-7 w-1/2" />
          <Skeleton className="mt-4 h-4 w-full" />
        </Card>
      </div>
    );
  return (
    <>
      <ShareCard overview={data} />
      {data.firstOrderDiscount && (
        <p role="status" className="rounded-control border border-brand-200 bg-brand-50 px-4 py-3 text-brand-700">
          {t(OWN_DISCOUNT[data.firstOrderDiscount.status], { percent: data.firstOrderDiscount.percentOff, name: data.referredBy?.name ?? '' })}
        </p>
      )}
      <InviteForm leftToday={data.invitationsLeftToday} maxAtOnce={MAX_INVITE_EMAILS} onSent={(left) => setOverview({ ...data, invitationsLeftToday: left })} />
      {data.canApplyCode && (
        <ApplyCodeForm
          percent={data.discountPercent}
          onApplied={(next) => {
            setOverview(next);
            // The first order's discount the checkout shows (ADR 208).
            void changed(queryClient, queryKeys.cart.all);
          }}
        />
      )}
      <Friends overview={data} />
    </>
  );
}

function ShareCard({ overview }: { overview: ReferralOverview }) {
  const t = useT();
  const copy = { label: t('rewards.copy'), copiedLabel: t('rewards.copied'), failedMessage: t('error.copy') };
  return (
    <Card title={t('rewards.referral.shareHeading')} description={t('rewards.referral.shareIntro', { percent: overview.discountPercent })}>
      <dl className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <dt className="text-caption text-neutral-600">{t('rewards.referral.code')}</dt>
          <dd className="flex flex-wrap items-center gap-3">
            <span className="font-mono text-title" data-testid="referral-code">
              {overview.code}
            </span>
            <CopyButton value={overview.code} {...copy} accessibleLabel={t('rewards.referral.copyCode')} />
          </dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-caption text-neutral-600">{t('rewards.referral.link')}</dt>
          <dd className="flex flex-wrap items-center gap-3">
            <span className="break-all font-mono" data-testid="referral-link">
              {overview.link}
            </span>
            <CopyButton value={overview.link} {...copy} accessibleLabel={t('rewards.referral.copyLink')} />
          </dd>
        </div>
      </dl>
    </Card>
  );
}

function Rules({ percent, reward }: { percent: number; reward: number }) {
  const t = useT();
  return (
    <section aria-labelledby="referral-rules-heading" className="flex flex-col gap-2">
      <h2 id="referral-rules-heading" className="text-title">
        {t('rewards.referral.rulesHeading')}
      </h2>
      <ol className="list-decimal space-y-1 pl-6">
        <li>{t('rewards.referral.rule.share', { percent })}</li>
        <li>{t('rewards.referral.rule.reward', { reward })}</li>
        <li>{t('rewards.referral.rule.once')}</li>
        <li>{t('rewards.referral.rule.notYourself')}</li>
      </ol>
    </section>
  );
}

function Friends({ overview }: { overview: ReferralOverview }) {
  const t = useT();
  const format = useFormat();
  const columns: PagedColumn<ReferralFriend>[] = [
    { id: 'name', label: t('rewards.column.friend'), isRowHeader: true, cell: (f) => f.name },
    { id: 'joined', label: t('rewards.column.joined'), cell: (f) => format.dateTime(f.joinedAt, 'date') },
    { id: 'status', label: t('rewards.column.status'), cell: (f) => <StatusBadge status={FRIEND_STATUS[f.status].look}>{t(FRIEND_STATUS[f.status].label)}</StatusBadge> },
    {
      id: 'reward',
      label: t('rewards.column.reward'),
      cell: (f) =>
        f.reward
          ? t('rewards.referral.friend.reward', { code: f.reward.code, percent: f.reward.percentOff, status: f.reward.status })
          : f.status === 'refused'
            ? t('rewards.referral.friend.refusedReward')
            : t('rewards.referral.friend.noReward'),
    },
  ];
  return (
    <section aria-labelledby="referral-friends-heading" className="flex flex-col gap-3">
      <h2 id="referral-friends-heading" className="text-title">
        {t('rewards.referral.friendsHeading')}
      </h2>
      <p className="text-neutral-700">{t('rewards.referral.stats', { friends: overview.friendsJoined, coupons: overview.couponsEarned })}</p>
      <PagedTable
        label={t('rewards.referral.friendsHeading')}
        queryKey={(paging) => queryKeys.rewards.list('referral-friends', paging)}
        load={listReferralFriends}
        columns={columns}
        emptyTitle={t('rewards.referral.friendsEmpty')}
        emptyBody={t('rewards.referral.friendsEmptyBody')}
      />
    </section>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpsClaim, OpsClaimDecision } from '#domain/api/ops-queues';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { changed } from '#lib/query-changes';
import { queryKeys } from '#lib/query-keys';
import { Link } from '#ui/link';
import { decideOpsClaim, listOpsClaims } from '../api.ts';
import { OpsDecisionDialog, OpsRefuseDialog } from './ops-decision-dialog.tsx';
import { OpsQueue, useDoneMessage } from './ops-queue.tsx';

function ClaimCard({ item, onDecided }: { item: OpsClaim; onDecided: (message: string) => void }) {
  const t = useT();
  const format = useFormat();
  const client = useQueryClient();
  const { claim } = item;
  // A decision takes the claim out of the queue and, approved, makes an order.
  const decide = useMutation({
    mutationFn: (body: OpsClaimDecision) => decideOpsClaim(claim.id, body),
    // Not awaited: the dialog closes and the decision is said before the queue is asked again.
    onSuccess: () => void changed(client, queryKeys.ops.claims, queryKeys.ops.orders.all),
  });
  const headingId = `claim-${claim.id}`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-card border border-neutral-200 bg-neutral-0 p-4">
      <h2 id={headingId} className="font-semibold text-neutral-900">
        {t('opsQueues.claims.heading', { number: claim.number, order: claim.wedoOrderNumber })}
      </h2>
      <p>{t('opsQueues.claims.customer', { name: item.customer.name, email: item.customer.email })}</p>
      <p className="text-neutral-700">{t('opsQueues.claims.sent', { date: format.dateTime(claim.createdAt) })}</p>
      <p>{claim.reason ? t('opsQueues.claims.customerReason', { reason: claim.reason }) : t('opsQueues.claims.noReason')}</p>
      <h3 className="font-semibold">{t('opsQueues.claims.products')}</h3>
      <ul className="list-disc pl-6">
        {claim.items.map((line) => (
          <li key={line.productId}>
            {t('opsQueues.claims.line', {
              name: line.name,
              quantity: line.quantity,
              ordered: line.originalQuantity,
              elsewhere: item.lines.find((l) => l.productId === line.productId)?.claimedElsewhere ?? 0,
            })}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <OpsDecisionDialog
          variant="primary"
          button={t('opsQueues.claims.approve')}
          buttonLabel={t('opsQueues.claims.approveFor', { number: claim.number })}
          title={t('opsQueues.claims.approveTitle', { number: claim.number })}
          submit={t('opsQueues.claims.approve')}
          onSubmit={async () => {
            const done = await decide.mutateAsync({ decision: 'approve' });
            onDecided(t('opsQueues.claims.approved', { number: claim.number, order: done.claim.decision?.refabrication?.number ?? '' }));
          }}
        >
          {() => <p>{t('opsQueues.claims.approveBody')}</p>}
        </OpsDecisionDialog>
        <OpsRefuseDialog
          refuse={t('opsQueues.claims.refuse')}
          buttonLabel={t('opsQueues.claims.refuseFor', { number: claim.number })}
          title={t('opsQueues.claims.refuseTitle', { number: claim.number })}
          onRefuse={async (reason) => {
            await decide.mutateAsync({ decision: 'refuse', reason });
            onDecided(t('opsQueues.claims.refused', { number: claim.number }));
          }}
        />
        <Link href={`/ops/orders/${item.orderId}`}>{t('opsQueues.claims.openOrder', { order: claim.wedoOrderNumber })}</Link>
      </div>
    </article>
  );
}

/**
 * After-sale claims waiting for staff (issue 38 item 4, ADR 200), the oldest first: the customer,
 * the products with the quantity ordered and what other claims hold, approved (made again at no
 * charge) or refused with the reason the customer reads.
 */
export function OpsClaims() {
  const t = useT();
  const [done, decided] = useDoneMessage();
  const claims = useQuery({ queryKey: queryKeys.ops.claims, queryFn: ({ signal }) => listOpsClaims(signal) });
  return (
    <OpsQueue title={t('opsQueues.claims.title')} queue={claims} done={done}>
      {(item) => <ClaimCard key={item.claim.id} item={item} onDecided={decided} />}
    </OpsQueue>
  );
}

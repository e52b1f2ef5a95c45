import { useState } from 'react';
import type { OpsClaim, OpsClaimList } from '#domain/api/ops-queues';
import { announce } from '#lib/a11y/announce';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { useAsync } from '#lib/use-async';
import { Button } from '#ui/button';
import { EmptyState } from '#ui/empty-state';
import { Link } from '#ui/link';
import { TextField } from '#ui/text-field';
import { decideOpsClaim, listOpsClaims } from '../api.ts';
import { OpsDecisionDialog } from './ops-decision-dialog.tsx';

/** The request fields the server names in its refusals. */
const FIELD_REASON = 'reason';

function ClaimCard({ item, onDecided }: { item: OpsClaim; onDecided: (message: string) => void }) {
  const t = useT();
  const format = useFormat();
  const [reason, setReason] = useState('');
  const { claim } = item;
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
            const done = await decideOpsClaim(claim.id, { decision: 'approve' });
            onDecided(t('opsQueues.claims.approved', { number: claim.number, order: done.claim.decision?.refabrication?.number ?? '' }));
          }}
        >
          {() => <p>{t('opsQueues.claims.approveBody')}</p>}
        </OpsDecisionDialog>
        <OpsDecisionDialog
          button={t('opsQueues.claims.refuse')}
          buttonLabel={t('opsQueues.claims.refuseFor', { number: claim.number })}
          title={t('opsQueues.claims.refuseTitle', { number: claim.number })}
          submit={t('opsQueues.claims.refuse')}
          onSubmit={async () => {
            await decideOpsClaim(claim.id, { decision: 'refuse', reason });
            onDecided(t('opsQueues.claims.refused', { number: claim.number }));
          }}
        >
          {(fieldError) => (
            <TextField
              label={t('opsQueues.reason')}
              isMultiline
              value={reason}
              onChange={setReason}
              maxLength={2000}
              isRequired
              errorMessage={fieldError(FIELD_REASON)}
              isInvalid={fieldError(FIELD_REASON) !== undefined}
            />
          )}
        </OpsDecisionDialog>
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
  const [attempt, setAttempt] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const claims = useAsync<OpsClaimList>(`ops-claims-${attempt}`, (signal) => listOpsClaims(signal));
  const decided = (message: string) => {
    setDone(message);
    announce(message);
    setAttempt((n) => n + 1);
  };
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-headline text-neutral-900">{t('opsQueues.claims.title')}</h1>
      {done && <p className="rounded-control border border-success-600 bg-success-50 px-4 py-3 text-success-700">{done}</p>}
      {claims.status === 'error' ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-card border border-danger-600 bg-danger-50 p-4 text-danger-700">
          <p>{errorMessage(claims.error)}</p>
          <Button variant="secondary" onPress={() => setAttempt((n) => n + 1)}>
            {t('common.tryAgain')}
          </Button>
        </div>
      ) : claims.status !== 'success' ? (
        <p role="status">{t('common.loading')}</p>
      ) : claims.data.list.length === 0 ? (
        <EmptyState title={t('opsQueues.empty')} />
      ) : (
        <>
          {claims.data.total > claims.data.list.length && <p>{t('opsQueues.more', { shown: claims.data.list.length, total: claims.data.total })}</p>}
          {claims.data.list.map((item) => (
            <ClaimCard key={item.claim.id} item={item} onDecided={decided} />
          ))}
        </>
      )}
    </div>
  );
}

import type { PayResponse } from '#domain/api/payment';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { Link } from '#ui/link';

export const BALANCE_PAGE = '/user/account/balance';

/** Where the reload goes next: back to the order being paid (the payment page's shortfall link), or to the balance. */
function NextSteps({ orderId }: { orderId: string | null }) {
  const t = useT();
  return (
    <p className="flex flex-wrap gap-4">
      {orderId && (
        <Link href={`/checkout/payment?order=${encodeURIComponent(orderId)}`} className="font-medium">
          {t('rewards.reload.backToOrder')}
        </Link>
      )}
      <Link href={BALANCE_PAGE}>{t('rewards.reload.seeBalance')}</Link>
    </p>
  );
}

/** The amount chosen, with a way back to change it (a new attempt: the payment panel starts again). */
export function ReloadChosen({ amountUsd, onChange }: { amountUsd: number; onChange: () => void }) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p>{t.rich('rewards.reload.chosen', { amount: format.money(amountUsd * 100), strong: (chunks) => <strong>{chunks}</strong> })}</p>
      <Button variant="secondary" onPress={onChange}>
        {t('rewards.reload.changeAmount')}
      </Button>
    </div>
  );
}

/** After a card reload: the balance now, and the way back. */
export function ReloadSucceeded({ result, orderId }: { result: PayResponse; orderId: string | null }) {
  const t = useT();
  const format = useFormat();
  return (
    <section aria-labelledby="reload-done-heading" className="flex flex-col gap-3 rounded-card border border-success-100 bg-success-50 p-gutter">
      <h2 id="reload-done-heading" className="text-title text-success-700">
        {t('rewards.reload.doneHeading')}
      </h2>
      {result.balanceCents !== null && <p data-testid="balance-after">{t('rewards.reload.balanceAfter', { balance: format.money(result.balanceCents) })}</p>}
      <NextSteps orderId={orderId} />
    </section>
  );
}

/** After choosing a bank transfer: nothing is credited until it arrives; the way back. */
export function ReloadAwaitingTransfer({ balanceCents, orderId }: { balanceCents: number | null; orderId: string | null }) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="flex flex-col gap-3">
      <p>{t('rewards.reload.transferPending', { balance: format.money(balanceCents ?? 0) })}</p>
      <NextSteps orderId={orderId} />
    </div>
  );
}

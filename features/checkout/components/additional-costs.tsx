import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { AdditionalCost } from '#domain/api/order';
import { useT } from '#lib/i18n/i18n';
import { orderPaid } from '#lib/query-changes';
import { queryKeys } from '#lib/query-keys';
import { asyncState } from '#lib/query-state';
import { Button } from '#ui/button';
import { EmptyState } from '#ui/empty-state';
import { Money } from '#ui/money';
import { StatusBadge } from '#ui/status-badge';
import { listAdditionalCosts, payAdditionalCostById, type PayCall } from '../api.ts';
import { PaymentPanel } from './payment-panel.tsx';

const PAYABLE = new Set(['pending_payment', 'awaiting_transfer']);

/**
 * /additional-cost (login): the extra costs agreed for the customer's orders, each paid here with
 * the same payment panel (and machine) as an order: balance, card in USD or bank transfer.
 */
export function AdditionalCosts() {
  const queryClient = useQueryClient();
  const costs = asyncState(useQuery({ queryKey: queryKeys.orders.payableCosts, queryFn: ({ signal }) => listAdditionalCosts(signal) }));
  const [paying, setPaying] = useState<string | null>(null);
  const t = useT();
  if (costs.status === 'loading') return <p role="status">{t('checkout.costs.loading')}</p>;
  if (costs.status === 'error') return <p role="alert">{t('error.reload')}</p>;
  if (costs.data.list.length === 0) {
    return <EmptyState title={t('checkout.costs.emptyTitle')} description={t('checkout.costs.emptyBody')} />;
  }
  return (
    <ul role="list" className="flex flex-col gap-4" aria-label={t('checkout.page.additionalCosts')}>
      {costs.data.list.map((cost) => (
        <li key={cost.id} className="flex flex-col gap-3 rounded-card border border-neutral-200 bg-neutral-0 p-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="font-semibold">
                {cost.orderNumber ? t('checkout.costs.forOrder', { number: cost.number, order: cost.orderNumber }) : cost.number}
              </p>
              <p className="text-caption text-neutral-700">{cost.description}</p>
            </div>
            <div className="flex items-center gap-3">
              <Money cents={cost.amountCents} currency={cost.currency} className="font-semibold" />
              <StatusBadge>{cost.statusLabel}</StatusBadge>
              {PAYABLE.has(cost.status) && paying !== cost.id && (
                <Button variant="secondary" onPress={() => setPaying(cost.id)}>
                  {t('checkout.costs.pay', { number: cost.number })}
                </Button>
              )}
            </div>
          </div>
          {paying === cost.id && <PayCost cost={cost} onPaid={() => void orderPaid(queryClient, { fromBalance: true })} />}
        </li>
      ))}
    </ul>
  );
}

function PayCost({ cost, onPaid }: { cost: AdditionalCost; onPaid: () => void }) {
  const pay = useCallback((call: PayCall) => payAdditionalCostById(cost.id, call), [cost.id]);
  return <PaymentPanel amountCents={cost.amountCents} methods={['balance', 'card', 'bank_transfer']} pay={pay} onPaid={onPaid} />;
}

import { useCallback, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'wouter';
import type { AdditionalCost } from '#domain/api/order';
import { payAdditionalCostById, type PayCall } from '#features/checkout/api';
import { PaymentPanel } from '#features/checkout/components/payment-panel';
import { AdditionalCostOrders } from '#features/orders/components/additional-cost-orders';
import { AfterSale } from '#features/orders/components/after-sale-orders';
import { OrderDetail } from '#features/orders/components/order-detail';
import { OrderHistory } from '#features/orders/components/order-history';
import { UploadHistory } from '#features/orders/components/upload-history';
import { useT } from '#lib/i18n/i18n';
import { PageTitle } from '../page-frame.tsx';
import type { RouteDef } from '../route-table.ts';
import { AccountFrame } from './account-frame.tsx';

/** An account page: the frame, the route's title and summary, and the feature's screen. */
function AccountPage({ route, children }: { route: RouteDef; children: ReactNode }) {
  const t = useT();
  return (
    <AccountFrame title={route.title}>
      <PageTitle title={t(route.title)}>{route.summary && t(route.summary, route.summaryParams)}</PageTitle>
      {children}
    </AccountFrame>
  );
}

export function OrderHistoryPage({ route }: { route: RouteDef }) {
  return (
    <AccountPage route={route}>
      <OrderHistory />
    </AccountPage>
  );
}

export function OrderDetailPage({ route }: { route: RouteDef }) {
  const { orderId } = useParams<{ orderId: string }>();
  return (
    <AccountPage route={{ ...route, summary: undefined }}>
      <OrderDetail orderId={orderId} />
    </AccountPage>
  );
}

export function AfterSalePage({ route }: { route: RouteDef }) {
  const [params] = useSearchParams();
  return (
    <AccountPage route={route}>
      <AfterSale orderId={params.get('order')} />
    </AccountPage>
  );
}

export function UploadHistoryPage({ route }: { route: RouteDef }) {
  return (
    <AccountPage route={route}>
      <UploadHistory />
    </AccountPage>
  );
}

/** One additional cost paid with the checkout's payment panel (balance, card in USD, bank transfer), as on /additional-cost. */
function PayCost({ cost, onPaid }: { cost: AdditionalCost; onPaid: () => void }) {
  const pay = useCallback((call: PayCall) => payAdditionalCostById(cost.id, call), [cost.id]);
  return <PaymentPanel amountCents={cost.amountCents} methods={['balance', 'card', 'bank_transfer']} pay={pay} onPaid={onPaid} />;
}

export function AccountAdditionalCostsPage({ route }: { route: RouteDef }) {
  return (
    <AccountPage route={route}>
      <AdditionalCostOrders renderPayment={(cost, onPaid) => <PayCost cost={cost} onPaid={onPaid} />} />
    </AccountPage>
  );
}

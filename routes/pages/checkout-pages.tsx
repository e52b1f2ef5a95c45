import { useSearchParams } from 'wouter';
import { AdditionalCosts } from '#features/checkout/components/additional-costs';
import { AdditionalCostPayment, AdditionalCostSuccess, AgencyPayment, OrderPayment, OrderSuccess } from '#features/checkout/components/payment-views';
import { useT } from '#lib/i18n/i18n';
import { PageFrame, PageTitle } from '../page-frame.tsx';

// Reads server state: drawn inside the cache of server state (routes/app.tsx lazyPage, ADR 259).
export { ServerState } from '../server-state.tsx';

export function CheckoutPaymentPage() {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <PageFrame width="narrow">
      <PageTitle title={t('checkout.page.payment')}>{t('checkout.page.paymentIntro')}</PageTitle>
      <OrderPayment orderId={params.get('order')} />
    </PageFrame>
  );
}

export function CheckoutSuccessPage() {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <PageFrame width="narrow">
      <PageTitle title={t('checkout.page.success')} />
      <OrderSuccess orderId={params.get('order')} />
    </PageFrame>
  );
}

export function AgencyPaymentPage() {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <PageFrame width="narrow">
      <PageTitle title={t('checkout.page.agency')}>{t('checkout.page.agencyIntro')}</PageTitle>
      <AgencyPayment token={params.get('token')} />
    </PageFrame>
  );
}

export function AdditionalCostPaymentPage() {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <PageFrame width="narrow">
      <PageTitle title={t('checkout.page.additionalCostPayment')} />
      <AdditionalCostPayment token={params.get('token')} />
    </PageFrame>
  );
}

export function AdditionalCostSuccessPage() {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <PageFrame width="narrow">
      <PageTitle title={t('checkout.page.additionalCostPaid')} />
      <AdditionalCostSuccess token={params.get('token')} />
    </PageFrame>
  );
}

export function AdditionalCostsPage() {
  const t = useT();
  return (
    <PageFrame>
      <PageTitle title={t('checkout.page.additionalCosts')}>{t('checkout.page.additionalCostsIntro')}</PageTitle>
      <AdditionalCosts />
    </PageFrame>
  );
}

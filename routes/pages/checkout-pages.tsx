import { AdditionalCosts } from '#features/checkout/components/additional-costs';
import { useSearchParams } from 'wouter';
import { OrderConfirmation } from '#features/checkout/components/order-confirmation';
import { AdditionalCostPayment, AdditionalCostSuccess, AgencyPayment, OrderPayment, OrderSuccess } from '#features/checkout/components/payment-views';
import { useT } from '#lib/i18n/i18n';
import { useSession } from '#machines/session-context';
import { PageFrame, PageTitle } from '../page-frame.tsx';

export function CheckoutPage() {
  const t = useT();
  const user = useSession((s) => s.context.user);
  return (
    <PageFrame>
      <PageTitle title={t('checkout.page.confirmation')}>{t('checkout.page.confirmationIntro')}</PageTitle>
      {user ? (
        <OrderConfirmation
          user={{
            firstName: user.firstName,
            lastName: user.lastName,
            company: user.company,
            phoneCode: user.phoneCode,
            phone: user.phone,
            isEntrustOrderAccount: user.isEntrustOrderAccount,
          }}
        />
      ) : (
        <p role="status">{t('checkout.loadingAccount')}</p>
      )}
    </PageFrame>
  );
}

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

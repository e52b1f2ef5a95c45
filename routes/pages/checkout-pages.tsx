import { AdditionalCosts } from '#features/checkout/components/additional-costs';
import { useSearchParams } from 'wouter';
import { OrderConfirmation } from '#features/checkout/components/order-confirmation';
import { AdditionalCostPayment, AdditionalCostSuccess, AgencyPayment, OrderPayment, OrderSuccess } from '#features/checkout/components/payment-views';
import { useSession } from '#machines/session-context';
import { PageFrame, PageTitle } from '../page-frame.tsx';

export function CheckoutPage() {
  const user = useSession((s) => s.context.user);
  return (
    <PageFrame>
      <PageTitle title="Order confirmation">Check the parts, choose where they ship and who collects them, then pay.</PageTitle>
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
        <p role="status">Loading your account…</p>
      )}
    </PageFrame>
  );
}

export function CheckoutPaymentPage() {
  const [params] = useSearchParams();
  return (
    <PageFrame width="narrow">
      <PageTitle title="Payment">Pay with your balance, a card in US dollars, or a bank transfer.</PageTitle>
      <OrderPayment orderId={params.get('order')} />
    </PageFrame>
  );
}

export function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  return (
    <PageFrame width="narrow">
      <PageTitle title="Order placed" />
      <OrderSuccess orderId={params.get('order')} />
    </PageFrame>
  );
}

export function AgencyPaymentPage() {
  const [params] = useSearchParams();
  return (
    <PageFrame width="narrow">
      <PageTitle title="Pay for an order">You were asked to pay this order on someone’s behalf. No account is needed.</PageTitle>
      <AgencyPayment token={params.get('token')} />
    </PageFrame>
  );
}

export function AdditionalCostPaymentPage() {
  const [params] = useSearchParams();
  return (
    <PageFrame width="narrow">
      <PageTitle title="Additional cost payment" />
      <AdditionalCostPayment token={params.get('token')} />
    </PageFrame>
  );
}

export function AdditionalCostSuccessPage() {
  const [params] = useSearchParams();
  return (
    <PageFrame width="narrow">
      <PageTitle title="Additional cost paid" />
      <AdditionalCostSuccess token={params.get('token')} />
    </PageFrame>
  );
}

export function AdditionalCostsPage() {
  return (
    <PageFrame>
      <PageTitle title="Additional costs">Extra costs agreed with customer service for your orders, to pay here.</PageTitle>
      <AdditionalCosts />
    </PageFrame>
  );
}

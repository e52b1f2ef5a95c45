import type { UserInfo } from '#domain/api/account';
import { BillingAddressFields, useBillingAddressFieldset } from '#features/account/components/billing-address-fields';
import { ShippingAddressFields, useShippingAddressFieldset } from '#features/account/components/shipping-address-fields';
import { OrderConfirmation } from '#features/checkout/components/order-confirmation';
import { useEffect } from 'react';
import { dropEarlyCalls } from '#lib/early-calls';
import { useT } from '#lib/i18n/i18n';
import { useSession } from '#machines/session-context';
import { PageFrame, PageTitle } from '../page-frame.tsx';

// Reads server state: drawn inside the cache of server state (routes/app.tsx lazyPage, ADR 259).
export { ServerState } from '../server-state.tsx';

export function CheckoutPage() {
  const t = useT();
  const user = useSession((s) => s.context.user);
  // The calls this page's HTML started serve its first visit only (ADR 227): leaving drops those not taken.
  useEffect(() => dropEarlyCalls, []);
  return (
    <PageFrame>
      <PageTitle title={t('checkout.page.confirmation')}>
        <p>{t('checkout.page.confirmationIntro')}</p>
        {/* The terms every price below is given on, before the parts: drawn with the page, whoever is
            looking, so the checkout's HTML shows them before the app runs (ADR 243). */}
        <p className="mt-2 text-caption">{t('checkout.page.exwTerms')}</p>
      </PageTitle>
      {user ? (
        <Checkout user={user} />
      ) : (
        // A screen's height while loading, as the cart's own loading line (no footer jumping down).
        <p role="status" className="min-h-svh">
          {t('checkout.loadingAccount')}
        </p>
      )}
    </PageFrame>
  );
}

/** The checkout with the address book's fieldsets for a new address, filled from the account (ADR 085). */
function Checkout({ user }: { user: UserInfo }) {
  const t = useT();
  const shipping = useShippingAddressFieldset({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    company: user.company ?? '',
    phoneCode: user.phoneCode ?? '',
    mobile: user.phone ?? '',
  });
  const billing = useBillingAddressFieldset({ name: [user.firstName, user.lastName].filter(Boolean).join(' '), companyName: user.company ?? '' });
  return (
    <OrderConfirmation
      user={{ isEntrustOrderAccount: user.isEntrustOrderAccount }}
      shipping={{ fieldset: shipping, fields: <ShippingAddressFields fieldset={shipping} legend={t('checkout.shippingAddress.newLegend')} /> }}
      billing={{ fieldset: billing, fields: <BillingAddressFields fieldset={billing} legend={t('checkout.billing.newLegend')} /> }}
    />
  );
}

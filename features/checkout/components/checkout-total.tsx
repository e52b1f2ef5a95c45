import { referralDiscountCents } from '#domain/rules/rewards-rules';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';

/**
 * The order's total before it is placed: with a referred friend's first-order discount, the
 * subtotal, the discount (the domain's rounding, as the server computes it) and the total.
 */
export function CheckoutTotal({ subtotalCents, referralPercent }: { subtotalCents: number; referralPercent: number | null }) {
  const t = useT();
  const format = useFormat();
  const strong = (chunks: React.ReactNode[]) => <strong data-testid="checkout-total">{chunks}</strong>;
  if (referralPercent === null) return <p>{t.rich('checkout.submitTotal', { total: format.money(subtotalCents), strong })}</p>;
  const discount = referralDiscountCents(subtotalCents);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <p className="flex justify-between gap-6">
        <span>{t('rewards.checkout.subtotal')}</span>
        <span className="tabular-nums">{format.money(subtotalCents)}</span>
      </p>
      <p className="flex justify-between gap-6 text-success-700">
        <span>{t('rewards.checkout.referral', { percent: referralPercent })}</span>
        <span className="tabular-nums" data-testid="referral-discount">
          {format.money(-discount)}
        </span>
      </p>
      <p>{t.rich('rewards.checkout.total', { total: format.money(subtotalCents - discount), strong })}</p>
    </div>
  );
}

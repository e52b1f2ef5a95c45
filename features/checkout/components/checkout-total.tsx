import type { CouponCheck } from '#domain/api/order';
import { referralDiscountCents } from '#domain/rules/rewards-rules';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';

/**
 * The order's total before it is placed: with a referred friend's first-order discount, the
 * subtotal, the discount (the domain's rounding, as the server computes it) and the total.
 */
export function CheckoutTotal({ subtotalCents, referralPercent, coupon = null }: { subtotalCents: number; referralPercent: number | null; coupon?: CouponCheck | null }) {
  const t = useT();
  const format = useFormat();
  const strong = (chunks: React.ReactNode[]) => <strong data-testid="checkout-total">{chunks}</strong>;
  if (coupon) {
    // The coupon checked by the server against these lines (ADR 165): its discount, as the order will take it.
    const what = coupon.percentOff !== null ? t('rewards.coupon.percentOff', { percent: coupon.percentOff }) : t('rewards.coupon.amountOff', { amount: format.money(coupon.amountOffCents ?? 0) });
    return (
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex justify-between gap-6">
          <span>{t('rewards.checkout.subtotal')}</span>
          <span className="tabular-nums">{format.money(coupon.subtotalCents)}</span>
        </p>
        <p className="flex justify-between gap-6 text-success-700">
          <span>{t('checkout.coupon.line', { code: coupon.code, what })}</span>
          <span className="tabular-nums" data-testid="coupon-discount">
            {format.money(-coupon.discountCents)}
          </span>
        </p>
        <p>{t.rich('rewards.checkout.total', { total: format.money(coupon.totalCents), strong })}</p>
      </div>
    );
  }
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

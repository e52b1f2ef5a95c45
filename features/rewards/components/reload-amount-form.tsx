import { BANK_ACCOUNT_CURRENCIES } from '#domain/orders/payments';
import { MIN_RELOAD_USD } from '#domain/rules/balance-rules';
import { type FormSuite, lazySuite, useSuiteForm } from '#lib/forms/use-suite-form';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { Form } from '#ui/form';
import { TextField } from '#ui/text-field';

const balanceSuites = () => import('#domain/rules/balance-suites');
const reloadSuite = lazySuite(async () => (await balanceSuites()).reloadSuite);

export interface ReloadAmountFormProps {
  balanceCents: number;
  /** A suggested amount (the payment page's shortfall, rounded up to the minimum); the customer still confirms it. */
  initialAmount?: string | null;
  onChoose: (amountUsd: number) => void;
}

/**
 * The reload's amount, checked by the shared reload rule as it is typed (domain/rules/balance-rules.ts:
 * USD 100 at least, whole dollars; the server runs the same rule). A text field, not a number field:
 * a number field would round 99.5 to 100 instead of saying what is wrong.
 */
export function ReloadAmountForm({ balanceCents, initialAmount, onChoose }: ReloadAmountFormProps) {
  const t = useT();
  const format = useFormat();
  const form = useSuiteForm<{ amount: string }>(reloadSuite as unknown as FormSuite, { amount: initialAmount ?? '' }, async ({ amount }) => {
    onChoose(Number(amount.trim()));
  });
  return (
    <Form onSubmit={form.onSubmit} aria-labelledby="reload-amount-heading" className="flex max-w-md flex-col gap-4">
      <h2 id="reload-amount-heading" className="text-title">
        {t('rewards.reload.amountHeading')}
      </h2>
      <p>{t('rewards.reload.balanceNow', { balance: format.money(balanceCents) })}</p>
      <TextField
        {...form.field('amount')}
        label={t('rewards.reload.amount')}
        description={t('rewards.reload.amountHint', { minimum: MIN_RELOAD_USD, currencies: format.list(BANK_ACCOUNT_CURRENCIES) })}
        inputMode="numeric"
        autoComplete="off"
        isRequired
      />
      <div>
        <Button type="submit">{t('rewards.reload.continue')}</Button>
      </div>
    </Form>
  );
}

import type { BankTransferInstructions } from '#domain/api/payment';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { CopyButton } from '#ui/copy-button';

/**
 * Where to send a bank transfer: the reference to quote and the accounts (USD, HKD, EUR, GBP, RMB,
 * as configured), each a card of label–value pairs that stacks on a 320 px screen, with copy buttons
 * for what is typed into a banking app (the reference, the account number, the SWIFT/BIC). Demo
 * accounts say so.
 */
export function BankTransferDetails({ instructions }: { instructions: BankTransferInstructions }) {
  const t = useT();
  const format = useFormat();
  const copy = { label: t('rewards.copy'), copiedLabel: t('rewards.copied'), failedMessage: t('error.copy') };
  const demo = instructions.bankAccounts.some((a) => a.demo);
  return (
    <section aria-labelledby="bank-transfer-heading" className="flex min-w-0 flex-col gap-4">
      <h2 id="bank-transfer-heading" className="text-title">
        {t('checkout.transfer.heading')}
      </h2>
      {demo && (
        <p role="note" className="rounded-control border border-warning-100 bg-warning-50 px-4 py-3 font-medium text-warning-700">
          {t('rewards.transfer.demo')}
        </p>
      )}
      <p>
        {t.rich('checkout.transfer.instructions', {
          amount: format.money(instructions.amountCents),
          reference: instructions.reference,
          strong: (chunks) => <strong>{chunks}</strong>,
          ref: (chunks) => <strong data-testid="transfer-reference">{chunks}</strong>,
        })}
      </p>
      <CopyButton value={instructions.reference} {...copy} accessibleLabel={t('rewards.transfer.copyReference', { reference: instructions.reference })} className="self-start" />
      {instructions.note && <p className="text-neutral-600">{instructions.note}</p>}
      <ul role="list" aria-label={t('checkout.transfer.caption')} className="grid gap-4 md:grid-cols-2">
        {instructions.bankAccounts.map((account) => (
          <li key={account.currency} className="min-w-0 rounded-card border border-neutral-200 bg-neutral-0 p-4 forced-colors:border-[CanvasText]">
            <h3 className="text-title">{account.currency}</h3>
            <dl className="mt-2 flex flex-col gap-2">
              <Row term={t('checkout.transfer.bank')}>{account.bankName}</Row>
              <Row term={t('checkout.transfer.accountName')}>{account.accountName}</Row>
              <Row term={t('checkout.transfer.accountNumber')}>
                <span className="break-all font-mono">{account.accountNumber}</span>
                <CopyButton value={account.accountNumber} {...copy} accessibleLabel={t('rewards.transfer.copyAccount', { currency: account.currency })} />
              </Row>
              <Row term={t('checkout.transfer.swift')}>
                <span className="break-all font-mono">{account.swift}</span>
                <CopyButton value={account.swift} {...copy} accessibleLabel={t('rewards.transfer.copySwift', { currency: account.currency })} />
              </Row>
              <Row term={t('rewards.transfer.address')}>{account.address}</Row>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One label–value pair; the value wraps under the label (long account numbers break anywhere rather than overflow). */
function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-caption text-neutral-600">{term}</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">{children}</dd>
    </div>
  );
}

import type { BankTransferInstructions } from '#domain/api/payment';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';

/** Where to send a bank transfer: the five accounts (USD, HKD, EUR, GBP, RMB) and the reference to quote. */
export function BankTransferDetails({ instructions }: { instructions: BankTransferInstructions }) {
  const t = useT();
  const format = useFormat();
  return (
    <section aria-labelledby="bank-transfer-heading" className="flex flex-col gap-4">
      <h2 id="bank-transfer-heading" className="text-title">
        {t('checkout.transfer.heading')}
      </h2>
      <p>
        {t.rich('checkout.transfer.instructions', {
          amount: format.money(instructions.amountCents),
          reference: instructions.reference,
          strong: (chunks) => <strong>{chunks}</strong>,
          ref: (chunks) => <strong data-testid="transfer-reference">{chunks}</strong>,
        })}
      </p>
      {instructions.note && <p className="text-neutral-600">{instructions.note}</p>}
      <table className="w-full border-collapse text-left text-body">
        <caption className="sr-only">{t('checkout.transfer.caption')}</caption>
        <thead>
          <tr className="border-b border-neutral-300">
            <th scope="col" className="py-2 pr-4">
              {t('checkout.transfer.currency')}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t('checkout.transfer.bank')}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t('checkout.transfer.accountName')}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t('checkout.transfer.accountNumber')}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t('checkout.transfer.swift')}
            </th>
          </tr>
        </thead>
        <tbody>
          {instructions.bankAccounts.map((account) => (
            <tr key={account.currency} className="border-b border-neutral-200 align-top">
              <th scope="row" className="py-2 pr-4">
                {account.currency}
              </th>
              <td className="py-2 pr-4">
                {account.bankName}
                <br />
                <span className="text-caption text-neutral-600">{account.address}</span>
              </td>
              <td className="py-2 pr-4">{account.accountName}</td>
              <td className="py-2 pr-4 font-mono">{account.accountNumber}</td>
              <td className="py-2 pr-4 font-mono">{account.swift}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

import type { BankTransferInstructions } from '#domain/api/payment';
import { formatUsd } from '#domain/pricing/money';

/** Where to send a bank transfer: the five accounts (USD, HKD, EUR, GBP, RMB) and the reference to quote. */
export function BankTransferDetails({ instructions }: { instructions: BankTransferInstructions }) {
  return (
    <section aria-labelledby="bank-transfer-heading" className="flex flex-col gap-4">
      <h2 id="bank-transfer-heading" className="text-title">
        Pay by bank transfer
      </h2>
      <p>
        Transfer <strong>{formatUsd(instructions.amountCents)}</strong> to one of the accounts below and put the reference{' '}
        <strong data-testid="transfer-reference">{instructions.reference}</strong> on the transfer, so we can match it to your order.
      </p>
      {instructions.note && <p className="text-neutral-600">{instructions.note}</p>}
      <table className="w-full border-collapse text-left text-body">
        <caption className="sr-only">Our bank accounts</caption>
        <thead>
          <tr className="border-b border-neutral-300">
            <th scope="col" className="py-2 pr-4">
              Currency
            </th>
            <th scope="col" className="py-2 pr-4">
              Bank
            </th>
            <th scope="col" className="py-2 pr-4">
              Account name
            </th>
            <th scope="col" className="py-2 pr-4">
              Account number
            </th>
            <th scope="col" className="py-2 pr-4">
              SWIFT
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

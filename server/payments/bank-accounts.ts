import type { BankAccount } from '#domain/api/common';
import type { BankTransferInstructions } from '#domain/api/payment';
import { BANK_ACCOUNT_CURRENCIES, type BankCurrency } from '#domain/orders/payments';
import { formatUsd } from '#domain/pricing/money';
import type { ServerConfig } from '../config.ts';

/**
 * Demo accounts for a laptop or a demo (ADR 093): one per currency of spec section 9 (USD, HKD,
 * EUR, GBP, RMB), each marked `demo: true`, which the payment page shows as "demo data, do not send
 * money". Used when BANK_ACCOUNTS=demo, or when nothing is configured outside production.
 */
export const DEMO_BANK_ACCOUNTS: readonly BankAccount[] = BANK_ACCOUNT_CURRENCIES.map((currency) => ({
  currency,
  bankName: 'Demo Bank (demo data: not a real account)',
  accountName: 'Manufacture Demo Ltd',
  accountNumber: `DEMO-${currency}-000000`,
  swift: 'DEMOXXXX',
  address: '1 Demo Street, Demo City',
  demo: true,
}));

/** The accounts customers are shown for a bank transfer: the configured ones, or the demo ones. */
export function bankAccountsOf(config: Pick<ServerConfig, 'bankAccounts'>): BankAccount[] {
  if (config.bankAccounts === 'demo') return [...DEMO_BANK_ACCOUNTS];
  return config.bankAccounts.map((account) => ({ ...account, demo: false }));
}

/** How bank transfers work on this server (ADR 093): whether they are offered, and the accounts shown. */
export interface BankTransferSettings {
  enabled: boolean;
  accounts: readonly BankAccount[];
}

export const DEMO_BANK_TRANSFER: BankTransferSettings = { enabled: true, accounts: DEMO_BANK_ACCOUNTS };

/** Whether bank transfers are offered (BANK_TRANSFER), and the accounts shown for them. */
export function bankTransferSettings(config: Pick<ServerConfig, 'bankAccounts' | 'bankTransferEnabled'>): { enabled: boolean; accounts: BankAccount[] } {
  return { enabled: config.bankTransferEnabled, accounts: config.bankTransferEnabled ? bankAccountsOf(config) : [] };
}

/**
 * Where to send a bank transfer for `reference`: every account (the asked currency first) and what
 * to do; `then` says what happens once the transfer is confirmed (the subject's words).
 */
export function bankInstructions(
  accounts: readonly BankAccount[],
  reference: string,
  amountCents: number,
  options: { currency?: BankCurrency | undefined; then: string },
): BankTransferInstructions {
  const first = options.currency ?? 'USD';
  const others = accounts.map((a) => a.currency).filter((c) => c !== 'USD');
  const inOthers = others.length > 0 ? ` (or the same value in ${others.join(', ').replace(/, ([^,]*)$/, ' or $1')})` : '';
  return {
    reference,
    amountCents,
    currency: 'USD',
    bankAccounts: [...accounts].sort((a, b) => Number(b.currency === first) - Number(a.currency === first)),
    note:
      `Transfer ${formatUsd(amountCents)}${inOthers} to one of these accounts and put ${reference} in the transfer reference. ` +
      `Bank charges are yours. We confirm the transfer when it arrives (usually 1–3 working days) and ${options.then}.`,
  };
}

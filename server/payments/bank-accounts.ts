import type { BankAccount } from '#domain/api/common';
import { BANK_ACCOUNT_CURRENCIES } from '#domain/orders/payments';
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

/** Whether bank transfers are offered (BANK_TRANSFER), and the accounts shown for them. */
export function bankTransferSettings(config: Pick<ServerConfig, 'bankAccounts' | 'bankTransferEnabled'>): { enabled: boolean; accounts: BankAccount[] } {
  return { enabled: config.bankTransferEnabled, accounts: config.bankTransferEnabled ? bankAccountsOf(config) : [] };
}

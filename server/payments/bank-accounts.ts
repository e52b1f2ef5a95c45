import type { BankAccount } from '#domain/api/common';
import { BANK_ACCOUNT_CURRENCIES } from '#domain/orders/payments';

/**
 * The bank accounts offered for transfers (spec section 9: USD, HKD, EUR, GBP, RMB). These are
 * placeholders that say so; the operator replaces them before taking real transfers.
 */
export const BANK_ACCOUNTS: BankAccount[] = BANK_ACCOUNT_CURRENCIES.map((currency) => ({
  currency,
  bankName: 'Example Bank (placeholder: set the real account before going live)',
  accountName: 'Manufacture Ltd',
  accountNumber: `EXAMPLE-${currency}-000000`,
  swift: 'EXAMPLEXXX',
  address: '1 Example Street, Example City',
}));

import type { UserInfo } from './account.ts';

/** Spec section 1: the three processes and their numeric identifiers. */
export const PROCESSES = [
  { id: 22, kind: '3d-printing', name: '3D Printing' },
  { id: 23, kind: 'cnc', name: 'CNC Machining' },
  { id: 27, kind: 'vacuum-casting', name: 'Vacuum Casting' },
] as const;

export type ProcessKind = (typeof PROCESSES)[number]['kind'];

/** Spec section 9. */
export const BANK_ACCOUNT_CURRENCIES = ['USD', 'HKD', 'EUR', 'GBP', 'RMB'] as const;
export type BankCurrency = (typeof BANK_ACCOUNT_CURRENCIES)[number];

export interface BankAccount {
  currency: BankCurrency;
  bankName: string;
  accountName: string;
  accountNumber: string;
  swift: string;
  address: string;
}

export interface Currency {
  code: string;
  symbol: string;
  /** Whether credit cards may pay in it (spec: USD only). */
  card: boolean;
}

/** Business constants of spec section 9 that the app needs at start. */
export interface AppLimits {
  apiTimeoutMs: number;
  minReloadUsd: number;
  historyVisibleYears: number;
  uploadedFileRetentionMonths: number;
  accountDeletionConfirmHours: number;
  contactReplyHours: number;
  usernameMinLength: number;
  usernameMaxLength: number;
  passwordMinLength: number;
  referralCodeMinLength: number;
  referralDiscountPercent: number;
  balanceUpdateMinutes: [number, number];
  avatarMaxBytes: number;
}

/** `GET common/index` (spec sections 4 and 7). `userInfo` is null without a valid full token. */
export interface CommonIndexResponse {
  userInfo: UserInfo | null;
  processes: { id: number; kind: ProcessKind; name: string }[];
  limits: AppLimits;
  bankAccounts: BankAccount[];
  currencies: Currency[];
  quickLogin: { channel: string; name: string }[];
}

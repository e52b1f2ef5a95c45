/** `GET common/index` and the reference data it carries (spec sections 4, 7, 9; ADR 060). */
import { z } from 'zod';
import { UserInfoSchema } from './account.ts';
import { BANK_ACCOUNT_CURRENCIES } from '../orders/payments.ts';
import { described, named } from './fields.ts';

/** Spec section 1: the three processes and their numeric identifiers. */
export const PROCESSES = [
  { id: 22, kind: '3d-printing', name: '3D Printing' },
  { id: 23, kind: 'cnc', name: 'CNC Machining' },
  { id: 27, kind: 'vacuum-casting', name: 'Vacuum Casting' },
] as const;

export type ProcessKind = (typeof PROCESSES)[number]['kind'];


export const BankAccountSchema = named(
  'BankAccount',
  z.object({
    currency: z.enum(BANK_ACCOUNT_CURRENCIES),
    bankName: z.string(),
    accountName: z.string(),
    accountNumber: z.string(),
    swift: z.string(),
    address: z.string(),
    demo: described(z.boolean(), 'Demo data (no BANK_ACCOUNTS configured): not a real account, do not send money.'),
  }),
);
export type BankAccount = z.infer<typeof BankAccountSchema>;

export const CurrencySchema = z.object({
  code: z.string(),
  symbol: z.string(),
  card: described(z.boolean(), 'Whether credit cards may pay in it (spec: USD only).'),
});
export type Currency = z.infer<typeof CurrencySchema>;

/** Business constants of spec section 9 that the app needs at start. */
export const AppLimitsSchema = named(
  'AppLimits',
  z.object({
    apiTimeoutMs: z.int(),
    minReloadUsd: z.int(),
    historyVisibleYears: z.int(),
    uploadedFileRetentionMonths: z.int(),
    accountDeletionConfirmHours: z.number(),
    contactReplyHours: z.int(),
    usernameMinLength: z.int(),
    usernameMaxLength: z.int(),
    passwordMinLength: z.int(),
    referralCodeMinLength: z.int(),
    referralDiscountPercent: z.number(),
    balanceUpdateMinutes: z.tuple([z.number(), z.number()]),
    avatarMaxBytes: z.int(),
  }),
);
export type AppLimits = z.infer<typeof AppLimitsSchema>;

/** `GET common/index` (spec sections 4 and 7). `userInfo` is null without a valid full token. */
export const CommonIndexResponseSchema = named(
  'CommonIndex',
  z.object({
    userInfo: UserInfoSchema.nullable(),
    processes: z.array(z.object({ id: z.union([z.literal(22), z.literal(23), z.literal(27)]), kind: z.enum(['3d-printing', 'cnc', 'vacuum-casting']), name: z.string() })),
    limits: AppLimitsSchema,
    bankAccounts: z.array(BankAccountSchema),
    currencies: z.array(CurrencySchema),
    quickLogin: z.array(z.object({ channel: z.string(), name: z.string() })),
  }),
);
export type CommonIndexResponse = z.infer<typeof CommonIndexResponseSchema>;

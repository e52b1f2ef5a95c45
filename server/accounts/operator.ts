import type { Kysely } from 'kysely';
import { formatUsd } from '#domain/pricing/money';
import { iso, type Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { HttpError, fieldError } from '../errors.ts';
import { parseUsd } from '../payments/amounts.ts';
import { InsufficientBalanceError, postLedgerEntry } from '../payments/ledger.ts';
import { normaliseEmail } from './users.ts';

/** What the operator calls on accounts answer when the email names no account. */
export const OPERATOR_MESSAGES = {
  noAccount: (email: string) => `No account with the email ${email}.`,
  amount: 'The amount must be US dollars, e.g. 25 or -12.50, and not zero.',
  belowZero: (balance: number) => `The balance (${formatUsd(balance)}) cannot go below zero.`,
  noteRequired: 'Please say why the balance changes (the customer sees it in the balance transactions).',
} as const;

async function accountByEmail(db: Kysely<Database>, rawEmail: string) {
  const email = normaliseEmail(rawEmail);
  const user = await db.selectFrom('user_account').select(['id', 'email', 'is_recharge', 'member']).where('email', '=', email).where('deleted_at', 'is', null).executeTakeFirst();
  if (!user) throw fieldError('email', OPERATOR_MESSAGES.noAccount(email));
  return user;
}

/** Operator: whether an account may reload its balance (spec section 6) and whether it is a member. */
export async function setAccountFlags(
  db: Kysely<Database>,
  clock: Clock,
  body: { email: string; isRecharge?: boolean | undefined; member?: boolean | undefined },
): Promise<{ email: string; isRecharge: boolean; member: boolean }> {
  const user = await accountByEmail(db, body.email);
  const isRecharge = body.isRecharge ?? user.is_recharge === 1;
  const member = body.member ?? user.member === 1;
  await db
    .updateTable('user_account')
    .set({ is_recharge: isRecharge ? 1 : 0, member: member ? 1 : 0, updated_at: iso(clock()) })
    .where('id', '=', user.id)
    .execute();
  return { email: user.email, isRecharge, member };
}

/** Operator: a credit or a debit of the balance with a note, through the ledger (ADR 052: never below zero). */
export async function adjustBalance(db: Kysely<Database>, clock: Clock, body: { email: string; amount: string; note: string }): Promise<{ balanceCents: number }> {
  const negative = body.amount.trim().startsWith('-');
  const cents = parseUsd(body.amount.trim().replace(/^[-+]/, ''));
  if (cents === undefined || cents === 0) throw fieldError('amount', OPERATOR_MESSAGES.amount);
  if (!body.note.trim()) throw fieldError('note', OPERATOR_MESSAGES.noteRequired);
  const user = await accountByEmail(db, body.email);
  try {
    const balanceCents = await db.transaction().execute((trx) =>
      postLedgerEntry(trx, { userId: user.id, amountCents: negative ? -cents : cents, kind: 'adjustment', description: body.note, paymentId: null, at: iso(clock()) }),
    );
    return { balanceCents };
  } catch (error) {
    if (error instanceof InsufficientBalanceError) throw new HttpError(422, OPERATOR_MESSAGES.belowZero(error.balanceCents), { amount: [OPERATOR_MESSAGES.belowZero(error.balanceCents)] });
    throw error;
  }
}

import type { OperatorAccountPatch } from '#domain/api/account';
import { EMAIL_PATTERN } from '#domain/rules/account-rules';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { iso, type Clock } from '../clock.ts';
import { fieldError } from '../errors.ts';
import type { UserAccountTable } from '../db/schema.ts';
import { normaliseEmail } from './users.ts';

export const ACCOUNT_RECORD_MESSAGES = {
  unknownEmail: 'No account has this email.',
  managerEmail: 'Please give the customer success manager’s email address.',
  managerName: 'Please give the customer success manager’s name.',
} as const;

/**
 * What customer service sets on an account record (spec sections 1 and 6): a business (member)
 * account, an entrust-order account, whether balance reload is allowed, and the customer success
 * manager. Only the fields sent change. Answers the account's id.
 */
export async function updateAccountRecord(ctx: { db: Kysely<Database>; clock: Clock }, patch: OperatorAccountPatch): Promise<string> {
  const user = await ctx.db
    .selectFrom('user_account')
    .select('id')
    .where('email', '=', normaliseEmail(patch.email))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw fieldError('email', ACCOUNT_RECORD_MESSAGES.unknownEmail, 422);
  const changes: Partial<UserAccountTable> = {};
  if (patch.member !== undefined) changes.member = patch.member ? 1 : 0;
  if (patch.isEntrustOrderAccount !== undefined) changes.is_entrust_order_account = patch.isEntrustOrderAccount ? 1 : 0;
  if (patch.isRecharge !== undefined) changes.is_recharge = patch.isRecharge ? 1 : 0;
  if (patch.customerManager === null) {
    changes.customer_manager_name = null;
    changes.customer_manager_email = null;
  } else if (patch.customerManager) {
    if (!patch.customerManager.name) throw fieldError('customerManager.name', ACCOUNT_RECORD_MESSAGES.managerName);
    if (!EMAIL_PATTERN.test(patch.customerManager.email)) throw fieldError('customerManager.email', ACCOUNT_RECORD_MESSAGES.managerEmail);
    changes.customer_manager_name = patch.customerManager.name;
    changes.customer_manager_email = patch.customerManager.email;
  }
  await ctx.db.updateTable('user_account').set({ ...changes, updated_at: iso(ctx.clock()) }).where('id', '=', user.id).execute();
  return user.id;
}

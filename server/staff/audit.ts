import { randomUUID } from 'node:crypto';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { StaffAction } from '#domain/api/ops';
import type { Database } from '../db/schema.ts';

export type AuditSubject = 'order' | 'additional_cost' | 'reload' | 'staff' | 'staff_invitation' | 'customer' | 'after_sale' | 'quote_review';

export interface StaffActionInput {
  staffId: string;
  /** What was done: `order.ship`, `staff.sign_in`. */
  action: string;
  subject: { kind: AuditSubject; id: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  at: string;
}

/**
 * One line of the audit (ADR 192), written with `trx`: the transaction of the action itself, so an
 * action that rolls back leaves no line and a line never lacks its action.
 */
export async function recordStaffAction(trx: Kysely<Database>, input: StaffActionInput): Promise<void> {
  await trx
    .insertInto('staff_action')
    .values({
      id: randomUUID(),
      staff_id: input.staffId,
      action: input.action,
      subject_kind: input.subject.kind,
      subject_id: input.subject.id,
      before_state: input.before ? JSON.stringify(input.before) : null,
      after_state: input.after ? JSON.stringify(input.after) : null,
      reason: input.reason,
      created_at: input.at,
    })
    .execute();
}

/** The staff actions `where` picks, oldest first, each with who did it: every audit read goes through here. */
export async function readStaffActions(
  db: Kysely<Database>,
  where: (eb: ExpressionBuilder<Database & { a: Database['staff_action'] }, 'a'>) => Expression<SqlBool>,
): Promise<StaffAction[]> {
  const rows = await db
    .selectFrom('staff_action as a')
    .innerJoin('staff_account as s', 's.id', 'a.staff_id')
    .select(['a.id', 'a.action', 'a.before_state', 'a.after_state', 'a.reason', 'a.created_at', 's.name', 's.email'])
    .where((eb) => where(eb))
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
  return rows.map(toStaffAction);
}

/** A subject's audit, oldest first, with who did each action. */
export function readAudit(db: Kysely<Database>, kind: AuditSubject, id: string): Promise<StaffAction[]> {
  return readStaffActions(db, (eb) => eb.and([eb('a.subject_kind', '=', kind), eb('a.subject_id', '=', id)]));
}

/** One audit row, joined with its staff account's name and email, as the console shows it. */
export function toStaffAction(r: { id: string; action: string; before_state: string | null; after_state: string | null; reason: string | null; created_at: string; name: string; email: string }): StaffAction {
  return {
    id: r.id,
    staffName: r.name,
    staffEmail: r.email,
    action: r.action,
    before: r.before_state ? (JSON.parse(r.before_state) as Record<string, unknown>) : null,
    after: r.after_state ? (JSON.parse(r.after_state) as Record<string, unknown>) : null,
    reason: r.reason,
    at: r.created_at,
  };
}

/**
 * An order's audit, oldest first: the staff actions on the order and on the after-sale claims about
 * it (a claim on its products, or the claim it is the refabrication of), so the console's order page
 * shows a claim's approval, refusal or cancellation beside the order's moves (issue 38 item 7).
 */
export function readOrderAudit(db: Kysely<Database>, orderId: string): Promise<StaffAction[]> {
  return readStaffActions(db, (eb) =>
    eb.or([
      eb.and([eb('a.subject_kind', '=', 'order'), eb('a.subject_id', '=', orderId)]),
      eb.and([
        eb('a.subject_kind', '=', 'after_sale'),
        eb('a.subject_id', 'in', eb.selectFrom('after_sale_order').select('id').where((w) => w.or([w('order_id', '=', orderId), w('refabrication_order_id', '=', orderId)]))),
      ]),
    ]),
  );
}

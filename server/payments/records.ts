import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { PaymentMethod, PaymentSummary } from '#domain/api/payment';
import type { Database, PaymentTable } from '../db/schema.ts';
import type { SubjectKind, Via } from './payable.ts';
import type { ChargeResult } from './provider.ts';

export function toPaymentSummary(row: Selectable<PaymentTable>): PaymentSummary {
  return {
    id: row.id,
    method: row.method as PaymentMethod,
    status: row.status as PaymentSummary['status'],
    amountCents: Number(row.amount_cents),
    currency: 'USD',
    provider: row.provider,
    cardBrand: row.card_brand,
    cardLast4: row.card_last4,
    declineCode: row.decline_code,
    message: row.message,
    via: row.via as PaymentSummary['via'],
    createdAt: row.created_at,
  };
}

/** A payment row to write: who paid what for which subject, how, and what the provider said. */
export interface PaymentRecord {
  id?: string;
  userId: string;
  subject: { kind: SubjectKind; id: string };
  amountCents: number;
  method: PaymentMethod;
  status: Selectable<PaymentTable>['status'];
  provider: string;
  via: Via;
  idempotencyKey: string;
  /** The card charge, when the payment went through the provider. */
  charge?: ChargeResult;
  message?: string | null;
}

/** Writes one payment row: the only place a payment is recorded (balance, card, bank transfer, reload). */
export async function recordPayment(trx: Kysely<Database>, at: string, p: PaymentRecord): Promise<Selectable<PaymentTable>> {
  const declined = p.charge?.status === 'declined' ? p.charge : undefined;
  const row: Selectable<PaymentTable> = {
    id: p.id ?? randomUUID(),
    user_id: p.userId,
    subject_kind: p.subject.kind,
    subject_id: p.subject.id,
    method: p.method,
    status: p.status,
    amount_cents: p.amountCents,
    currency: 'USD',
    provider: p.provider,
    provider_charge_id: p.charge?.chargeId ?? null,
    card_brand: p.charge?.brand ?? null,
    card_last4: p.charge?.last4 ?? null,
    card_fingerprint: p.charge?.fingerprint ?? null,
    decline_code: declined?.declineCode ?? null,
    message: declined?.message ?? p.message ?? null,
    via: p.via,
    idempotency_key: p.idempotencyKey,
    created_at: at,
    updated_at: at,
  };
  await trx.insertInto('payment').values(row).execute();
  return row;
}

/** The subject's bank-transfer payment still waiting for the money, if any. */
export function pendingTransferOf(db: Kysely<Database>, subject: { kind: SubjectKind; id: string }) {
  return db
    .selectFrom('payment')
    .selectAll()
    .where('subject_kind', '=', subject.kind)
    .where('subject_id', '=', subject.id)
    .where('method', '=', 'bank_transfer')
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

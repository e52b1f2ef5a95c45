import { describe, expect, test } from 'vitest';
import { auditChanges } from '#features/ops/ops-words';
import { formatterFor } from '#lib/i18n/format';
import { t } from '#lib/i18n/i18n';

const words = { t, money: (cents: number) => formatterFor('en-US').money(cents) };

describe('the staff audit’s changes in words (issue 38)', () => {
  test('a value set where there was none reads "Amount: $25.00", not "from none to $25.00"', () => {
    // A balance adjustment: the balance had a value, the amount is new.
    expect(auditChanges({ before: { balanceCents: 0 }, after: { balanceCents: 2_500, amountCents: 2_500 } }, words)).toEqual(['Balance: from $0.00 to $25.00', 'Amount: $25.00']);
    // An additional cost: nothing before at all.
    expect(auditChanges({ before: null, after: { additionalCost: 'W26000123-1', amountCents: 2_500, status: 'pending_payment' } }, words)).toEqual([
      'Additional cost: W26000123-1',
      'Amount: $25.00',
      'Status: Awaiting payment',
    ]);
    // A success manager given to a customer who had none.
    expect(auditChanges({ before: { successManager: null }, after: { successManager: 'sam@manufacture.local' } }, words)).toEqual(['Success manager: sam@manufacture.local']);
  });

  test('"from … to …" only where there was an earlier value, removals included', () => {
    expect(auditChanges({ before: { member: false, successManager: 'sam@manufacture.local' }, after: { member: true, successManager: null } }, words)).toEqual([
      'Member (business account): from no to yes',
      'Success manager: from sam@manufacture.local to none',
    ]);
    // An order moved on: the statuses in the customer's words, its tracking as a list.
    expect(auditChanges({ before: { status: 'in_production' }, after: { status: 'shipped', tracking: ['UPS 1Z999', 'DHL 42'] } }, words)).toEqual([
      'Status: from In production to Shipped',
      'Tracking: UPS 1Z999, DHL 42',
    ]);
    // A bank transfer confirmed.
    expect(auditChanges({ before: { status: 'awaiting_transfer' }, after: { status: 'paid', receivedCents: 3_000, creditedCents: 0 } }, words)).toEqual([
      'Status: from Awaiting bank transfer to Paid',
      'Received: $30.00',
      'Credited to the balance: $0.00',
    ]);
  });

  test('a claim’s statuses in the staff’s words from the catalogue, never the stored codes', () => {
    expect(auditChanges({ action: 'claim.approve', before: { status: 'submitted' }, after: { status: 'accepted', refabricationOrder: 'W26000321' } }, words)).toEqual([
      'Status: from Waiting for a decision to Approved',
      'Refabrication order: W26000321',
    ]);
    expect(auditChanges({ action: 'claim.refuse', before: { status: 'submitted' }, after: { status: 'rejected' } }, words)).toEqual(['Status: from Waiting for a decision to Refused']);
    expect(auditChanges({ action: 'claim.cancel_refabrication', before: { status: 'accepted' }, after: { status: 'cancelled' } }, words)).toEqual([
      'Status: from Approved to Cancelled (refabrication stopped)',
    ]);
    // The same code on an order is the order's word.
    expect(auditChanges({ action: 'order.cancel_refabrication', before: { status: 'paid' }, after: { status: 'cancelled' } }, words)).toEqual(['Status: from Paid to Cancelled']);
  });

  test('a field or a status the console has no words for shows as recorded', () => {
    expect(auditChanges({ before: { status: 'submitted' }, after: { status: 'on_hold', somethingNew: 3 } }, words)).toEqual(['Status: from submitted to on_hold', 'somethingNew: 3']);
  });
});

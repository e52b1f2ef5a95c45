import { describe, expect, test } from 'vitest';
import { ORDER_STATUSES, nextEvents, transition } from '#domain/orders/order-status';
import { ROLE_PERMISSIONS, STAFF_ORDER_EVENTS, STAFF_ROLES, mayStaff, staffOrderEvents } from '#domain/rules/staff-rules';

describe('what staff may do to an order comes from the lifecycle, not a second rule', () => {
  test('for every status, the console’s moves are exactly the operator’s next events among its own (a paid-for order is no refabrication)', () => {
    for (const status of ORDER_STATUSES) {
      const moves = staffOrderEvents(status);
      expect(moves, status).toEqual(STAFF_ORDER_EVENTS.filter((e) => e !== 'cancel_refabrication' && nextEvents(status, 'operator').includes(e)));
      for (const event of moves) expect(transition(status, event, 'operator').ok).toBe(true);
    }
    expect(staffOrderEvents('paid')).toEqual(['start_production', 'refund']);
    expect(staffOrderEvents('awaiting_transfer')).toEqual(['cancel']);
    expect(staffOrderEvents('delivered')).toEqual([]);
  });

  test('a refabrication made at no charge (ADR 232) may be cancelled until it ships, never refunded; nothing else may be cancelled that way', () => {
    const refab = { somethingPaid: false, refabrication: true };
    expect(staffOrderEvents('paid', refab)).toEqual(['start_production', 'cancel_refabrication']);
    expect(staffOrderEvents('in_production', refab)).toEqual(['ship', 'cancel_refabrication']);
    expect(staffOrderEvents('shipped', refab)).toEqual(['deliver']);
    expect(staffOrderEvents('cancelled', refab)).toEqual([]);
    // Paid for (an ordinary order), or not a claim's refabrication: no such move.
    expect(staffOrderEvents('paid', { somethingPaid: true, refabrication: true })).toEqual(['start_production', 'refund']);
    expect(staffOrderEvents('paid', { somethingPaid: false, refabrication: false })).toEqual(['start_production']);
    // The lifecycle: only an operator, and never once shipped.
    expect(transition('paid', 'cancel_refabrication', 'customer').ok).toBe(false);
    expect(transition('shipped', 'cancel_refabrication', 'operator').ok).toBe(false);
  });

  test('a success manager only reads; an operator does not run the staff; an admin may do all', () => {
    expect(STAFF_ROLES.filter((r) => mayStaff(r, 'orders.move'))).toEqual(['admin', 'operator']);
    expect(STAFF_ROLES.filter((r) => mayStaff(r, 'staff.read'))).toEqual(['admin']);
    expect(ROLE_PERMISSIONS.success_manager).toEqual(['orders.read', 'customers.read']);
  });
});

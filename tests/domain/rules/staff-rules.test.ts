import { describe, expect, test } from 'vitest';
import { ORDER_STATUSES, nextEvents, transition } from '#domain/orders/order-status';
import { ROLE_PERMISSIONS, STAFF_ORDER_EVENTS, STAFF_ROLES, mayStaff, staffOrderEvents } from '#domain/rules/staff-rules';

describe('what staff may do to an order comes from the lifecycle, not a second rule', () => {
  test('for every status, the console’s moves are exactly the operator’s next events among its five', () => {
    for (const status of ORDER_STATUSES) {
      const moves = staffOrderEvents(status);
      expect(moves, status).toEqual(STAFF_ORDER_EVENTS.filter((e) => nextEvents(status, 'operator').includes(e)));
      for (const event of moves) expect(transition(status, event, 'operator').ok).toBe(true);
    }
    expect(staffOrderEvents('paid')).toEqual(['start_production', 'refund']);
    expect(staffOrderEvents('awaiting_transfer')).toEqual(['cancel']);
    expect(staffOrderEvents('delivered')).toEqual([]);
  });

  test('a success manager only reads; an operator does not run the staff; an admin may do all', () => {
    expect(STAFF_ROLES.filter((r) => mayStaff(r, 'orders.move'))).toEqual(['admin', 'operator']);
    expect(STAFF_ROLES.filter((r) => mayStaff(r, 'staff.read'))).toEqual(['admin']);
    expect(ROLE_PERMISSIONS.success_manager).toEqual(['orders.read', 'customers.read']);
  });
});

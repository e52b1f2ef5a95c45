/**
 * The shop's staff (issue 38, ADRs 190–191): their roles, what each may do, and the words of the
 * staff sign-in. Pure data, read by the server (which refuses) and by the console (which offers
 * only what the server would allow).
 */
import { nextEvents, type OrderEvent, type OrderStatus } from '../orders/order-status.ts';

export const STAFF_ROLES = ['admin', 'operator', 'success_manager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * The customers' permissions (issue 38 items 3 and 6, ADR 204): read an account (a success manager:
 * only those assigned to them), set its flags and success manager, adjust its balance, and charge an
 * additional cost on one of its orders.
 */
export const CUSTOMER_PERMISSIONS = ['customers.read', 'customers.manage', 'balance.adjust', 'payments.charge'] as const;

/**
 * What a staff member may do. `orders.read` for a success manager is limited to the customers
 * assigned to them (the account record's customer success manager has their email).
 */
export const STAFF_PERMISSIONS = ['staff.read', 'staff.manage', 'orders.read', 'orders.move', 'payments.confirm', 'claims.decide', 'reviews.answer', ...CUSTOMER_PERMISSIONS] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** Each role's permissions. An admin runs the staff and may stand in for an operator. */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  admin: ['staff.read', 'staff.manage', 'orders.read', 'orders.move', 'payments.confirm', 'claims.decide', 'reviews.answer', ...CUSTOMER_PERMISSIONS],
  operator: ['orders.read', 'orders.move', 'payments.confirm', 'claims.decide', 'reviews.answer', ...CUSTOMER_PERMISSIONS],
  success_manager: ['orders.read', 'customers.read'],
};

export function mayStaff(role: StaffRole, permission: StaffPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Only their assigned customers' orders, for a success manager; every order otherwise. */
export function seesOnlyAssignedCustomers(role: StaffRole): boolean {
  return role === 'success_manager';
}

/**
 * The order events a staff member moves an order with from the console. A bank transfer is
 * confirmed with the amount received (the payments' own path), never by a bare button; paying is
 * the customer's. Which of these are allowed now is the lifecycle's `nextEvents`, never a second rule.
 */
export const STAFF_ORDER_EVENTS = ['start_production', 'ship', 'deliver', 'cancel', 'refund', 'cancel_refabrication'] as const satisfies readonly OrderEvent[];
export type StaffOrderEvent = (typeof STAFF_ORDER_EVENTS)[number];

/** What the lifecycle alone does not know about an order: whether money came in, and whether it is an approved claim's refabrication. */
export interface StaffOrderFacts {
  somethingPaid: boolean;
  refabrication: boolean;
}

/**
 * The events of STAFF_ORDER_EVENTS the lifecycle allows an operator from `status`. A refund gives
 * back what was paid, so it is not offered for an order nothing was paid for (a refabrication made
 * at no charge, ADR 200): there it would only cancel the order, and the server refuses it. Cancelling
 * a refabrication (ADR 232) is offered only for an approved claim's refabrication on which nothing
 * was paid, before it ships (the lifecycle: from paid or in production).
 */
export function staffOrderEvents(status: OrderStatus, facts: StaffOrderFacts = { somethingPaid: true, refabrication: false }): StaffOrderEvent[] {
  const allowed = nextEvents(status, 'operator');
  return STAFF_ORDER_EVENTS.filter((event) => {
    if (!allowed.includes(event)) return false;
    if (event === 'refund') return facts.somethingPaid;
    if (event === 'cancel_refabrication') return facts.refabrication && !facts.somethingPaid;
    return true;
  });
}

/** Events that need a reason the customer reads (cancelling or refunding their order, stopping a refabrication). */
export const REASON_REQUIRED: readonly StaffOrderEvent[] = ['cancel', 'refund', 'cancel_refabrication'];

/** TOTP: 6 digits, 30-second steps, one step of clock drift either way (RFC 6238). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_TOLERANCE_STEPS = 1;
/** Recovery codes given at enrolment, each used once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the step between the password and the second factor stays open. */
export const SECOND_FACTOR_WINDOW_SECONDS = 5 * 60;
/** A staff session: one working day. */
export const STAFF_SESSION_SECONDS = 10 * 3600;
/** How long an invitation's link stays open (ADR 223). */
export const STAFF_INVITATION_DAYS = 3;
/** A staff password is at least this long (a staff account opens every customer's orders). */
export const STAFF_PASSWORD_MIN = 12;

export const STAFF_MESSAGES = {
  signInFailed: 'The email or password is wrong.',
  codeWrong: 'This code is wrong or was already used; enter the current code of your authenticator app, or a recovery code.',
  challengeExpired: 'The sign-in took too long; enter your email and password again.',
  staffOnly: 'Sign in as staff to use the console.',
  notAllowed: 'Your role does not allow this.',
  reasonRequired: 'Please give the reason the customer will read.',
  trackingRequired: 'Please give the carrier and the tracking number.',
  nothingToRefund: 'Nothing was paid for this order (a refabrication made at no charge), so there is nothing to refund.',
  notARefabrication: 'Only a refabrication made at no charge for an approved claim, not yet shipped, can be cancelled this way.',
  passwordShort: `A staff password has at least ${STAFF_PASSWORD_MIN} characters.`,
  emailTaken: 'A staff account already has this email.',
  invitationGone: 'This invitation is no longer valid: it was used, replaced or has expired. Ask an admin for a new one.',
  notYourself: 'You cannot disable your own account.',
  lastAdmin: 'This is the last admin who can sign in: make another admin first.',
  totpWrong: 'This code is wrong or was already used; enter the current code of your authenticator app.',
  /** Too many wrong passwords or codes from this client on one account (ADR 223). */
  throttled: (seconds: number) => `Too many wrong attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
} as const;

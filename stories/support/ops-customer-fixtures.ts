import type { StaffAction } from '#domain/api/ops';
import type { OpsCustomerDetail, OpsCustomerSummary } from '#domain/api/ops-customers';

export const CUSTOMER_ID = '7d0c1a52-3f7e-4a8e-9c11-2b5e0f6a9d01';

/** A customer as the console lists them. */
export function opsCustomerSummary(overrides: Partial<OpsCustomerSummary> = {}): OpsCustomerSummary {
  return {
    id: CUSTOMER_ID,
    email: 'ada@buyer.example',
    name: 'Ada Buyer',
    company: 'Buyer Ltd',
    customerNumber: 'C100042',
    flags: { isRecharge: true, isEntrustOrderAccount: false, member: false, isChannel: false },
    successManager: null,
    balanceCents: 2_500,
    createdAt: '2026-10-02T09:00:00.000Z',
    ...overrides,
  };
}

export const SUCCESS_MANAGERS = [
  { id: 'staff-sm-1', name: 'Sam Success', email: 'sam@shop.example' },
  { id: 'staff-sm-2', name: 'Mia Manager', email: 'mia@shop.example' },
];

export const RECORD_CHANGE: StaffAction = {
  id: 'a1',
  staffName: 'Olga Operator',
  staffEmail: 'olga@shop.example',
  action: 'customer.update',
  before: { member: false, successManager: null },
  after: { member: true, successManager: 'sam@shop.example' },
  reason: 'Signed the business terms',
  at: '2026-11-28T10:00:00.000Z',
};

export const BALANCE_CHANGE: StaffAction = {
  id: 'a2',
  staffName: 'Olga Operator',
  staffEmail: 'olga@shop.example',
  action: 'customer.balance_adjust',
  before: { balanceCents: 0 },
  after: { balanceCents: 2_500, amountCents: 2_500 },
  reason: 'Goodwill for the late delivery',
  at: '2026-11-28T10:05:00.000Z',
};

/** A customer's page for an operator (may change everything) unless overridden. */
export function opsCustomerDetail(overrides: Partial<OpsCustomerDetail> = {}): OpsCustomerDetail {
  return { customer: opsCustomerSummary(), mayManage: true, mayAdjustBalance: true, successManagers: SUCCESS_MANAGERS, audit: [BALANCE_CHANGE], ...overrides };
}

import type { UserInfo } from '#domain/api/account';

/** A signed-in customer's account record, as `account/me` answers it. */
export function customer(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    username: 'ada',
    email: 'ada@example.com',
    customerId: 'C10000001',
    activationEmail: null,
    member: false,
    isEntrustOrderAccount: false,
    detainPopup: false,
    customerManger: null,
    isChannel: false,
    isRecharge: true,
    firstName: 'Ada',
    lastName: 'Lovelace',
    phoneCode: '+44',
    phone: '2079460000',
    company: null,
    title: 'Engineer',
    industry: 'Robotics',
    avatarUrl: null,
    referralCode: 'ADA12345',
    balanceCents: 12_345,
    balanceCurrency: 'USD',
    wePoints: 1_250,
    hasPassword: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

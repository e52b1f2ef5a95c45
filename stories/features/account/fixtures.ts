import type { UserInfo } from '#domain/api/account';
import type { BillingAddress, ShippingAddress } from '#domain/api/address';

/** The story customer's account record. */
export function storyCustomer(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    username: 'dana',
    email: 'dana@example.com',
    customerId: 'C10042001',
    activationEmail: null,
    member: false,
    isEntrustOrderAccount: false,
    detainPopup: false,
    customerManger: null,
    isChannel: false,
    isRecharge: true,
    firstName: 'Dana',
    lastName: 'Demo',
    phoneCode: '+1',
    phone: '4155550100',
    company: 'Demo Robotics Inc.',
    title: 'Engineer',
    industry: 'Robotics',
    avatarUrl: null,
    referralCode: 'DEMO2024',
    balanceCents: 25_680,
    balanceCurrency: 'USD',
    wePoints: 585,
    hasPassword: true,
    createdAt: '2025-10-01T09:00:00.000Z',
    ...overrides,
  };
}

const at = '2026-03-01T09:00:00.000Z';

export const STORY_ADDRESSES: ShippingAddress[] = [
  {
    id: 'a1',
    isDefault: true,
    firstName: 'Dana',
    lastName: 'Demo',
    company: 'Demo Robotics Inc.',
    phoneCode: '+1',
    mobile: '4155550100',
    vatNumber: null,
    countryCode: 'US',
    countryName: 'United States',
    state: 'US-CA',
    stateName: 'California',
    city: 'San Francisco',
    postcode: '94107',
    addressLine1: '500 Demo Street',
    addressLine2: 'Suite 200',
    addressLine3: null,
    createdAt: at,
    updatedAt: at,
  },
  {
    id: 'a2',
    isDefault: false,
    firstName: 'Alex',
    lastName: 'Example',
    company: null,
    phoneCode: '+44',
    mobile: '2079460000',
    vatNumber: 'GB123456789',
    countryCode: 'GB',
    countryName: 'United Kingdom',
    state: null,
    stateName: null,
    city: 'London',
    postcode: 'EC1A 1BB',
    addressLine1: '10 Sample Lane',
    addressLine2: null,
    addressLine3: null,
    createdAt: at,
    updatedAt: at,
  },
];

export const STORY_BILLING: BillingAddress[] = [
  { id: 'b1', companyName: 'Demo Robotics Inc.', name: 'Dana Demo', location: '500 Demo Street, San Francisco, CA 94107, United States', createdAt: at, updatedAt: at },
  { id: 'b2', companyName: null, name: 'Dana Demo', location: '22 Home Road, Oakland, CA 94601, United States', createdAt: at, updatedAt: at },
];

export const STORY_COUNTRIES = [
  { countryCode: 'GB', countryName: 'United Kingdom' },
  { countryCode: 'US', countryName: 'United States' },
];
export const STORY_STATES = [
  { code: 'US-CA', name: 'California' },
  { code: 'US-NY', name: 'New York' },
];
export const STORY_PHONE_CODES = [
  { id: 'GB-44', countryCode: 'GB', countryName: 'United Kingdom', phoneCode: '+44' },
  { id: 'US-1', countryCode: 'US', countryName: 'United States', phoneCode: '+1' },
];

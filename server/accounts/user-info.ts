import type { UserInfo } from '#domain/api/account';
import type { Selectable } from 'kysely';
import type { UserAccountTable } from '../db/schema.ts';

/** The account record as the client sees it (spec section 3, "User"). */
export function toUserInfo(row: Selectable<UserAccountTable>, apiBase: string): UserInfo {
  return {
    username: row.username,
    email: row.email,
    customerId: row.customer_number,
    activationEmail: row.activated_at ? null : row.email,
    member: row.member === 1,
    isEntrustOrderAccount: row.is_entrust_order_account === 1,
    detainPopup: row.detain_popup === 1,
    customerManger:
      row.customer_manager_name && row.customer_manager_email ? { name: row.customer_manager_name, email: row.customer_manager_email } : null,
    isChannel: row.is_channel === 1,
    isRecharge: row.is_recharge === 1,
    firstName: row.first_name,
    lastName: row.last_name,
    phoneCode: row.phone_code,
    phone: row.phone,
    company: row.company,
    title: row.title,
    industry: row.industry,
    avatarUrl: row.avatar_key ? `${apiBase}/files/${row.avatar_key}` : null,
    referralCode: row.referral_code,
    balanceCents: row.balance_cents,
    balanceCurrency: row.balance_currency,
    wePoints: row.we_points,
    hasPassword: row.password_hash !== null,
    createdAt: row.created_at,
  };
}

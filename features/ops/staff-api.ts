import type { StaffList, StaffMe } from '#domain/api/ops';
import type { StaffInvitation, StaffInvitationSent, StaffInviteRequest, StaffRecoveryCodes } from '#domain/api/ops-staff';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '#lib/query-keys';
import { opsApi, staffMe } from './api.ts';

/** The console's calls about the staff themselves (issue 38 item 1, ADR 223). */
export const staffListQuery = () => queryOptions({ queryKey: queryKeys.staff.list, queryFn: ({ signal }) => opsApi<StaffList>('ops/staff', { signal, quiet: true }) });
export const staffMeQuery = () => queryOptions({ queryKey: queryKeys.staff.me, queryFn: ({ signal }): Promise<StaffMe> => staffMe(signal) });

export const inviteStaff = (body: StaffInviteRequest) => opsApi<StaffInvitationSent>('ops/staff/invitations', { method: 'POST', body, quiet: true });
export const setStaffDisabled = (staffId: string, disabled: boolean) =>
  opsApi<StaffList>(`ops/staff/${encodeURIComponent(staffId)}/${disabled ? 'disable' : 'enable'}`, { method: 'POST', body: {}, quiet: true });
export const renewRecoveryCodes = (code: string) => opsApi<StaffRecoveryCodes>('ops/me/recovery-codes', { method: 'POST', body: { code }, quiet: true });

/** The invitation's two open calls (no staff session yet): the key travels in the body. */
export const invitationQuery = (key: string) =>
  queryOptions({ queryKey: queryKeys.staff.invitation(key), queryFn: ({ signal }) => opsApi<StaffInvitation>('ops/invitation', { method: 'POST', body: { key }, signal, quiet: true }) });
export const acceptInvitation = (body: { key: string; password: string; code: string }) =>
  opsApi<StaffRecoveryCodes & { email: string }>('ops/invitation/accept', { method: 'POST', body, quiet: true });

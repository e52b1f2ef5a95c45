import { z } from 'zod';
import { rowId } from '#domain/api/fields';
import { StaffListSchema } from '#domain/api/ops';
import {
  StaffAcceptRequestSchema,
  StaffInvitationKeySchema,
  StaffInvitationSchema,
  StaffInvitationSentSchema,
  StaffInviteRequestSchema,
  StaffRecoveryCodesSchema,
  StaffRenewCodesRequestSchema,
} from '#domain/api/ops-staff';
import { STAFF_INVITATION_DAYS } from '#domain/rules/staff-rules';
import { STAFF_NOT_FOUND, acceptInvitation, inviteStaff, readInvitation, renewRecoveryCodes, setStaffDisabled } from '../staff/staff-admin.ts';
import type { AppContext } from './app-context.ts';
import type { ApiRouter } from './api-router.ts';
import { clientAddress } from './client-address.ts';
import type { StaffOf } from './ops-customer-routes.ts';

/** The calls anyone holding an invitation's link may make (ops-routes.ts opens them without a staff session). */
export const OPEN_STAFF_PATHS = ['/invitation', '/invitation/accept'] as const;

/**
 * The staff run by the staff (issue 38 item 1, ADR 223): an admin (`staff.manage`) invites by mail
 * and disables or enables accounts; the invitation's link opens the two open calls; any staff
 * member renews their own recovery codes. Each change is audited in its transaction.
 */
export function opsStaffRoutes(router: ApiRouter, ctx: AppContext, staffOf: StaffOf, note: string): void {
  router.route({
    method: 'post',
    path: '/staff/invitations',
    summary: 'Invite a staff member by mail (admin): name, email and role; the link works once',
    description: `${note} Valid ${STAFF_INVITATION_DAYS} days; an earlier open invitation to the same email stops working. 422 when a staff account has the email.`,
    auth: 'public',
    status: 201,
    body: StaffInviteRequestSchema,
    response: StaffInvitationSentSchema,
    handler: async (c, { body }) => inviteStaff(ctx, await staffOf(c, 'staff.manage'), body),
  });

  for (const disabled of [true, false]) {
    router.route({
      method: 'post',
      path: `/staff/:id/${disabled ? 'disable' : 'enable'}`,
      summary: disabled
        ? 'Disable a staff account (admin): its sessions stop at once and it cannot sign in; never one’s own, never the last admin (409)'
        : 'Enable a disabled staff account again (admin): it signs in again; its old sessions stay ended',
      description: note,
      auth: 'public',
      params: z.object({ id: rowId() }),
      notFound: STAFF_NOT_FOUND,
      response: StaffListSchema,
      handler: async (c, { params }) => setStaffDisabled(ctx, await staffOf(c, 'staff.manage'), params.id, disabled),
    });
  }

  router.route({
    method: 'post',
    path: '/me/recovery-codes',
    summary: 'New recovery codes for the staff member signed in, after their authenticator’s current code; the earlier ones stop working',
    description: `${note} Wrong codes back off as the second factor's do (429).`,
    auth: 'public',
    body: StaffRenewCodesRequestSchema,
    response: StaffRecoveryCodesSchema,
    handler: async (c, { body }) => renewRecoveryCodes(ctx, await staffOf(c, null), body.code, clientAddress(c, ctx.config.trustProxy)),
  });

  router.route({
    method: 'post',
    path: '/invitation',
    summary: 'An invitation by its mailed key: who the invitee will be and the TOTP secret to enrol',
    description: 'Open to whoever holds the link (the key is sent in the body, kept out of logs); 410 once used, replaced or expired.',
    auth: 'public',
    rateLimit: 'staffSignIn',
    body: StaffInvitationKeySchema,
    response: StaffInvitationSchema,
    handler: (_c, { body }) => readInvitation(ctx, body.key),
  });

  router.route({
    method: 'post',
    path: '/invitation/accept',
    summary: 'Accept an invitation: a password and the authenticator’s current code; answers ten recovery codes, shown once',
    description: 'Open to whoever holds the link; works once (410 after). The staff member then signs in as any other.',
    auth: 'public',
    rateLimit: 'staffSignIn',
    body: StaffAcceptRequestSchema,
    response: StaffRecoveryCodesSchema.extend({ email: z.string() }),
    handler: (_c, { body }) => acceptInvitation(ctx, body),
  });
}

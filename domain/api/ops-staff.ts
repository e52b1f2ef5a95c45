/**
 * Contract of the console's calls about the staff themselves (issue 38 item 1, ADR 223): an admin
 * invites by mail and disables or enables an account; the invitee opens the link, sets a password
 * and enrols TOTP; a staff member renews their recovery codes.
 */
import { z } from 'zod';
import { STAFF_ROLES } from '../rules/staff-rules.ts';
import { MAX, described, instant, named, required, text } from './fields.ts';

export const StaffInviteRequestSchema = named(
  'StaffInviteRequest',
  z.object({
    name: required(text(MAX.name)),
    email: required(text(MAX.email)),
    role: z.enum(STAFF_ROLES),
  }),
);
export type StaffInviteRequest = z.infer<typeof StaffInviteRequestSchema>;

export const StaffInvitationSentSchema = named(
  'StaffInvitationSent',
  z.object({ email: z.string(), expiresAt: described(instant(), 'The link works once, until then.') }),
);
export type StaffInvitationSent = z.infer<typeof StaffInvitationSentSchema>;

export const StaffInvitationKeySchema = named('StaffInvitationKey', z.object({ key: required(text(MAX.id)) }));

/** What the invitee sees before accepting: who they will be, and the secret to enrol in their authenticator app. */
export const StaffInvitationSchema = named(
  'StaffInvitation',
  z.object({
    email: z.string(),
    name: z.string(),
    role: z.enum(STAFF_ROLES),
    expiresAt: instant(),
    totpSecret: described(z.string(), 'Base32; typed into the authenticator app, or read from totpUri.'),
    totpUri: described(z.string(), 'The otpauth:// address an authenticator app reads.'),
  }),
);
export type StaffInvitation = z.infer<typeof StaffInvitationSchema>;

export const StaffAcceptRequestSchema = named(
  'StaffAcceptRequest',
  z.object({
    key: required(text(MAX.id)),
    password: required(z.string().max(MAX.password)),
    code: described(required(text(MAX.id)), 'The authenticator app’s current 6 digits: proves the secret was enrolled.'),
  }),
);
export type StaffAcceptRequest = z.infer<typeof StaffAcceptRequestSchema>;

export const StaffRecoveryCodesSchema = named(
  'StaffRecoveryCodes',
  z.object({ recoveryCodes: described(z.array(z.string()), 'Shown once; each works once. Any earlier codes no longer work.') }),
);
export type StaffRecoveryCodes = z.infer<typeof StaffRecoveryCodesSchema>;

export const StaffRenewCodesRequestSchema = named(
  'StaffRenewCodesRequest',
  z.object({ code: described(required(text(MAX.id)), 'The authenticator app’s current 6 digits.') }),
);
export type StaffRenewCodesRequest = z.infer<typeof StaffRenewCodesRequestSchema>;

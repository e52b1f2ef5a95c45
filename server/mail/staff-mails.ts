import type { StaffRole } from '#domain/rules/staff-rules';
import type { Mail } from './mailer.ts';

const ROLE_WORDS: Readonly<Record<StaffRole, string>> = { admin: 'an admin', operator: 'an operator', success_manager: 'a customer success manager' };

/** The texts of the staff console's mails (issue 38 item 1, ADR 223); the services decide when to send. */
export const staffMails = {
  // The key travels in the link only, as the password reset's does.
  invitation: (to: string, name: string, role: StaffRole, invitedBy: string, link: string, days: number): Mail => ({
    to,
    subject: 'You are invited to the Manufacture staff console',
    text:
      `Hello ${name},\n\n${invitedBy} invited you to the Manufacture staff console as ${ROLE_WORDS[role]}.\n\n` +
      `Open this link to choose your password and set up your authenticator app:\n${link}\n\n` +
      `The link works once and is valid for ${days} days. If you did not expect it, ignore this email.`,
    links: [link],
  }),
};

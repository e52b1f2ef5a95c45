import type { Mail } from './mailer.ts';

/**
 * The texts of the mails the account calls send (sign-up activation, password reset, account
 * deletion, the contact form). One place for their words; the services decide when to send.
 */
export const accountMails = {
  activation: (to: string, link: string): Mail => ({
    to,
    subject: 'Activate your Manufacture account',
    text: `Welcome to Manufacture.\n\nOpen this link to activate your account:\n${link}\n\nThe link is valid for 7 days. If you did not sign up, ignore this email.`,
    links: [link],
  }),

  // The key travels in the link only: nobody types a 43-character code (issue 35).
  passwordReset: (to: string, link: string): Mail => ({
    to,
    subject: 'Reset your Manufacture password',
    text: `Open this link to choose a new password:\n${link}\n\nThe link is valid for 2 hours and works once. If you did not ask for it, ignore this email.`,
    links: [link],
  }),

  /** `balance`: the prepaid balance given up with the account, in words (ADR 150); null when none. */
  deletion: (to: string, link: string, balance: string | null = null): Mail => ({
    to,
    subject: 'Confirm the deletion of your Manufacture account',
    text:
      `Open this link to delete your account and sign out everywhere:\n${link}\n\n` +
      (balance ? `Your balance of ${balance} is given up with the account, as you confirmed: it cannot be refunded after the deletion. To keep it, do not open the link; spend it on an order or ask us for a refund through Contact us.\n\n` : '') +
      `The link is valid for 24 hours. If you did not ask for it, ignore this email and change your password.`,
    links: [link],
  }),

  contactToSupport: (
    to: string,
    from: { name: string; email: string; phone: string | null; subject: string; orderNumber: string | null; message: string },
  ): Mail => ({
    to,
    // One line: what a person typed never becomes a second header line.
    subject: `Contact request from ${from.name}: ${from.subject}`.replace(/\s+/g, ' '),
    text: `From: ${from.name} <${from.email}>${from.phone ? `\nPhone: ${from.phone}` : ''}${from.orderNumber ? `\nOrder: ${from.orderNumber}` : ''}\nSubject: ${from.subject}\n\n${from.message}`,
    links: [],
  }),

  contactReceipt: (to: string, name: string): Mail => ({
    to,
    subject: 'We received your message',
    text: `Hello ${name},\n\nThank you for contacting Manufacture. We reply within 24 hours.`,
    links: [],
  }),
};

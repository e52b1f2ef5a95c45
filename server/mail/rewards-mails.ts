import type { Mail } from './mailer.ts';

/** The texts of the rewards mails (issue 14): one place for their words; the services decide when to send. */
export const rewardsMails = {
  invitation: (to: string, p: { inviter: string; link: string; code: string; percent: number; note: string | null }): Mail => ({
    to,
    subject: `${p.inviter} invites you to Manufacture: ${p.percent}% off your first order`,
    text:
      `${p.inviter} uses Manufacture for 3D printing, CNC machining and vacuum casting, and invites you to try it.\n\n` +
      (p.note ? `${p.inviter} writes: “${p.note}”\n\n` : '') +
      `Upload a model for an instant quote, then sign up through this link to get ${p.percent}% off your first order:\n${p.link}\n\n` +
      `Or enter the referral code ${p.code} when you sign up.\n\nIf you do not know ${p.inviter}, ignore this email.`,
    links: [p.link],
  }),
};

import type { Mail } from './mailer.ts';

/** The texts of the quote's mails (issue 34): one place for their words; the services decide when to send. */
export const quoteMails = {
  reviewAnswered: (
    to: string,
    p: { part: string; quantity: number; unitPrice: string; total: string; leadTimeDays: number; heldUntil: string; message: string | null; link: string },
  ): Mail => ({
    to,
    subject: `Your part "${p.part}" has a price`,
    text:
      `Our engineers reviewed "${p.part}" and priced it: ${p.unitPrice} per part, ${p.total} for ${p.quantity}, ` +
      `made in ${p.leadTimeDays} working day${p.leadTimeDays === 1 ? '' : 's'} after you order.\n\n` +
      (p.message ? `They write: “${p.message}”\n\n` : '') +
      `The price holds until ${p.heldUntil}. Add the part to your cart from your project:\n${p.link}\n\n` +
      'Prices are EXW (Incoterms 2020): shipping, duties and taxes are not included.',
    links: [p.link],
  }),
  reviewRefused: (to: string, p: { part: string; reason: string; link: string }): Mail => ({
    to,
    subject: `Your part "${p.part}" could not be quoted`,
    text: `Our engineers reviewed "${p.part}" and cannot make it as it is:\n\n“${p.reason}”\n\nYou can change the part and send it again from your project:\n${p.link}`,
    links: [p.link],
  }),
};

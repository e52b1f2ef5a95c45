import type { Mail } from './mailer.ts';

/** An order's number and the link to its page, for the mails the staff's moves send (issue 38). */
export interface OrderMailSubject {
  to: string;
  number: string;
  link: string;
}

/** The moves of an order an operator makes, each with its mail. */
export type OrderMoveEvent = 'start_production' | 'ship' | 'deliver' | 'cancel' | 'refund';

const footer = (link: string) => `\n\nYour order's page: ${link}`;

/**
 * The mails a customer gets when staff move their order (issue 38, ADR 193). One place for their
 * words; the staff console's service decides when, and enqueues them in the move's transaction.
 */
export const orderMails = {
  inProduction: ({ to, number, link }: OrderMailSubject): Mail => ({
    to,
    subject: `Order ${number} is in production`,
    text: `Your order ${number} is now in production.${footer(link)}`,
    links: [link],
  }),

  shipped: ({ to, number, link }: OrderMailSubject, packages: readonly { carrier: string; trackingNumber: string }[]): Mail => ({
    to,
    subject: `Order ${number} has shipped`,
    text:
      packages.length === 1
        ? `Your order ${number} has shipped with ${packages[0]!.carrier}, tracking number ${packages[0]!.trackingNumber}.${footer(link)}`
        : `Your order ${number} has shipped in ${packages.length} packages:\n${packages.map((p) => `- ${p.carrier}, tracking number ${p.trackingNumber}`).join('\n')}${footer(link)}`,
    links: [link],
  }),

  delivered: ({ to, number, link }: OrderMailSubject): Mail => ({
    to,
    subject: `Order ${number} was delivered`,
    text: `Your order ${number} was delivered. If anything is wrong with the parts, you can ask for an after-sale from the order's page.${footer(link)}`,
    links: [link],
  }),

  cancelled: ({ to, number, link }: OrderMailSubject, reason: string | null): Mail => ({
    to,
    subject: `Order ${number} was cancelled`,
    text: `We cancelled your order ${number}.${reason ? `\n\nReason: ${reason}` : ''}${footer(link)}`,
    links: [link],
  }),

  refunded: ({ to, number, link }: OrderMailSubject, reason: string | null): Mail => ({
    to,
    subject: `Order ${number} was cancelled and refunded`,
    text: `We cancelled your order ${number} and gave the money back the way it was paid (a card payment to the card, a balance or bank-transfer payment to your prepaid balance).${reason ? `\n\nReason: ${reason}` : ''}${footer(link)}`,
    links: [link],
  }),

  /** The mail of an operator's move, whoever made it (the staff console, the admin token). */
  forEvent: (
    subject: OrderMailSubject,
    event: OrderMoveEvent,
    details: { reason: string | null; packages?: readonly { carrier: string; trackingNumber: string }[] },
  ): Mail => {
    switch (event) {
      case 'start_production':
        return orderMails.inProduction(subject);
      case 'ship':
        return orderMails.shipped(subject, details.packages ?? []);
      case 'deliver':
        return orderMails.delivered(subject);
      case 'cancel':
        return orderMails.cancelled(subject, details.reason);
      case 'refund':
        return orderMails.refunded(subject, details.reason);
    }
  },

  additionalCost: ({ to, number, link }: OrderMailSubject, cost: { number: string; amount: string; reason: string; payLink: string }): Mail => ({
    to,
    subject: `Additional cost ${cost.number} for order ${number}`,
    text: `We added an additional cost of ${cost.amount} to your order ${number}.\n\nReason: ${cost.reason}\n\nPay it here: ${cost.payLink}\n\nYour additional-cost orders: ${link}`,
    links: [cost.payLink, link],
  }),

  /**
   * Staff confirmed the customer's bank transfer (issue 38 item 3): what it paid and, when more came
   * than was due, that the rest went to the prepaid balance. `subject` names what was paid: an
   * order, an additional cost or a balance reload.
   */
  transferConfirmed: (
    { to, link }: { to: string; link: string },
    paid: { what: 'order' | 'additional_cost' | 'reload'; reference: string; received: string; credited: string | null },
  ): Mail => {
    const noun = { order: 'order', additional_cost: 'additional cost', reload: 'balance reload' }[paid.what];
    const rest =
      paid.what === 'reload'
        ? `\n\n${paid.received} was added to your prepaid balance.`
        : paid.credited
          ? `\n\nWe received more than was due: ${paid.credited} went to your prepaid balance.`
          : '';
    return {
      to,
      subject: `Bank transfer received for ${noun} ${paid.reference}`,
      text: `We received your bank transfer of ${paid.received} for ${noun} ${paid.reference}; it is paid.${rest}\n\nSee it here: ${link}`,
      links: [link],
    };
  },

  /** Staff approved the customer's after-sale claim (issue 38 item 4): the refabrication order made at no charge. */
  claimApproved: ({ to, link }: { to: string; link: string }, claim: { number: string; orderNumber: string; refabrication: string }): Mail => ({
    to,
    subject: `After-sale ${claim.number} approved`,
    text: `We approved your after-sale request ${claim.number} for order ${claim.orderNumber}. We will make the parts again at no charge as order ${claim.refabrication}; you will be mailed when it ships.\n\nYour after-sale requests: ${link}`,
    links: [link],
  }),

  /** Staff refused the customer's after-sale claim, with the reason they gave. */
  claimRefused: ({ to, link }: { to: string; link: string }, claim: { number: string; orderNumber: string; reason: string }): Mail => ({
    to,
    subject: `After-sale ${claim.number} refused`,
    text: `We could not accept your after-sale request ${claim.number} for order ${claim.orderNumber}.\n\nReason: ${claim.reason}\n\nYour after-sale requests: ${link}`,
    links: [link],
  }),

  /**
   * Staff cancelled the refabrication of an approved claim before it shipped (ADR 232): nothing was
   * paid, so nothing is given back; the claim no longer holds its quantities.
   */
  refabricationCancelled: ({ to, link }: { to: string; link: string }, claim: { number: string; orderNumber: string; refabrication: string; reason: string }): Mail => ({
    to,
    subject: `Refabrication ${claim.refabrication} cancelled`,
    text: `We cancelled order ${claim.refabrication}, the refabrication at no charge of your after-sale request ${claim.number} for order ${claim.orderNumber}. Nothing was charged for it, so there is nothing to refund.\n\nReason: ${claim.reason}\n\nIf parts still need to be made again, you can send a new after-sale request: ${link}`,
    links: [link],
  }),
};

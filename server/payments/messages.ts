/** The payments' own words (a subject's words are its owner's: orders say "order", reloads "reload"). */
export const PAYMENT_MESSAGES = {
  providerDown: 'We could not reach the card provider. Please try again in a moment with the same payment (you will not be charged twice).',
  reloadDisabled: 'Balance reload is not enabled for this account.',
  cardNumbersRefused: 'Send the paymentMethodId from the card form; card numbers are not accepted by this server.',
  bankTransferOff: 'Bank transfer is not available at the moment; please pay by card or with your balance.',
  cardUsdOnly: 'Credit card payment is USD only.',
  positiveAmount: 'The amount must be a positive amount of US dollars.',
  notFound: (number: string) => `No order, additional cost or reload numbered ${number}.`,
} as const;

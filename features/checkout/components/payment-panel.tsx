import { useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { BANK_ACCOUNT_CURRENCIES } from '#domain/orders/payments';
import type { CardInput, PayResponse, PaymentMethod } from '#domain/api/payment';
import { SANDBOX_TEST_CARDS, groupCardNumber } from '#domain/orders/sandbox-cards';
import { MIN_RELOAD_USD } from '#domain/rules/balance-rules';
import { CHECKOUT_MESSAGES, cardDigits, fullCardYear } from '#domain/rules/checkout-rules';
import { lazySuite, useLazy } from '#lib/forms/lazy-suite';
import { useFormat } from '#lib/i18n/format';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import {
  checkoutPaymentMachine,
  selectBankTransfer,
  selectCanRetrySameAttempt,
  selectIsPaying,
  selectShortfallCents,
} from '#machines/checkout-payment-machine';
import { Button } from '#ui/button';
import { Form } from '#ui/form';
import { Link } from '#ui/link';
import { Radio, RadioGroup } from '#ui/radio-group';
import { TextField } from '#ui/text-field';
import type { PayCall } from '../api.ts';
import { methodPhrase, paymentMessages, paymentStatusText } from '../payment-words.ts';
import { BankTransferDetails } from './bank-transfer-details.tsx';

const paymentSuite = lazySuite(async () => (await import('#domain/rules/checkout-suites')).paymentSuite);
type PaymentSuite = NonNullable<typeof paymentSuite.loaded>;

export interface PaymentPanelProps {
  amountCents: number;
  methods: readonly PaymentMethod[];
  /** The payer's balance (signed-in payers of their own order only). */
  balanceCents?: number | null;
  /** Whether the account may reload its balance (a link to the reload page when it is short). */
  canReload?: boolean;
  /**
   * Where the shortfall link goes, given the shortfall in cents (the reload page, with the amount to
   * suggest and the way back to what is being paid); the plain reload page when absent.
   */
  reloadHref?: (shortfallCents: number) => string;
  pay: (call: PayCall) => Promise<PayResponse>;
  /** Called once when the payment succeeded (not for a bank transfer, which shows its accounts here). */
  onPaid?: (response: PayResponse) => void;
  /** Called once when a bank transfer was chosen: what is paid now awaits the transfer (its new status). */
  onTransferChosen?: (response: PayResponse) => void;
  /** Shown under the bank accounts once the transfer is chosen (e.g. a link to the order). */
  afterTransfer?: React.ReactNode;
}

const RELOAD_PAGE = '/user/account/balance/reload';

const METHOD_TITLES: Record<PaymentMethod, MessageKey> = {
  balance: 'checkout.pay.method.balance',
  card: 'checkout.pay.method.card',
  bank_transfer: 'checkout.pay.method.bankTransfer',
};

/** The sandbox's test cards, as the test-mode help names them. */
const SANDBOX_CARDS = {
  succeeds: groupCardNumber(SANDBOX_TEST_CARDS.succeeds),
  declined: groupCardNumber(SANDBOX_TEST_CARDS.declined),
  insufficientFunds: groupCardNumber(SANDBOX_TEST_CARDS.insufficientFunds),
};

interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

function parseExpiry(expiry: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  return { expMonth: Number(match[1]), expYear: Number(match[2]) };
}

/** The shared payment rules (checkout-rules.ts, the server runs the same), on the form's fields. */
function cardErrors(paymentSuite: PaymentSuite | null, values: CardValues, now: Date): Partial<Record<keyof CardValues, string>> {
  if (!paymentSuite) return {};
  const expiry = parseExpiry(values.expiry);
  const card = { number: values.number, expMonth: expiry?.expMonth ?? null, expYear: expiry?.expYear ?? null, cvc: values.cvc };
  const found = paymentSuite.runStatic({ method: 'card', card }, { now, balanceAllowed: false, methods: ['card'] }).getErrors();
  const errors: Partial<Record<keyof CardValues, string>> = {};
  for (const field of ['number', 'expiry', 'cvc'] as const) {
    const message = found[`card.${field}`]?.[0];
    if (message) errors[field] = message;
  }
  return errors;
}

function toCard(values: CardValues): CardInput {
  const expiry = parseExpiry(values.expiry)!;
  return {
    number: cardDigits(values.number),
    expMonth: expiry.expMonth,
    expYear: fullCardYear(expiry.expYear),
    cvc: values.cvc.trim(),
    ...(values.name.trim() ? { name: values.name.trim() } : {}),
  };
}

/**
 * Paying one thing, driven by the checkout payment machine: the method (balance with the amount due,
 * a card in USD, or a bank transfer), a confirmation, then the result. Every change of where the
 * payment stands is announced politely; failures are alerts.
 */
export function PaymentPanel({ amountCents, methods, balanceCents = null, canReload = false, reloadHref, pay, onPaid, onTransferChosen, afterTransfer }: PaymentPanelProps) {
  const t = useT();
  const format = useFormat();
  const actor = useActorRef(
    checkoutPaymentMachine.provide({ actors: { pay: fromPromise(({ input }: { input: PayCall }) => pay(input)) } }),
    { input: { amountCents, methods, balanceCents, messages: paymentMessages(t) } },
  );
  const context = useSelector(actor, (s) => s.context);
  const stateValue = useSelector(actor, (s) => s.value);
  const status = useSelector(actor, (s) => paymentStatusText(s, t, format));
  const amount = format.money(amountCents);
  const strong = (chunks: React.ReactNode[]) => <strong>{chunks}</strong>;
  const isPaying = useSelector(actor, selectIsPaying);
  const shortfall = useSelector(actor, selectShortfallCents);
  const transfer = useSelector(actor, selectBankTransfer);
  const canRetrySame = useSelector(actor, selectCanRetrySameAttempt);

  const [card, setCard] = useState<CardValues>({ number: '', expiry: '', cvc: '', name: '' });
  const [cardChecked, setCardChecked] = useState(false);
  const [now] = useState(() => new Date());
  const suite = useLazy(paymentSuite);
  const errors = cardErrors(suite, card, now);
  // The card rules' chunk could not be fetched (ADR 140): said in the card form; the next press fetches it again.
  const [rulesFailed, setRulesFailed] = useState(false);
  const showCardErrors = cardChecked && context.method === 'card';

  // Focus follows the step: the confirmation's heading, then the failure, so keyboard and screen-reader users land on what changed.
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const failureAlert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (stateValue === 'confirming') confirmHeading.current?.focus();
    if (stateValue === 'failed') failureAlert.current?.focus();
  }, [stateValue]);

  // The balance may arrive or change after the panel started (the account loading, a reload in another tab).
  useEffect(() => {
    if (balanceCents !== null) actor.send({ type: 'balance.updated', balanceCents });
  }, [actor, balanceCents]);

  useEffect(() => {
    if (!onPaid) return;
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.matches('succeeded') && snapshot.context.result) onPaid(snapshot.context.result);
    });
    return () => subscription.unsubscribe();
  }, [actor, onPaid]);

  useEffect(() => {
    if (!onTransferChosen) return;
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.matches('awaitingTransfer') && snapshot.context.result) onTransferChosen(snapshot.context.result);
    });
    return () => subscription.unsubscribe();
  }, [actor, onTransferChosen]);

  const review = () => {
    if (context.method === 'card') {
      setCardChecked(true);
      // The rules not there yet (the first moments, ADR 140): the review goes on once they have arrived.
      if (!paymentSuite.loaded) {
        setRulesFailed(false);
        paymentSuite.load().then(review, () => setRulesFailed(true));
        return;
      }
      if (Object.keys(cardErrors(paymentSuite.loaded, card, new Date())).length > 0) {
        queueMicrotask(() => document.querySelector<HTMLElement>('[data-card-form] [aria-invalid="true"]')?.focus());
        return;
      }
      actor.send({ type: 'payment.review', card: toCard(card) });
      return;
    }
    actor.send({ type: 'payment.review' });
  };

  const cardField = (name: keyof CardValues) => ({
    name,
    value: card[name],
    onChange: (value: string) => setCard((c) => ({ ...c, [name]: value })),
    isInvalid: showCardErrors && !!errors[name],
    errorMessage: showCardErrors ? errors[name] : undefined,
  });

  const live = (
    <p role="status" aria-live="polite" className="text-body text-neutral-700" data-testid="payment-status">
      {status}
    </p>
  );

  if (stateValue === 'awaitingTransfer' && transfer) {
    return (
      <div className="flex flex-col gap-4">
        {live}
        <BankTransferDetails instructions={transfer} />
        {afterTransfer}
      </div>
    );
  }

  if (stateValue === 'succeeded') {
    return (
      <div className="flex flex-col gap-4">
        {live}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <p className="text-title">{t.rich('checkout.pay.amountDue', { amount, strong: (chunks) => <strong data-testid="amount-due">{chunks}</strong> })}</p>

      {(stateValue === 'choosing' || stateValue === 'failed') && (
        <Form
          aria-label={t('checkout.pay.methodLabel')}
          onSubmit={(event) => {
            event.preventDefault();
            if (stateValue === 'failed') actor.send({ type: 'payment.back' });
            review();
          }}
        >
          <RadioGroup
            label={t('checkout.pay.methodLabel')}
            value={context.method}
            onChange={(value) => actor.send({ type: 'method.changed', method: value as PaymentMethod })}
            isInvalid={!!context.methodError && context.methodError === CHECKOUT_MESSAGES.paymentMethodRequired}
            errorMessage={context.methodError === CHECKOUT_MESSAGES.paymentMethodRequired ? context.methodError : undefined}
            isRequired
          >
            {methods.map((method) => (
              <Radio
                key={method}
                value={method}
                description={
                  method === 'balance' && balanceCents !== null
                    ? shortfall > 0
                      ? t('checkout.pay.balanceShort', { balance: format.money(context.balanceCents ?? balanceCents), shortfall: format.money(shortfall) })
                      : t('checkout.pay.balance', { balance: format.money(context.balanceCents ?? balanceCents) })
                    : method === 'card'
                      ? t('checkout.pay.cardHint')
                      : method === 'bank_transfer'
                        ? t('checkout.pay.transferHint', { currencies: format.list(BANK_ACCOUNT_CURRENCIES) })
                        : undefined
                }
              >
                {t(METHOD_TITLES[method])}
              </Radio>
            ))}
          </RadioGroup>

          {context.method === 'balance' && shortfall > 0 && canReload && (
            <p>
              {t.rich('checkout.pay.reload', { minimum: MIN_RELOAD_USD, link: (chunks) => <Link href={reloadHref?.(shortfall) ?? RELOAD_PAGE}>{chunks}</Link> })}
            </p>
          )}

          {context.method === 'card' && (
            <fieldset data-card-form className="flex flex-col gap-4 rounded-control border border-neutral-300 p-4">
              <legend className="px-1 font-medium">{t('checkout.card.legend')}</legend>
              <p id="sandbox-help" className="text-caption text-neutral-600">
                {t('checkout.card.sandbox', SANDBOX_CARDS)}
              </p>
              <TextField {...cardField('number')} label={t('checkout.card.number')} autoComplete="cc-number" inputMode="numeric" isRequired />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField {...cardField('expiry')} label={t('checkout.card.expiry')} autoComplete="cc-exp" placeholder={t('checkout.card.expiryPlaceholder')} isRequired />
                <TextField {...cardField('cvc')} label={t('checkout.card.cvc')} autoComplete="cc-csc" inputMode="numeric" isRequired />
              </div>
              <TextField {...cardField('name')} label={t('checkout.card.name')} autoComplete="cc-name" />
              {context.methodError === CHECKOUT_MESSAGES.cardRequired && <p role="alert">{context.methodError}</p>}
              {rulesFailed && <p role="alert">{t('error.reload')}</p>}
            </fieldset>
          )}

          {stateValue === 'failed' && context.failure && (
            <div role="alert" ref={failureAlert} tabIndex={-1} className="rounded-control border border-danger-600 bg-danger-50 px-4 py-3 text-danger-700 outline-0">
              <p className="font-medium">{context.failure.message}</p>
              {context.failure.kind === 'insufficient_balance' && (
                <p>
                  {t('checkout.pay.failure.short', {
                    balance: format.money(context.failure.balanceCents),
                    shortfall: format.money(context.failure.shortfallCents),
                    reload: canReload ? 'yes' : 'no',
                  })}
                </p>
              )}
              {context.failure.kind === 'declined' && <p>{t('checkout.pay.failure.declined')}</p>}
            </div>
          )}

          <div className="flex flex-wrap gap-3">
            {canRetrySame ? (
              <Button onPress={() => actor.send({ type: 'retry' })}>{t('common.tryAgain')}</Button>
            ) : (
              <Button type="submit">{stateValue === 'failed' ? t('common.tryAgain') : t('checkout.pay.continue')}</Button>
            )}
          </div>
        </Form>
      )}

      {(stateValue === 'confirming' || stateValue === 'paying') && context.method && (
        <section aria-labelledby="confirm-payment-heading" className="flex flex-col gap-4">
          <h2 id="confirm-payment-heading" ref={confirmHeading} tabIndex={-1} className="text-title outline-0">
            {t('checkout.pay.confirmHeading')}
          </h2>
          <p>{t.rich('checkout.pay.confirmBody', { amount, method: methodPhrase(context.method, context.card, t), strong })}</p>
          <div className="flex flex-wrap gap-3">
            <Button onPress={() => actor.send({ type: 'payment.submit' })} isPending={isPaying}>
              {context.method === 'bank_transfer' ? t('checkout.pay.showAccounts') : t('checkout.pay.submit', { amount })}
            </Button>
            <Button variant="secondary" onPress={() => actor.send({ type: 'payment.back' })} isDisabled={isPaying}>
              {t('checkout.pay.changeMethod')}
            </Button>
          </div>
        </section>
      )}

      {live}
    </div>
  );
}

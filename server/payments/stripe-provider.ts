import {
  ProviderRequestError,
  ProviderUnavailableError,
  type ChargeRequest,
  type ChargeResult,
  type PaymentProvider,
  type RefundRequest,
} from './provider.ts';

export interface StripeOptions {
  secretKey: string;
  /** `https://api.stripe.com` unless STRIPE_API_BASE says otherwise (tests: a fake on 127.0.0.1). */
  apiBase: string;
  fetch: typeof fetch;
  timeoutMs?: number;
}

interface StripeError {
  error?: { type?: string; code?: string; decline_code?: string; message?: string; payment_intent?: { id?: string } };
}

interface StripePaymentIntent {
  id: string;
  status: string;
  latest_charge?: { payment_method_details?: { card?: { brand?: string; last4?: string; fingerprint?: string } } } | string | null;
}

/**
 * A Stripe-compatible REST adapter (ADR 053): PaymentIntents confirmed on the server with the
 * payment method id from the provider's card form, our idempotency key as Stripe's, refunds through
 * /v1/refunds. Card numbers never reach this server with it. 3-D Secure (`requires_action`) is not
 * supported yet and answers a decline that says so.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly acceptsCardNumbers = false;

  constructor(private readonly options: StripeOptions) {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (request.source.kind !== 'payment_method') {
      throw new ProviderRequestError('Send the paymentMethodId from the card form; card numbers are not accepted by this server.');
    }
    const form = new URLSearchParams({
      amount: String(request.amountCents),
      currency: request.currency.toLowerCase(),
      payment_method: request.source.id,
      confirm: 'true',
      'payment_method_types[]': 'card',
      description: request.description,
      'expand[]': 'latest_charge',
    });
    for (const [key, value] of Object.entries(request.metadata)) form.set(`metadata[${key}]`, value);
    const { status, body } = await this.post<StripePaymentIntent & StripeError>('/v1/payment_intents', form, request.idempotencyKey);
    if (status === 402 || body.error?.type === 'card_error') {
      return {
        status: 'declined',
        chargeId: body.error?.payment_intent?.id ?? null,
        declineCode: body.error?.decline_code ?? body.error?.code ?? 'card_declined',
        message: body.error?.message ?? 'Your card was declined.',
        brand: null,
        last4: null,
      };
    }
    if (status >= 400) throw new ProviderRequestError(body.error?.message ?? `The card provider refused the request (${status}).`);
    const card = typeof body.latest_charge === 'object' && body.latest_charge ? body.latest_charge.payment_method_details?.card : undefined;
    if (body.status === 'succeeded') return { status: 'succeeded', chargeId: body.id, brand: card?.brand ?? null, last4: card?.last4 ?? null, fingerprint: card?.fingerprint ?? null };
    return {
      status: 'declined',
      chargeId: body.id,
      declineCode: body.status === 'requires_action' ? 'authentication_required' : `status_${body.status}`,
      message:
        body.status === 'requires_action'
          ? 'This card asks for authentication (3-D Secure), which this checkout does not support yet; please use another card.'
          : 'The card payment did not complete; please try another card.',
      brand: card?.brand ?? null,
      last4: card?.last4 ?? null,
      fingerprint: card?.fingerprint ?? null,
    };
  }

  async refund(request: RefundRequest): Promise<{ refundId: string }> {
    const form = new URLSearchParams({ payment_intent: request.chargeId, amount: String(request.amountCents) });
    const { status, body } = await this.post<{ id: string } & StripeError>('/v1/refunds', form, request.idempotencyKey);
    if (status >= 400) throw new ProviderRequestError(body.error?.message ?? `The card provider refused the refund (${status}).`);
    return { refundId: body.id };
  }

  private async post<T>(path: string, form: URLSearchParams, idempotencyKey: string): Promise<{ status: number; body: T }> {
    let res: Response;
    try {
      res = await this.options.fetch(`${this.options.apiBase.replace(/\/$/, '')}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.options.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': idempotencyKey,
        },
        body: form.toString(),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
      });
    } catch (error) {
      throw new ProviderUnavailableError(`The card provider could not be reached: ${String(error)}`);
    }
    if (res.status >= 500 || res.status === 429) throw new ProviderUnavailableError(`The card provider answered ${res.status}.`);
    let body: T;
    try {
      body = (await res.json()) as T;
    } catch {
      throw new ProviderUnavailableError('The card provider answered something that is not JSON.');
    }
    return { status: res.status, body };
  }
}

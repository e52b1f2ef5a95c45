import type { ServerConfig } from '../config.ts';
import type { PaymentProvider } from './provider.ts';
import { SandboxProvider } from './sandbox-provider.ts';
import { StripeProvider } from './stripe-provider.ts';

/** The card provider the configuration names (ADR 053): the sandbox unless PAYMENT_PROVIDER=stripe. */
export function createPaymentProvider(config: ServerConfig, fetchImpl: typeof fetch): PaymentProvider {
  if (config.paymentProvider === 'stripe') {
    if (!config.stripeSecretKey) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY');
    return new StripeProvider({ secretKey: config.stripeSecretKey, apiBase: config.stripeApiBase, fetch: fetchImpl });
  }
  return new SandboxProvider();
}

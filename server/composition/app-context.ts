import type { Kysely } from 'kysely';
import { Adoption, ownerColumnsAdopter } from '../accounts/adoption.ts';
import { CaptchaService } from '../auth/captcha.ts';
import { EmailTokens } from '../auth/email-tokens.ts';
import { KnownDevices } from '../auth/known-devices.ts';
import { LoginThrottle, type SignInThrottle } from '../auth/login-throttle.ts';
import { RateLimiter, type RateLimit } from '../auth/rate-limit.ts';
import { TokenService } from '../auth/tokens.ts';
import { StaffAccounts } from '../staff/staff-accounts.ts';
import { systemClock, type Clock } from '../clock.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { DevOutbox, Mailer, devOutboxEnabled } from '../mail/mailer.ts';
import { LocalDiskStorage, type FileStorage } from '../storage/storage.ts';
import { quoteAdopters } from '../quote/adoption.ts';
import type { QuoteFileStore } from '../quote/file-store.ts';
import { createQuoteServices } from '../quote/quote-services.ts';
import { createPaymentProvider } from '../payments/create-provider.ts';
import { bankTransferSettings } from '../payments/bank-accounts.ts';
import { createPayments } from './payments.ts';
import type { AppContext } from '../http/app-context.ts';
import { appLinks } from '../links.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

export interface AppDeps {
  db: Kysely<Database>;
  config: ServerConfig;
  /** Defaults to the system clock; tests move time with their own. */
  clock?: Clock;
  /** Defaults to local disk under `<dataDir>/uploads`. */
  storage?: FileStorage;
  /** Where the server's notices go (mail links, failures); defaults to console.log. */
  log?: (line: string) => void;
  /** Outgoing HTTP (quick-login token and user-info calls); defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Where quote files live; defaults to local disk under `config.quoteFilesDir` (ADR 040). */
  quoteFiles?: QuoteFileStore;
  /** The card provider; defaults to what the configuration names (ADR 053). */
  paymentProvider?: PaymentProvider;
  /** The rate limits; defaults to counting in this process's memory (ADR 023; shared on PostgreSQL, ADR 119). */
  rateLimiter?: RateLimit;
  /** The sign-in back-off; defaults to this process's memory (ADR 080; shared on PostgreSQL, ADR 119). */
  loginThrottle?: SignInThrottle;
  /** The job queue on PostgreSQL (JOB_QUEUE=postgres, ADR 115); without it analysis and mail run in this process. */
  jobs?: JobQueue;
}

/**
 * The composition root (ADR 181): every service built once per app with the few things it takes,
 * and handed to the route modules as one `AppContext`.
 */
export function createAppContext(deps: AppDeps): AppContext {
  const { db, config } = deps;
  const clock = deps.clock ?? systemClock;
  const log = deps.log ?? ((line: string) => console.log(line));
  // Tests and tools that build an app without main.ts get a per-process secret.
  const secret = config.jwtSecret ?? randomBytes(32).toString('base64url');
  const adoption = new Adoption(db, clock);
  const loginThrottle = deps.loginThrottle ?? new LoginThrottle(clock, config.rateLimitFactor);
  adoption.register(ownerColumnsAdopter('sem_record'));
  adoption.register(ownerColumnsAdopter('detain_answer'));
  adoption.register(ownerColumnsAdopter('distribution_visit'));
  for (const adopter of quoteAdopters()) adoption.register(adopter);
  return {
    db,
    config,
    clock,
    log,
    fetch: deps.fetch ?? globalThis.fetch.bind(globalThis),
    storage: deps.storage ?? new LocalDiskStorage(path.join(config.dataDir, 'uploads')),
    tokens: new TokenService(db, secret, clock, { user: config.accessTokenTtl, temporary: config.temporaryTokenTtl }),
    emailTokens: new EmailTokens(db, clock),
    captcha: new CaptchaService(db, clock),
    mailer: new Mailer(db, clock, { smtpUrl: config.smtpUrl, from: config.mailFrom, log, outbox: devOutboxEnabled(config) ? new DevOutbox(clock) : undefined, secret, jobs: deps.jobs }),
    rateLimiter: deps.rateLimiter ?? new RateLimiter(clock, config.rateLimitFactor),
    loginThrottle,
    knownDevices: new KnownDevices(secret),
    adoption,
    quote: createQuoteServices(config, log, deps.quoteFiles),
    payments: createPayments({ db, clock, provider: deps.paymentProvider ?? createPaymentProvider(config, globalThis.fetch.bind(globalThis)), bank: bankTransferSettings(config) }),
    jobs: deps.jobs,
    links: appLinks(config.publicUrl),
    staff: new StaffAccounts(db, clock, secret, loginThrottle),
  };
}

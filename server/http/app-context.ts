import type { Kysely } from 'kysely';
import type { Adoption } from '../accounts/adoption.ts';
import type { CaptchaService } from '../auth/captcha.ts';
import type { EmailTokens } from '../auth/email-tokens.ts';
import type { KnownDevices } from '../auth/known-devices.ts';
import type { SignInThrottle } from '../auth/login-throttle.ts';
import type { RateLimit } from '../auth/rate-limit.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Clock } from '../clock.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { AppLinks } from '../links.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Payments } from '../payments/payments.ts';
import type { QuoteServices } from '../quote/quote-services.ts';
import type { FileStorage } from '../storage/storage.ts';
import type { StaffAccounts } from '../staff/staff-accounts.ts';

/**
 * The services the route modules are given, built once per app by the composition root
 * (`server/composition/app-context.ts`, ADR 181). A route module hands each service only what it
 * takes; no service below http sees this bag.
 */
export interface AppContext {
  db: Kysely<Database>;
  config: ServerConfig;
  clock: Clock;
  storage: FileStorage;
  log: (line: string) => void;
  fetch: typeof fetch;
  tokens: TokenService;
  emailTokens: EmailTokens;
  captcha: CaptchaService;
  mailer: Mailer;
  rateLimiter: RateLimit;
  /** Per-account sign-in back-off and the known-device cookies that exempt the owner (ADR 080). */
  loginThrottle: SignInThrottle;
  knownDevices: KnownDevices;
  adoption: Adoption;
  /** Quote files and the geometry analysis threads (ADRs 040, 041); `quote.close()` stops the threads. */
  quote: QuoteServices;
  /** Orders, additional costs and reloads paid by balance, card or bank transfer (ADRs 051–054, 180). */
  payments: Payments;
  /** The job queue when configured (ADR 115): uploads are then analysed by `npm run worker` processes. */
  jobs: JobQueue | undefined;
  links: AppLinks;
  /** The shop's staff: accounts, second factor, staff sessions (issue 38, ADR 190). */
  staff: StaffAccounts;
}

import os from 'node:os';
import path from 'node:path';
import { DEFAULT_API_SEGMENT, isValidSegment } from '#domain/api/bases';
import { MAX_FILE_SIZE_BYTES, MAX_FILES_PER_UPLOAD } from '#domain/catalogue/limits';
import { AVATAR_DEFAULT_MAX_BYTES } from '#domain/rules/account-rules';

export interface ServerConfig {
  host: string;
  port: number;
  /** PostgreSQL when set (`postgres://...`); otherwise the embedded SQLite file in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  apiSegment: string;
  /** Folder of the built web app; served under /manufacture/ when present (production). */
  staticDir: string | undefined;
  production: boolean;
  /** HS256 secret for access tokens (JWT_SECRET); when unset, main.ts keeps one in `dataDir` (ADR 020). */
  jwtSecret: string | undefined;
  /** Where emailed links point: `<publicUrl>/manufacture/...` (PUBLIC_URL). */
  publicUrl: string;
  /** nodemailer SMTP URL (SMTP_URL); without it mail goes to the outbox only (ADR 021). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where contact-us messages are sent (SUPPORT_EMAIL). */
  supportEmail: string;
  /** CSP_REPORT_URI: where browsers report Content-Security-Policy violations (the e2e suite collects them); none when unset. */
  cspReportUri: string | undefined;
  /** DEV_OUTBOX=1 opens GET /dev/outbox in production, to callers holding ADMIN_TOKEN only (ADR 080). */
  devOutbox: boolean;
  /** Multiplies every rate limit (RATE_LIMIT_FACTOR); 0 turns rate limiting off (ADR 023). */
  rateLimitFactor: number;
  /** Use the first X-Forwarded-For address as the client address (TRUST_PROXY=1, behind a proxy). */
  trustProxy: boolean;
  /** Lifetime of a full access token, in seconds (ACCESS_TOKEN_TTL, default 7 days). */
  accessTokenTtl: number;
  /** Lifetime of a temporary (anonymous quote) token, in seconds (TEMPORARY_TOKEN_TTL, default 30 days). */
  temporaryTokenTtl: number;
  /** Largest avatar accepted by account/uploadImage, in bytes (AVATAR_MAX_BYTES, default 2 MiB). */
  avatarMaxBytes: number;
  /** Quick-login providers configured from the environment (ADR 022); empty when none. */
  oauthProviders: OAuthProviderConfig[];
  /** Seed the demo customer into an empty embedded database at start (SEED_DEMO=0 turns it off). */
  seedDemo: boolean;
  /** Geometry analysis worker threads (QUOTE_WORKERS, default min(2, cores)); ADR 041. */
  quoteWorkers: number;
  /** Largest quote file accepted, bytes (QUOTE_MAX_FILE_BYTES, default the catalogue's 100 MiB); ADR 040. */
  quoteMaxFileBytes: number;
  /** Most files one project holds (QUOTE_MAX_FILES_PER_PROJECT, default 20); ADR 040. */
  quoteMaxFilesPerProject: number;
  /** Uploads one visitor or account has received and analysed at once; more wait their turn (QUOTE_UPLOADS_PER_OWNER, default 2); ADR 080. */
  quoteUploadsPerOwner: number;
  /** One analysis is given up after this long, ms (QUOTE_ANALYSIS_TIMEOUT_MS, default 120 s); ADR 041. */
  quoteAnalysisTimeoutMs: number;
  /** Where quote files are kept (QUOTE_FILES_DIR, default `<dataDir>/quote-files`); ADR 040. */
  quoteFilesDir: string;
  /** Card payments: `sandbox` (default, ADR 053) or `stripe` (PAYMENT_PROVIDER). */
  paymentProvider: 'sandbox' | 'stripe';
  /** STRIPE_SECRET_KEY, required with PAYMENT_PROVIDER=stripe. */
  stripeSecretKey: string | undefined;
  /** STRIPE_API_BASE (default https://api.stripe.com): a Stripe-compatible API. */
  stripeApiBase: string;
  /** ADMIN_TOKEN: opens the operator endpoints under admin/ (header X-Admin-Token); unset, they answer 404. */
  adminToken: string | undefined;
  /** Lifetime of an agency payment link, seconds (AGENCY_LINK_TTL, default 7 days); ADR 055. */
  agencyLinkTtl: number;
  /**
   * Where uploads are analysed, mail delivered and scheduled work run (JOB_QUEUE, ADR 115):
   * `in-process` (default: worker threads and timers in this process) or `postgres` (pg-boss on
   * DATABASE_URL; analysis by `npm run worker` processes).
   */
  jobQueue: 'in-process' | 'postgres';
  /** The order ceiling in cents (MAX_ORDER_CENTS, default USD 1,000,000): a quote line or an order above it is not sold online (ADR 080). */
  maxOrderCents: number;
}

export interface OAuthProviderConfig {
  /** The `channel` of the quick-login calls, e.g. `google`. */
  channel: string;
  name: string;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  scope: string;
}

/** Endpoints of well-known providers, so configuring one needs only its client id and secret. */
const KNOWN_PROVIDERS: Record<string, Omit<OAuthProviderConfig, 'channel' | 'clientId' | 'clientSecret'>> = {
  google: {
    name: 'Google',
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scope: 'openid email profile',
  },
  github: {
    name: 'GitHub',
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userInfoUrl: 'https://api.github.com/user',
    scope: 'read:user user:email',
  },
};

/**
 * OAUTH_PROVIDERS=google,acme and, per channel NAME (upper case): OAUTH_NAME_CLIENT_ID,
 * OAUTH_NAME_CLIENT_SECRET, and for providers not known above OAUTH_NAME_AUTHORIZE_URL,
 * OAUTH_NAME_TOKEN_URL, OAUTH_NAME_USERINFO_URL, OAUTH_NAME_SCOPE, OAUTH_NAME_LABEL.
 */
export function readOAuthProviders(env: NodeJS.ProcessEnv): OAuthProviderConfig[] {
  const channels = (env.OAUTH_PROVIDERS ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  return channels.map((channel) => {
    if (!/^[a-z0-9-]{1,32}$/.test(channel)) throw new Error(`OAUTH_PROVIDERS: bad channel name "${channel}"`);
    const key = `OAUTH_${channel.toUpperCase().replaceAll('-', '_')}_`;
    const known = KNOWN_PROVIDERS[channel];
    const get = (name: string, fallback?: string): string => {
      const value = env[key + name] || fallback;
      if (!value) throw new Error(`Quick login "${channel}" needs ${key}${name}`);
      return value;
    };
    return {
      channel,
      name: get('LABEL', known?.name ?? channel),
      clientId: get('CLIENT_ID'),
      clientSecret: get('CLIENT_SECRET'),
      authorizeUrl: get('AUTHORIZE_URL', known?.authorizeUrl),
      tokenUrl: get('TOKEN_URL', known?.tokenUrl),
      userInfoUrl: get('USERINFO_URL', known?.userInfoUrl),
      scope: get('SCOPE', known?.scope ?? 'openid email profile'),
    };
  });
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number; got "${raw}"`);
  return n;
}

/**
 * The default order ceiling, in cents (USD 1,000,000): a quote line or an order above it is not
 * sold online (MAX_ORDER_CENTS configures it; ADR 080). It also keeps every amount the database
 * holds far below 2^53, where a 64-bit integer stops being an exact JavaScript number.
 */
export const DEFAULT_MAX_ORDER_CENTS = 100_000_000;

/** MAX_ORDER_CENTS: at most 10^13 cents (USD 100 billion), so that every sum of amounts stays an exact number. */
function orderCeiling(env: NodeJS.ProcessEnv): number {
  const cents = positiveInt(env, 'MAX_ORDER_CENTS', DEFAULT_MAX_ORDER_CENTS);
  if (cents > 10 ** 13) throw new Error(`MAX_ORDER_CENTS can be at most 10000000000000 (USD 100 billion); got "${env.MAX_ORDER_CENTS}"`);
  return cents;
}

function readPaymentConfig(env: NodeJS.ProcessEnv): Pick<ServerConfig, 'paymentProvider' | 'stripeSecretKey' | 'stripeApiBase' | 'adminToken'> {
  const provider = env.PAYMENT_PROVIDER || 'sandbox';
  if (provider !== 'sandbox' && provider !== 'stripe') throw new Error(`PAYMENT_PROVIDER must be sandbox or stripe; got "${provider}"`);
  const stripeSecretKey = env.STRIPE_SECRET_KEY || undefined;
  if (provider === 'stripe' && !stripeSecretKey) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY');
  const adminToken = env.ADMIN_TOKEN || undefined;
  if (adminToken !== undefined && adminToken.length < 16) throw new Error('ADMIN_TOKEN must be at least 16 characters');
  return { paymentProvider: provider, stripeSecretKey, stripeApiBase: env.STRIPE_API_BASE || 'https://api.stripe.com', adminToken };
}

/** JOB_QUEUE=postgres needs PostgreSQL (DATABASE_URL): the queue lives in it (ADR 115). */
function readJobQueue(env: NodeJS.ProcessEnv): ServerConfig['jobQueue'] {
  const value = env.JOB_QUEUE || 'in-process';
  if (value !== 'in-process' && value !== 'postgres') throw new Error(`JOB_QUEUE must be in-process or postgres; got "${value}"`);
  if (value === 'postgres' && !env.DATABASE_URL) throw new Error('JOB_QUEUE=postgres needs DATABASE_URL: the job queue lives in PostgreSQL');
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  if (env.NODE_ENV === 'production' && env.DEV_OUTBOX === '1' && !env.ADMIN_TOKEN) {
    throw new Error('DEV_OUTBOX=1 needs ADMIN_TOKEN in production: the outbox answers only callers holding it');
  }
  const apiSegment = env.API_SEGMENT ?? DEFAULT_API_SEGMENT;
  if (!isValidSegment(apiSegment)) {
    throw new Error(`API_SEGMENT must be lowercase letters, digits and dashes; got "${apiSegment}"`);
  }
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port: "${env.PORT}"`);
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    apiSegment,
    staticDir: production ? path.resolve(env.STATIC_DIR ?? 'dist') : env.STATIC_DIR,
    production,
    jwtSecret: env.JWT_SECRET || undefined,
    publicUrl: (env.PUBLIC_URL || `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Manufacture <no-reply@manufacture.local>',
    supportEmail: env.SUPPORT_EMAIL || 'support@manufacture.local',
    devOutbox: env.DEV_OUTBOX === '1',
    cspReportUri: env.CSP_REPORT_URI || undefined,
    rateLimitFactor: env.RATE_LIMIT_FACTOR === undefined || env.RATE_LIMIT_FACTOR === '' ? 1 : Number(env.RATE_LIMIT_FACTOR),
    trustProxy: env.TRUST_PROXY === '1',
    accessTokenTtl: positiveInt(env, 'ACCESS_TOKEN_TTL', 7 * 24 * 3600),
    temporaryTokenTtl: positiveInt(env, 'TEMPORARY_TOKEN_TTL', 30 * 24 * 3600),
    avatarMaxBytes: positiveInt(env, 'AVATAR_MAX_BYTES', AVATAR_DEFAULT_MAX_BYTES),
    oauthProviders: readOAuthProviders(env),
    seedDemo: env.SEED_DEMO !== '0',
    quoteWorkers: positiveInt(env, 'QUOTE_WORKERS', Math.min(2, os.availableParallelism())),
    quoteMaxFileBytes: positiveInt(env, 'QUOTE_MAX_FILE_BYTES', MAX_FILE_SIZE_BYTES),
    quoteMaxFilesPerProject: positiveInt(env, 'QUOTE_MAX_FILES_PER_PROJECT', MAX_FILES_PER_UPLOAD),
    quoteUploadsPerOwner: positiveInt(env, 'QUOTE_UPLOADS_PER_OWNER', 2),
    quoteAnalysisTimeoutMs: positiveInt(env, 'QUOTE_ANALYSIS_TIMEOUT_MS', 120_000),
    quoteFilesDir: path.resolve(env.QUOTE_FILES_DIR ?? path.join(dataDir, 'quote-files')),
    ...readPaymentConfig(env),
    agencyLinkTtl: positiveInt(env, 'AGENCY_LINK_TTL', 7 * 24 * 3600),
    maxOrderCents: orderCeiling(env),
    jobQueue: readJobQueue(env),
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_API_SEGMENT, isValidSegment } from '#domain/api/bases';
import { BANK_ACCOUNT_CURRENCIES, type BankCurrency } from '#domain/orders/payments';
import { MAX_FILE_SIZE_BYTES, MAX_FILES_PER_UPLOAD } from '#domain/catalogue/limits';
import { AVATAR_DEFAULT_MAX_BYTES } from '#domain/rules/account-rules';

export interface ServerConfig {
  host: string;
  port: number;
  /** PostgreSQL when set (`postgres://...`); otherwise the embedded SQLite file in `dataDir`. */
  databaseUrl: string | undefined;
  /** PostgreSQL only: pool size, TLS and who migrates (PG_POOL_MAX, DATABASE_SSL, DATABASE_SSL_CA, MIGRATE; ADR 118). */
  postgres: PostgresSettings;
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
  /** Quick-login providers configured from the environment (ADRs 022, 170); empty when none. */
  oauthProviders: OAuthProviderConfig[];
  /**
   * Seed the demo customer (a published password, money and coupons) into an empty embedded
   * database at start: outside production unless SEED_DEMO=0, in production only with SEED_DEMO=1
   * (issue 32 item 2; `npm start`, the demo, sets it).
   */
  seedDemo: boolean;
  /** Seed the demo customer into an empty PostgreSQL database too (SEED_DEMO=1 only: PostgreSQL is for operators). */
  seedDemoOnPostgres: boolean;
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
  /**
   * An upload of a mesh of more triangles than this answers before its walls and holes are
   * measured, which follow (QUOTE_DEFER_CHECKS_ABOVE, default 250 000); ADR 145.
   */
  quoteDeferChecksAbove: number;
  /** Where quote files are kept (QUOTE_FILES_DIR, default `<dataDir>/quote-files`; with STORAGE=s3 only the upload spool); ADR 040. */
  quoteFilesDir: string;
  /** Where quote files and avatars are kept: this machine's disk (default) or an S3 bucket (STORAGE=s3; ADR 120). */
  storage: { kind: 'local' } | { kind: 's3'; s3: S3Settings };
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
  /** How long a stopping process waits for requests in flight before cutting them, ms (SHUTDOWN_TIMEOUT_MS, default 25 s). */
  shutdownTimeoutMs: number;
  /**
   * How long an idle keep-alive connection stays open, ms (KEEP_ALIVE_TIMEOUT_MS, default Node's
   * 5 s). Behind a balancer that keeps connections to the servers, make it longer than the
   * balancer's idle timeout, or the balancer may send a request on a connection being closed (ADR 135).
   */
  keepAliveTimeoutMs: number;
  /**
   * TLS for the server itself (TLS_CERT_FILE and TLS_KEY_FILE, PEM): it then speaks HTTP/2 and,
   * for clients that do not, HTTP/1.1 over TLS on the same port (ADR 198). Null: plain HTTP/1.1,
   * for a proxy that terminates TLS (docs/deploy.md).
   */
  tls: { cert: Buffer; key: Buffer } | null;
  /**
   * Where uploads are analysed, mail delivered and scheduled work run (JOB_QUEUE, ADR 115):
   * `in-process` (default: worker threads and timers in this process) or `postgres` (pg-boss on
   * DATABASE_URL; analysis by `npm run worker` processes).
   */
  jobQueue: 'in-process' | 'postgres';
  /** The order ceiling in cents (MAX_ORDER_CENTS, default USD 1,000,000): a quote line or an order above it is not sold online (ADR 080). */
  maxOrderCents: number;
  /**
   * Bank transfer (ADRs 054, 093): on unless BANK_TRANSFER=0. Its accounts come from BANK_ACCOUNTS
   * (JSON) or BANK_ACCOUNTS_FILE (a JSON file); `demo` (BANK_ACCOUNTS=demo, or nothing set outside
   * production) shows demo accounts labelled as such. Production refuses to start with neither.
   */
  bankTransferEnabled: boolean;
  bankAccounts: ConfiguredBankAccount[] | 'demo';
}

/** One account customers may transfer to, as the operator configures it. */
export interface ConfiguredBankAccount {
  currency: BankCurrency;
  bankName: string;
  accountName: string;
  accountNumber: string;
  swift: string;
  address: string;
}

const bankText = (max: number) => z.string().trim().min(1).max(max);
const BankAccountsConfigSchema = z
  .array(
    z.strictObject({
      currency: z.enum(BANK_ACCOUNT_CURRENCIES),
      bankName: bankText(200),
      accountName: bankText(200),
      accountNumber: bankText(64),
      swift: bankText(11),
      address: bankText(300),
    }),
  )
  .min(1)
  .max(BANK_ACCOUNT_CURRENCIES.length)
  .refine((list) => new Set(list.map((a) => a.currency)).size === list.length, 'each currency may appear once');

export const BANK_CONFIG_MESSAGES = {
  missingInProduction:
    'Bank transfer is enabled but no bank accounts are configured: set BANK_ACCOUNTS (JSON, or "demo" for labelled demo accounts) or BANK_ACCOUNTS_FILE, or turn bank transfer off with BANK_TRANSFER=0.',
} as const;

/**
 * The bank accounts of BANK_ACCOUNTS (JSON text) or BANK_ACCOUNTS_FILE (a path to a JSON file): a
 * list of `{ currency, bankName, accountName, accountNumber, swift, address }`, currencies among
 * USD, HKD, EUR, GBP and RMB, each at most once. `demo` for BANK_ACCOUNTS=demo; null when neither is set.
 */
export function readBankAccounts(env: NodeJS.ProcessEnv): ConfiguredBankAccount[] | 'demo' | null {
  const inline = env.BANK_ACCOUNTS?.trim();
  const file = env.BANK_ACCOUNTS_FILE?.trim();
  if (inline && file) throw new Error('Set BANK_ACCOUNTS or BANK_ACCOUNTS_FILE, not both.');
  if (!inline && !file) return null;
  if (inline === 'demo') return 'demo';
  const source = inline ? 'BANK_ACCOUNTS' : `BANK_ACCOUNTS_FILE (${file})`;
  let raw: unknown;
  try {
    raw = JSON.parse(inline ?? fs.readFileSync(path.resolve(file!), 'utf8'));
  } catch (error) {
    throw new Error(`${source} must hold a JSON list of bank accounts: ${(error as Error).message}`, { cause: error });
  }
  const parsed = BankAccountsConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${source} is not a valid list of bank accounts: ${issue?.path.join('.') || 'the list'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

function readBankConfig(env: NodeJS.ProcessEnv, production: boolean): Pick<ServerConfig, 'bankTransferEnabled' | 'bankAccounts'> {
  const flag = env.BANK_TRANSFER ?? '1';
  if (flag !== '0' && flag !== '1') throw new Error(`BANK_TRANSFER must be 0 or 1; got "${flag}"`);
  const bankTransferEnabled = flag === '1';
  const bankAccounts = readBankAccounts(env);
  if (production && bankTransferEnabled && !bankAccounts) throw new Error(BANK_CONFIG_MESSAGES.missingInProduction);
  return { bankTransferEnabled, bankAccounts: bankAccounts ?? 'demo' };
}

/** TLS_CERT_FILE and TLS_KEY_FILE: both or neither, each a readable PEM file (ADR 198). */
export function readTls(env: NodeJS.ProcessEnv): ServerConfig['tls'] {
  const certFile = env.TLS_CERT_FILE?.trim();
  const keyFile = env.TLS_KEY_FILE?.trim();
  if (!certFile && !keyFile) return null;
  if (!certFile || !keyFile) throw new Error('Set both TLS_CERT_FILE and TLS_KEY_FILE (PEM files) for the server to speak HTTPS and HTTP/2, or neither for plain HTTP behind a proxy.');
  const read = (name: string, file: string) => {
    try {
      return fs.readFileSync(path.resolve(file));
    } catch (error) {
      throw new Error(`${name} (${file}) cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { cause: error });
    }
  };
  return { cert: read('TLS_CERT_FILE', certFile), key: read('TLS_KEY_FILE', keyFile) };
}

/** How each process talks to PostgreSQL (docs/deploy.md, ADR 118). */
export interface PostgresSettings {
  /** Most connections this process opens (PG_POOL_MAX, default 10). */
  poolMax: number;
  /**
   * DATABASE_SSL: `off`, `require` (encrypted, certificate not checked) or `verify` (encrypted,
   * certificate checked against the system's authorities or DATABASE_SSL_CA); unset, the URL's
   * `sslmode` or PGSSLMODE decide, as node-postgres reads them.
   */
  ssl: 'off' | 'require' | 'verify' | undefined;
  /** DATABASE_SSL_CA: a PEM file of the authority that signed the server's certificate (with `verify`). */
  sslCaFile: string | undefined;
  /** MIGRATE=skip: this process does not migrate; it refuses to start while migrations are pending (run `npm run db:migrate` once). */
  migrate: 'auto' | 'skip';
}

export function readPostgresSettings(env: NodeJS.ProcessEnv): PostgresSettings {
  const ssl = env.DATABASE_SSL || undefined;
  if (ssl !== undefined && ssl !== 'off' && ssl !== 'require' && ssl !== 'verify') throw new Error(`DATABASE_SSL must be off, require or verify; got "${ssl}"`);
  const sslCaFile = env.DATABASE_SSL_CA || undefined;
  if (sslCaFile && ssl !== 'verify') throw new Error('DATABASE_SSL_CA needs DATABASE_SSL=verify');
  const migrate = env.MIGRATE || 'auto';
  if (migrate !== 'auto' && migrate !== 'skip') throw new Error(`MIGRATE must be auto or skip; got "${migrate}"`);
  return { poolMax: positiveInt(env, 'PG_POOL_MAX', 10), ssl, sslCaFile, migrate };
}

/**
 * Whether a secret looks like the output of a random generator rather than something typed
 * (issue 32 item 8): at least 10 different characters, at least 96 bits by the Shannon estimate of
 * its character frequencies (32 hex characters from `openssl rand -hex 16` give about 120), not a
 * shorter string repeated, and not a run of consecutive characters ("abcdef…") for half its length.
 * 40 × "a", "passwordpassword…" and "0123456789abcdef…" are refused.
 */
export function looksRandom(secret: string): boolean {
  const counts = new Map<string, number>();
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const length = [...secret].length;
  const bits = -[...counts.values()].reduce((sum, n) => sum + (n / length) * Math.log2(n / length), 0) * length;
  const repeated = /^(.+?)\1+$/su.test(secret);
  let longestRun = 1;
  for (let i = 1, run = 1; i < secret.length; i++) {
    run = secret.charCodeAt(i) - secret.charCodeAt(i - 1) === 1 ? run + 1 : 1;
    longestRun = Math.max(longestRun, run);
  }
  return counts.size >= 10 && bits >= 96 && !repeated && longestRun < length / 2;
}

/**
 * Several API processes on one PostgreSQL must sign and check tokens with one secret: in production
 * with DATABASE_URL, JWT_SECRET is required (a secret kept in one machine's data folder would sign
 * tokens the other processes reject). At least 32 characters wherever it is set.
 */
function readJwtSecret(env: NodeJS.ProcessEnv): string | undefined {
  const secret = env.JWT_SECRET || undefined;
  if (secret !== undefined && secret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  if (secret !== undefined && env.NODE_ENV === 'production' && !looksRandom(secret)) {
    throw new Error('JWT_SECRET looks easy to guess (too few different characters, a repeated pattern or a run): in production use at least 32 random characters, e.g. from `openssl rand -base64 48`');
  }
  if (!secret && env.NODE_ENV === 'production' && env.DATABASE_URL) {
    throw new Error('JWT_SECRET is required with DATABASE_URL in production: every API process must sign tokens with the same secret (at least 32 characters)');
  }
  return secret;
}

/** STORAGE=s3 (ADR 120, docs/deploy.md). */
export interface S3Settings {
  /** S3_BUCKET (required). */
  bucket: string;
  /** S3_REGION (default us-east-1). */
  region: string;
  /** S3_ENDPOINT: an S3-compatible store's URL (MinIO, Ceph, R2…); unset, AWS S3. */
  endpoint: string | undefined;
  /** S3_FORCE_PATH_STYLE=1: `endpoint/bucket/key` addresses (default on with S3_ENDPOINT). */
  forcePathStyle: boolean;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; unset, the AWS SDK's own chain (AWS_* variables, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** S3_PREFIX: a folder inside the bucket for everything this installation keeps (default none). */
  prefix: string;
}

export function readStorageSettings(env: NodeJS.ProcessEnv): ServerConfig['storage'] {
  const kind = env.STORAGE || 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new Error(`STORAGE must be local or s3; got "${kind}"`);
  const bucket = env.S3_BUCKET || '';
  if (!bucket) throw new Error('STORAGE=s3 needs S3_BUCKET');
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^\s]+$/.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) URL; got "${endpoint}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  const prefix = (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && !/^[a-z0-9][a-z0-9/_.-]{0,100}$/.test(prefix)) throw new Error(`S3_PREFIX may hold lowercase letters, digits, "/", "_", "." and "-"; got "${env.S3_PREFIX}"`);
  return {
    kind,
    s3: {
      bucket,
      region: env.S3_REGION || 'us-east-1',
      endpoint,
      forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === '1' : endpoint !== undefined,
      accessKeyId,
      secretAccessKey,
      prefix: prefix ? `${prefix}/` : '',
    },
  };
}

/**
 * Quick-login providers from the environment (ADR 170). Google, Microsoft and GitHub are enabled by
 * their client id and secret alone; any other OpenID Connect provider is named in OAUTH_PROVIDERS
 * and found by its issuer URL (discovery). docs/deploy.md says how to register the application at
 * each.
 */
interface ProviderBase {
  /** The `channel` of the quick-login calls, e.g. `google`; also the last segment of the return page. */
  channel: string;
  /** What the buttons say: "Continue with <name>". */
  name: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

/** An OpenID Connect provider: discovery from its issuer, an ID token checked for every sign-in. */
export interface OidcProviderConfig extends ProviderBase {
  protocol: 'oidc';
  /** The Issuer Identifier; `<issuer>/.well-known/openid-configuration` describes the rest. */
  issuer: string;
}

/** GitHub (or GitHub Enterprise Server): OAuth 2.0 without ID token; who and which email from its REST API. */
export interface GitHubProviderConfig extends ProviderBase {
  protocol: 'github';
  /** Where people sign in: https://github.com, or a GitHub Enterprise Server. */
  webUrl: string;
  /** Its REST API: https://api.github.com, or `<server>/api/v3`. */
  apiUrl: string;
}

export type OAuthProviderConfig = OidcProviderConfig | GitHubProviderConfig;

/** Microsoft's personal-account (consumers) tenant: the ID tokens of outlook.com, hotmail.com … accounts. */
export const MICROSOFT_CONSUMER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

const KNOWN = ['google', 'microsoft', 'github'] as const;
type Known = (typeof KNOWN)[number];

const isKnown = (channel: string): channel is Known => (KNOWN as readonly string[]).includes(channel);

/** Loopback hosts may be plain http (a provider on this machine: the tests, `QUICK_LOGIN_DEMO=1 npm start`). */
export function isLoopbackUrl(url: URL): boolean {
  return url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
}

function webAddress(value: string, what: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${what} is not a web address: "${value}"`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackUrl(url))) throw new Error(`${what} must be an https address (plain http only on 127.0.0.1 or localhost): "${value}"`);
  if (url.search || url.hash) throw new Error(`${what} must have no query or fragment: "${value}"`);
  return value;
}

/** A base address to append paths to, without its trailing slash. */
const baseAddress = (value: string, what: string): string => webAddress(value, what).replace(/\/+$/, '');

/**
 * - `OAUTH_GOOGLE_CLIENT_ID` and `OAUTH_GOOGLE_CLIENT_SECRET`: Google (OpenID Connect).
 * - `OAUTH_MICROSOFT_CLIENT_ID`, `OAUTH_MICROSOFT_CLIENT_SECRET`, optionally `OAUTH_MICROSOFT_TENANT`
 *   (`common`, the default: work, school and personal accounts; `organizations`, `consumers`, or a
 *   tenant id): Microsoft Entra ID (OpenID Connect).
 * - `OAUTH_GITHUB_CLIENT_ID`, `OAUTH_GITHUB_CLIENT_SECRET`, optionally `OAUTH_GITHUB_URL` and
 *   `OAUTH_GITHUB_API_URL` (GitHub Enterprise Server): GitHub (OAuth 2.0).
 * - `OAUTH_PROVIDERS=acme,…` and per name `OAUTH_ACME_ISSUER`, `_CLIENT_ID`, `_CLIENT_SECRET`, `_LABEL`
 *   (what the button says) and optionally `_SCOPE` (default `openid email profile`): any other
 *   OpenID Connect provider. OAUTH_PROVIDERS may name the three above too, to set the order.
 *
 * Any provider's `_LABEL` and `_SCOPE` may be set. A half-configured provider stops the start.
 */
export function readOAuthProviders(env: NodeJS.ProcessEnv): OAuthProviderConfig[] {
  const listed = (env.OAUTH_PROVIDERS ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  for (const channel of listed) if (!/^[a-z][a-z0-9-]{0,31}$/.test(channel)) throw new Error(`OAUTH_PROVIDERS: bad channel name "${channel}"`);
  const prefix = (channel: string) => `OAUTH_${channel.toUpperCase().replaceAll('-', '_')}_`;
  const enabled = KNOWN.filter((channel) => env[`${prefix(channel)}CLIENT_ID`] || env[`${prefix(channel)}CLIENT_SECRET`]);
  const channels = [...new Set([...listed, ...enabled])];

  return channels.map((channel): OAuthProviderConfig => {
    const key = prefix(channel);
    const value = (name: string): string | undefined => env[key + name]?.trim() || undefined;
    const need = (name: string, why: string): string => {
      const found = value(name);
      if (!found) throw new Error(`Quick login "${channel}" needs ${key}${name} (${why}); see docs/deploy.md`);
      return found;
    };
    for (const legacy of ['AUTHORIZE_URL', 'TOKEN_URL', 'USERINFO_URL']) {
      if (value(legacy)) throw new Error(`${key}${legacy} is no longer read: set ${key}ISSUER, the provider's OpenID Connect issuer URL (ADR 170)`);
    }
    const base = {
      channel,
      clientId: need('CLIENT_ID', 'the client id the provider gave the application'),
      clientSecret: need('CLIENT_SECRET', 'the client secret the provider gave the application'),
    };
    if (!isKnown(channel)) {
      return {
        ...base,
        protocol: 'oidc',
        name: need('LABEL', 'the name its button shows'),
        issuer: webAddress(need('ISSUER', "the provider's OpenID Connect issuer URL"), `${key}ISSUER`),
        scope: value('SCOPE') ?? 'openid email profile',
      };
    }
    if (channel === 'github') {
      const webUrl = baseAddress(value('URL') ?? 'https://github.com', `${key}URL`);
      return {
        ...base,
        protocol: 'github',
        name: value('LABEL') ?? 'GitHub',
        webUrl,
        apiUrl: baseAddress(value('API_URL') ?? (webUrl === 'https://github.com' ? 'https://api.github.com' : `${webUrl}/api/v3`), `${key}API_URL`),
        scope: value('SCOPE') ?? 'read:user user:email',
      };
    }
    if (channel === 'microsoft') {
      const tenant = value('TENANT') ?? 'common';
      if (!/^[\w.-]{1,64}$/.test(tenant)) throw new Error(`${key}TENANT must be common, organizations, consumers or a tenant id; got "${tenant}"`);
      return {
        ...base,
        protocol: 'oidc',
        name: value('LABEL') ?? 'Microsoft',
        issuer: webAddress(value('ISSUER') ?? `https://login.microsoftonline.com/${tenant}/v2.0`, `${key}ISSUER`),
        scope: value('SCOPE') ?? 'openid email profile',
      };
    }
    return {
      ...base,
      protocol: 'oidc',
      name: value('LABEL') ?? 'Google',
      issuer: webAddress(value('ISSUER') ?? 'https://accounts.google.com', `${key}ISSUER`),
      scope: value('SCOPE') ?? 'openid email profile',
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

/**
 * Production takes real money or none (issue 32 item 12): the API server refuses to start without
 * PAYMENT_PROVIDER, since a shop on the sandbox would take the test card 4242… as payment (the
 * migration command and the workers take no payment and do not ask). The sandbox chosen explicitly
 * in production is shown on every page (`server/http/web-app.ts`).
 */
export function paymentProviderProblem(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.NODE_ENV !== 'production' || env.PAYMENT_PROVIDER) return undefined;
  return 'Manufacture cannot start in production without a payment provider: set PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY to take real card payments, or PAYMENT_PROVIDER=sandbox to take only test cards (every page then says so).';
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
    postgres: readPostgresSettings(env),
    dataDir,
    apiSegment,
    staticDir: production ? path.resolve(env.STATIC_DIR ?? 'dist') : env.STATIC_DIR,
    production,
    jwtSecret: readJwtSecret(env),
    publicUrl: (env.PUBLIC_URL || `${env.TLS_CERT_FILE?.trim() ? 'https' : 'http'}://127.0.0.1:${port}`).replace(/\/+$/, ''),
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
    seedDemo: production ? env.SEED_DEMO === '1' : env.SEED_DEMO !== '0',
    seedDemoOnPostgres: env.SEED_DEMO === '1',
    quoteWorkers: positiveInt(env, 'QUOTE_WORKERS', Math.min(2, os.availableParallelism())),
    quoteMaxFileBytes: positiveInt(env, 'QUOTE_MAX_FILE_BYTES', MAX_FILE_SIZE_BYTES),
    quoteMaxFilesPerProject: positiveInt(env, 'QUOTE_MAX_FILES_PER_PROJECT', MAX_FILES_PER_UPLOAD),
    quoteUploadsPerOwner: positiveInt(env, 'QUOTE_UPLOADS_PER_OWNER', 2),
    quoteAnalysisTimeoutMs: positiveInt(env, 'QUOTE_ANALYSIS_TIMEOUT_MS', 120_000),
    quoteDeferChecksAbove: positiveInt(env, 'QUOTE_DEFER_CHECKS_ABOVE', 250_000),
    quoteFilesDir: path.resolve(env.QUOTE_FILES_DIR ?? path.join(dataDir, 'quote-files')),
    storage: readStorageSettings(env),
    ...readPaymentConfig(env),
    agencyLinkTtl: positiveInt(env, 'AGENCY_LINK_TTL', 7 * 24 * 3600),
    maxOrderCents: orderCeiling(env),
    ...readBankConfig(env, production),
    shutdownTimeoutMs: positiveInt(env, 'SHUTDOWN_TIMEOUT_MS', 25_000),
    keepAliveTimeoutMs: positiveInt(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000),
    tls: readTls(env),
    jobQueue: readJobQueue(env),
  };
}

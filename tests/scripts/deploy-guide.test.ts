import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BANK_CONFIG_MESSAGES, paymentProviderProblem, readConfig } from '#server/config';
import { JOB_QUEUE_POOL_SIZE } from '#server/jobs/job-queue';
import { NGINX_CONFIG_PATH } from '../../scripts/nginx.ts';

/**
 * Issue 41 item 5 (ADR 175): docs/deploy.md needs no guessing. The variables its tables name are
 * exactly those the server reads; what it says happens when a required one is missing is what
 * happens, word for word; the nginx file it shows is the one the topology runs; the connection
 * budget uses the job queue's real pool. (Its SQL, S3 commands, start-up lines and the worker's
 * shutdown are run against PostgreSQL and s3rver by tests/topology/deploy-guide.test.ts.)
 */

const root = path.resolve(import.meta.dirname, '../..');
const guide = fs.readFileSync(path.join(root, 'docs/deploy.md'), 'utf8');
/** The guide's words as a reader sees them: `\`` is a backtick. */
const readable = guide.replaceAll('\\`', '`');

/** The section of the guide under `## heading`, up to the next `## `. */
function section(heading: string): string {
  const start = guide.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`docs/deploy.md has no "## ${heading}"`);
  const end = guide.indexOf('\n## ', start + 4);
  return guide.slice(start, end < 0 ? undefined : end);
}

/** The variables named in the first column of the tables of `text` (`A` or `A`, `B`). */
function tableVariables(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const first = /^\| ([^|]+) \|/.exec(line)?.[1];
    if (!first) continue;
    for (const [, name] of first.matchAll(/`([A-Z][A-Z0-9_<>]*)`/g)) names.add(name!);
  }
  return names;
}

/** A complete production environment: readConfig and the payment check read every variable they know with it. */
const PRODUCTION: Record<string, string> = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://manufacture:secret@db.internal:5432/manufacture',
  JWT_SECRET: 'q3V9xL2mR7tK8wZ1pN4sB6yH0cF5gJ2d',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_123',
  BANK_ACCOUNTS: 'demo',
  STORAGE: 's3',
  S3_BUCKET: 'manufacture-files',
  S3_ENDPOINT: 'https://s3.example.com',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
  JOB_QUEUE: 'postgres',
  DATABASE_SSL: 'verify',
  OAUTH_PROVIDERS: 'google,microsoft,github,acme',
  OAUTH_GOOGLE_CLIENT_ID: 'id',
  OAUTH_GOOGLE_CLIENT_SECRET: 'secret',
  OAUTH_MICROSOFT_CLIENT_ID: 'id',
  OAUTH_MICROSOFT_CLIENT_SECRET: 'secret',
  OAUTH_GITHUB_CLIENT_ID: 'id',
  OAUTH_GITHUB_CLIENT_SECRET: 'secret',
  OAUTH_ACME_CLIENT_ID: 'id',
  OAUTH_ACME_CLIENT_SECRET: 'secret',
  OAUTH_ACME_ISSUER: 'https://id.acme.example',
  OAUTH_ACME_LABEL: 'Acme ID',
  DEV_OUTBOX: '1',
  ADMIN_TOKEN: 'an-admin-token-of-enough-length',
};

/** Every variable the server's configuration reads with `env` (an OAuth channel's as `OAUTH_<NAME>_…`). */
function variablesRead(env: Record<string, string>): Set<string> {
  const read = new Set<string>();
  const recording = new Proxy(env, {
    get(target, key) {
      if (typeof key === 'string') read.add(key.replace(/^OAUTH_(GOOGLE|MICROSOFT|GITHUB|ACME)_/, 'OAUTH_<NAME>_'));
      return target[key as string];
    },
  });
  readConfig(recording);
  paymentProviderProblem(recording);
  return read;
}

/** `env` without `name`, or with it set to `value`. */
const changed = (env: Record<string, string>, name: string, value?: string) => {
  const copy = { ...env };
  if (value === undefined) delete copy[name];
  else copy[name] = value;
  return copy;
};

/** The sentence readConfig (or the payment check) refuses `env` with. */
function refusal(env: Record<string, string>): string {
  const problem = paymentProviderProblem(env);
  if (problem) return problem;
  try {
    readConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('readConfig accepted it');
}

describe('docs/deploy.md, the environment', () => {
  it('its tables name exactly the variables the server reads', () => {
    const documented = tableVariables(section('Environment'));
    const read = new Set([...variablesRead(PRODUCTION), ...variablesRead(changed(PRODUCTION, 'DATABASE_SSL', 'off'))]);
    const missingFromGuide = [...read].filter((name) => !documented.has(name)).sort();
    const notRead = [...documented].filter((name) => !read.has(name)).sort();
    expect(missingFromGuide, 'read by server/config.ts but not in the guide').toEqual([]);
    // (The AWS SDK's own AWS_* variables are named in a meaning column only.)
    expect(notRead, 'in the guide but read by nobody').toEqual([]);
  });

  it('the required table says what happens when each is missing, in the server’s own words', () => {
    const required = section('Environment').split('### PostgreSQL')[0]!.replaceAll('\\`', '`');
    for (const name of ['NODE_ENV', 'PAYMENT_PROVIDER', 'STRIPE_SECRET_KEY', 'BANK_ACCOUNTS', 'BANK_ACCOUNTS_FILE', 'BANK_TRANSFER', 'DATABASE_URL', 'JWT_SECRET', 'JOB_QUEUE', 'STORAGE', 'S3_BUCKET', 'SMTP_URL', 'MAIL_FROM', 'SUPPORT_EMAIL', 'PUBLIC_URL', 'HOST', 'TRUST_PROXY', 'KEEP_ALIVE_TIMEOUT_MS']) {
      expect(tableVariables(required), name).toContain(name);
    }
    const sentences = [
      refusal(changed(PRODUCTION, 'PAYMENT_PROVIDER')),
      refusal(changed(PRODUCTION, 'STRIPE_SECRET_KEY')),
      refusal(changed(PRODUCTION, 'BANK_ACCOUNTS')),
      refusal(changed(PRODUCTION, 'JWT_SECRET')),
      refusal(changed(PRODUCTION, 'JWT_SECRET', 'short')),
      refusal(changed(PRODUCTION, 'JWT_SECRET', 'a'.repeat(40))),
      refusal(changed(changed(PRODUCTION, 'DATABASE_URL'), 'DATABASE_SSL')),
      refusal(changed(PRODUCTION, 'S3_BUCKET')),
    ];
    expect(sentences[2]).toBe(BANK_CONFIG_MESSAGES.missingInProduction);
    for (const sentence of sentences) expect(required).toContain(`"${sentence}"`);
    // The defaults the table names are the configuration's.
    const config = readConfig({ NODE_ENV: 'production', BANK_TRANSFER: '0', PORT: '3000' });
    expect(required).toContain(`\`${config.mailFrom}\``);
    expect(required).toContain(`\`${config.supportEmail}\``);
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    expect(config.host).toBe('127.0.0.1');
    expect(config.keepAliveTimeoutMs).toBe(5000);
    expect(config.trustProxy).toBe(false);
  });

  it('the other tables’ defaults are the configuration’s', () => {
    const config = readConfig({});
    const defaults: [string, string][] = [
      ['PG_POOL_MAX', String(config.postgres.poolMax)],
      ['SHUTDOWN_TIMEOUT_MS', String(config.shutdownTimeoutMs)],
      ['QUOTE_ANALYSIS_TIMEOUT_MS', String(config.quoteAnalysisTimeoutMs)],
      ['ACCESS_TOKEN_TTL', String(config.accessTokenTtl)],
      ['TEMPORARY_TOKEN_TTL', String(config.temporaryTokenTtl)],
      ['AGENCY_LINK_TTL', String(config.agencyLinkTtl)],
      ['AVATAR_MAX_BYTES', String(config.avatarMaxBytes)],
      ['QUOTE_MAX_FILE_BYTES', String(config.quoteMaxFileBytes)],
      ['QUOTE_MAX_FILES_PER_PROJECT', String(config.quoteMaxFilesPerProject)],
      ['QUOTE_UPLOADS_PER_OWNER', String(config.quoteUploadsPerOwner)],
      ['QUOTE_DEFER_CHECKS_ABOVE', String(config.quoteDeferChecksAbove)],
      ['MAX_ORDER_CENTS', String(config.maxOrderCents)],
      ['PORT', String(config.port)],
      ['API_SEGMENT', config.apiSegment],
      ['STRIPE_API_BASE', config.stripeApiBase],
    ];
    for (const [name, value] of defaults) expect(guide, name).toMatch(new RegExp(`\\| \`${name}\` \\| \`${value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\``));
  });

  it('a production server without a built web app refuses with the sentence the guide quotes', () => {
    // server/http/web-app.ts's words, which main.ts prints as they are.
    const source = fs.readFileSync(path.join(root, 'server/http/web-app.ts'), 'utf8');
    const words = /throw new Error\(`No built web app at \$\{staticDir\}: run \\`npm run build\\` first`\)/.exec(source);
    expect(words).not.toBeNull();
    expect(readable).toContain('"No built web app at …: run `npm run build` first"');
  });
});

describe('docs/deploy.md, the proxy and the connections', () => {
  it('shows the nginx configuration the topology runs, whole', () => {
    const block = /<!-- deploy-guide: nginx -->\n```nginx\n([\s\S]*?)```/.exec(guide)?.[1];
    expect(block).toBe(fs.readFileSync(NGINX_CONFIG_PATH, 'utf8'));
  });

  it('sizes connections with the job queue’s own pool', () => {
    const connections = section('PostgreSQL: the role and the database');
    expect(connections).toContain(`\`PG_POOL_MAX\` (application) + ${JOB_QUEUE_POOL_SIZE} (the job queue's own pool, pg-boss) + 1 for a moment at start`);
    expect(connections).toContain(`(\`PG_POOL_MAX\` + ${JOB_QUEUE_POOL_SIZE + 1}) + 2`);
    const example = 3 * (10 + JOB_QUEUE_POOL_SIZE + 1) + 2;
    expect(connections).toContain(`3 × ${10 + JOB_QUEUE_POOL_SIZE + 1} + 2 = ${example}`);
  });

  it('needs no package the project lacks', () => {
    expect(guide).not.toMatch(/\bnpx\b/);
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string>; devDependencies: Record<string, string> };
    for (const [, script] of guide.matchAll(/`npm run ([a-z0-9:-]+)/g)) expect(Object.keys(pkg.scripts), script).toContain(script);
    expect(Object.keys(pkg.devDependencies)).toContain('s3rver');
  });
});

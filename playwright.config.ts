import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, requireChromium } from './scripts/find-chromium.mjs';

import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
/** The server's data folder for this run: tests may read its database (e.g. a captcha's answer). */
export const E2E_DATA_DIR = path.resolve('.tmp', `e2e-${port}`);
process.env.E2E_DATA_DIR = E2E_DATA_DIR;
export const E2E_ADMIN_TOKEN = 'e2e-operator-token';
process.env.E2E_ADMIN_TOKEN = E2E_ADMIN_TOKEN;
/** The loopback OpenID Connect provider (scripts/loopback-oidc-provider.ts, ADR 171), next to the app's port. */
const oauthPort = port + 1000;
const oauthBase = `http://127.0.0.1:${oauthPort}`;
/** Content-Security-Policy violation reports of this run (issue 12 item 6): the global teardown fails on any. */
export const E2E_CSP_REPORTS_FILE = path.resolve('.tmp', `e2e-${port}-csp-reports.jsonl`);
process.env.E2E_CSP_REPORTS_FILE = E2E_CSP_REPORTS_FILE;

/**
 * End-to-end tests through the UI against the real production server on an empty embedded
 * database (a fresh folder under .tmp/ each run). The app must be built first (`npm run build`;
 * `npm test` does it).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 30_000,
  globalTeardown: './tests/e2e/support/csp-teardown.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: requireChromium(), args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: [
    {
      command: `node --import tsx scripts/loopback-oidc-provider.ts`,
      url: `${oauthBase}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        LOOPBACK_OIDC_PORT: String(oauthPort),
        LOOPBACK_OIDC_CLIENT_ID: 'e2e-client',
        LOOPBACK_OIDC_CLIENT_SECRET: 'e2e-secret',
        LOOPBACK_OIDC_REDIRECT_URIS: `${baseURL}/manufacture/quick-login/loopback`,
        LOOPBACK_OIDC_LABEL: 'Loopback ID',
      },
    },
    {
      command: `node scripts/e2e-server.mjs`,
      url: `${baseURL}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      // Every test signs up from 127.0.0.1: the rate limits (tested in the server suite) are raised
      // tenfold here, or the sixth sign-up in ten minutes would be refused.
      // ADMIN_TOKEN opens the operator endpoints, so a test can create an additional cost or set an
      // account's record as customer service would; with DEV_OUTBOX=1 it also opens the developer
      // outbox, which in production answers nobody else. CSP_REPORTS_FILE: the server's policy
      // reports violations to a collector that writes them there. OAUTH_* offer the loopback
      // OpenID Connect provider for quick login.
      env: {
        PORT: String(port),
        DATA_DIR: E2E_DATA_DIR,
        SEED_DEMO: '0',
        RATE_LIMIT_FACTOR: '10',
        ADMIN_TOKEN: E2E_ADMIN_TOKEN,
        DEV_OUTBOX: '1',
        CSP_REPORTS_FILE: E2E_CSP_REPORTS_FILE,
        OAUTH_PROVIDERS: 'loopback',
        OAUTH_LOOPBACK_LABEL: 'Loopback ID',
        OAUTH_LOOPBACK_CLIENT_ID: 'e2e-client',
        OAUTH_LOOPBACK_CLIENT_SECRET: 'e2e-secret',
        OAUTH_LOOPBACK_ISSUER: oauthBase,
      },
      stdout: 'pipe',
    },
  ],
});

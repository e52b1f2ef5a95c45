// `npm start`: install what is missing, build the web app, then run the one production process
// (API + web app on one port) on the embedded database, migrated at start-up.
import { spawn, execSync } from 'node:child_process';
import { ensureInstall } from './ensure-install.mjs';
import { productionEnv } from './production-env.mjs';

ensureInstall();
// SKIP_BUILD=1 serves the dist/ already built (the signal test of tests/server/main.test.ts uses it).
if (process.env.SKIP_BUILD !== '1') {
  console.log('[start] building the web app…');
  execSync('./node_modules/.bin/vite build --logLevel warn', { stdio: 'inherit' });
}

// `npm start` is the demo: without configured bank accounts it shows the demo ones, labelled as
// such (a real deployment sets BANK_ACCOUNTS or BANK_ACCOUNTS_FILE; ADR 093; scripts/production-env.mjs).
// Likewise it takes test cards (the sandbox, said on every page) and seeds the demo customer, unless
// told otherwise: production does neither by itself (issue 32 items 2 and 12).
const demo = { PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER || 'sandbox', SEED_DEMO: process.env.SEED_DEMO ?? '1' };
const port = process.env.PORT ?? '3000';

// Quick login (issue 40, ADR 171): QUICK_LOGIN_DEMO=1 also starts a real OpenID Connect provider on
// this machine ("Loopback ID", port PORT + 1000, the one the end-to-end tests use) and offers it
// beside any provider configured; its sign-in page takes any address. Real providers are enabled by
// their client id and secret (OAUTH_GOOGLE_CLIENT_ID …, docs/deploy.md).
let provider;
const quick = {};
if (process.env.QUICK_LOGIN_DEMO === '1') {
  const providerPort = Number(port) + 1000;
  const publicUrl = (process.env.PUBLIC_URL || `http://127.0.0.1:${port}`).replace(/\/+$/, '');
  provider = spawn(process.execPath, ['--import', 'tsx', 'scripts/loopback-oidc-provider.ts'], {
    stdio: 'inherit',
    env: { ...process.env, LOOPBACK_OIDC_PORT: String(providerPort), LOOPBACK_OIDC_REDIRECT_URIS: `${publicUrl}/manufacture/quick-login/loopback`, LOOPBACK_OIDC_LABEL: 'Loopback ID' },
  });
  Object.assign(quick, {
    OAUTH_PROVIDERS: [process.env.OAUTH_PROVIDERS, 'loopback'].filter(Boolean).join(','),
    OAUTH_LOOPBACK_ISSUER: `http://127.0.0.1:${providerPort}`,
    OAUTH_LOOPBACK_CLIENT_ID: 'loopback-client',
    OAUTH_LOOPBACK_CLIENT_SECRET: 'loopback-secret',
    OAUTH_LOOPBACK_LABEL: 'Loopback ID',
  });
} else if (!Object.keys(process.env).some((name) => /^OAUTH_\w+_CLIENT_ID$/.test(name))) {
  console.log('[start] quick login: no provider configured. To try one here: QUICK_LOGIN_DEMO=1 npm start (a loopback OpenID provider), or a GitHub OAuth app (docs/deploy.md, "Quick login").');
}

const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: productionEnv({ ...demo, ...quick, PORT: port }),
});
// npm passes SIGTERM and SIGINT to this process (package.json runs it with `exec`, issue 41 item 1);
// the server drains, and this process leaves with its exit code (the demo provider stops with it).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  provider?.kill('SIGTERM');
  process.exit(code ?? 0);
});

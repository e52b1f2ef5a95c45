// `npm start`: install what is missing, build the web app, then run the one production process
// (API + web app on one port) on the embedded database, migrated at start-up.
import { spawn, execSync } from 'node:child_process';
import { ensureInstall } from './ensure-install.mjs';

ensureInstall();
// SKIP_BUILD=1 serves the dist/ already built (the signal test of tests/server/main.test.ts uses it).
if (process.env.SKIP_BUILD !== '1') {
  console.log('[start] building the web app…');
  execSync('./node_modules/.bin/vite build --logLevel warn', { stdio: 'inherit' });
}

// `npm start` is the demo: without configured bank accounts it shows the demo ones, labelled as
// such (a real deployment sets BANK_ACCOUNTS or BANK_ACCOUNTS_FILE; ADR 093).
// Likewise it takes test cards (the sandbox, said on every page) and seeds the demo customer, unless
// told otherwise: production does neither by itself (issue 32 items 2 and 12).
const bank = process.env.BANK_ACCOUNTS || process.env.BANK_ACCOUNTS_FILE ? {} : { BANK_ACCOUNTS: 'demo' };
const demo = { PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER || 'sandbox', SEED_DEMO: process.env.SEED_DEMO ?? '1' };
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, ...bank, ...demo, NODE_ENV: 'production', PORT: process.env.PORT ?? '3000' },
});
// npm passes SIGTERM and SIGINT to this process (package.json runs it with `exec`, issue 41 item 1);
// the server drains, and this process leaves with its exit code.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));

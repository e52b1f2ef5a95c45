// What the browser benchmarks measure and how they get there (scripts/lighthouse.mjs,
// scripts/bench-app-start.mjs, scripts/bench-first-input.mjs): the pages by name, the production server they run against, and the
// demo customer's sign-in with the 10 mm cube in the cart.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { productionEnv } from './production-env.mjs';

export const DEMO = { email: 'demo@example.com', password: 'demo1234' }; // server/accounts/demo-account.ts
export const CUBE = path.resolve('tests/fixtures/cad/cube-10x10mm--cube-10x10.stl');

/** The pages by name: first visits (storage cleared) and the signed-in ones. */
export const PAGES = {
  quote: { path: '/manufacture/quote?technology=3d-printing', signedIn: false },
  login: { path: '/manufacture/login', signedIn: false },
  signup: { path: '/manufacture/signup', signedIn: false },
  reset: { path: '/manufacture/reset-password?key=lighthouse-link', signedIn: false },
  checkout: { path: '/manufacture/checkout', signedIn: true },
  account: { path: '/manufacture/user/home', signedIn: true },
  orders: { path: '/manufacture/user/order/history', signedIn: true },
  // The account pages and the contact page, for a sweep of every page (stop 64's found two under 95).
  points: { path: '/manufacture/user/prime/point', signedIn: true },
  referral: { path: '/manufacture/user/account/referral', signedIn: true },
  coupons: { path: '/manufacture/user/account/coupons', signedIn: true },
  balance: { path: '/manufacture/user/account/balance', signedIn: true },
  address: { path: '/manufacture/user/account/address', signedIn: true },
  profile: { path: '/manufacture/user/account/profile', signedIn: true },
  projects: { path: '/manufacture/user/project', signedIn: true },
  uploads: { path: '/manufacture/user/order/upload-history', signedIn: true },
  'after-sale': { path: '/manufacture/user/order/after-sale', signedIn: true },
  contact: { path: '/manufacture/contact-us', signedIn: false },
  // The cube's project, reopened by its address (ADR 263): `{projectId}` is the one signInAndFillCart made.
  project: { path: '/manufacture/quote/{projectId}', signedIn: true },
};

/** A page's address, with the project that signInAndFillCart made where it names one. */
export const pageAddress = (name, projectId) => PAGES[name].path.replace('{projectId}', projectId ?? 'none');

export async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

/**
 * The production server (server/main.ts, NODE_ENV=production) on an empty embedded database in a
 * temporary folder, the demo customer seeded, once it says it is running; `env` is added (STATIC_DIR
 * for another build). `stop()` ends it and removes its folder.
 */
export async function startProductionServer(env = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'measured-pages-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    // The labelled demo bank accounts, as the end-to-end server has them (scripts/production-env.mjs).
    env: productionEnv({ PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: '1', PAYMENT_PROVIDER: 'sandbox', DATABASE_URL: '', ...env }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  for (let i = 0; !log.includes('is running at'); i++) {
    if (i > 600 || child.exitCode !== null) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs the demo customer in through the form in `page` and puts the 10 mm cube, in white, in the
 * cart; resolves to the cube's project id (the quote page's address before "Add to cart").
 */
export async function signInAndFillCart(page, origin) {
  await page.goto(`${origin}/manufacture/login`);
  await page.getByRole('button', { name: 'Accept cookies' }).click({ timeout: 10_000 }).catch(() => {});
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 20_000 });
  await page.goto(`${origin}/manufacture/quote?technology=3d-printing`);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles(CUBE);
  await page.getByRole('radiogroup', { name: 'Colour' }).getByText('White').click({ timeout: 30_000 });
  await page.getByText('Price confirmed by the server.').waitFor({ timeout: 30_000 });
  const projectId = new URL(page.url()).pathname.split('/').pop();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.waitForURL(/\/manufacture\/checkout$/, { timeout: 20_000 });
  return projectId;
}

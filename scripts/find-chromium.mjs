// Where the browser for tests lives (ADR 005). Order: CHROMIUM_PATH, Debian's chromium,
// a Playwright-managed Chromium already on disk. Never downloads one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Flags that keep Chromium quiet on a closed network; fixed, because they change pixels in baselines. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
  '--font-render-hinting=none',
];

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', ...playwrightChromiums()];
  return candidates.find((p) => p && fs.existsSync(p));
}

function playwrightChromiums() {
  const dir = process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(os.homedir(), '.cache', 'ms-playwright');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((d) => d.startsWith('chromium'))
    .map((d) => path.join(dir, d, 'chrome-linux', 'chrome'));
}

export function requireChromium() {
  const found = findChromium();
  if (!found) {
    throw new Error(
      'No Chromium found. Set CHROMIUM_PATH, or on Debian run: apt-get install -y chromium (scripts/ensure-system-deps.mjs does it as root).',
    );
  }
  return found;
}

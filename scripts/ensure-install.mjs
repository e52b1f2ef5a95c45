// Installs npm dependencies when they are missing or older than package-lock.json.
// `npm install` (not `npm ci`): this registry lacks some other platforms' optional binaries, so a
// lockfile written here cannot satisfy `npm ci` (docs/decisions/001-stack-and-versions.md).
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export function ensureInstall() {
  const marker = 'node_modules/.package-lock.json';
  const stale =
    !fs.existsSync(marker) ||
    (fs.existsSync('package-lock.json') && fs.statSync('package-lock.json').mtimeMs > fs.statSync(marker).mtimeMs);
  if (!stale) return;
  console.log('[install] installing npm dependencies…');
  execSync('npm install --no-audit --no-fund', {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureInstall();

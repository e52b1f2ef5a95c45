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
  // A link to another checkout's install (a git worktree's): npm would replace the link with a
  // folder of its own, half built while it runs. Left alone; whoever owns it installs there.
  if (fs.lstatSync('node_modules', { throwIfNoEntry: false })?.isSymbolicLink()) {
    console.log(`[install] node_modules is a link to a shared install (${fs.realpathSync('node_modules')}), older than package-lock.json: not installing over it; install in that checkout if a dependency is missing.`);
    return;
  }
  console.log('[install] installing npm dependencies…');
  execSync('npm install --no-audit --no-fund', {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureInstall();

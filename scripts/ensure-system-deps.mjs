// Installs what the test suites need from the system, only when missing and only where it can:
// Debian's chromium (browser tests) and postgresql (the server suite against PostgreSQL).
// Never downloads a browser build of its own (ADR 005).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { findChromium } from './find-chromium.mjs';
import { findPostgresBin } from './postgres-cluster.mjs';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = fs.existsSync('/usr/bin/apt-get');
let updated = false;

function aptInstall(packages) {
  if (!isRoot || !hasApt) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!updated) {
    execSync('apt-get update -qq', { stdio: 'inherit', env });
    updated = true;
  }
  execSync(`apt-get install -y -qq --no-install-recommends ${packages.join(' ')}`, { stdio: 'inherit', env });
  return true;
}

export function ensureSystemDeps({ postgres = true } = {}) {
  if (!findChromium()) {
    console.log('[deps] no Chromium found: installing Debian chromium');
    if (!aptInstall(['chromium', 'fonts-dejavu-core'])) {
      console.log('[deps] cannot install chromium here (not root on Debian); set CHROMIUM_PATH to a Chromium binary');
    }
  }
  if (postgres && !findPostgresBin()) {
    console.log('[deps] no PostgreSQL server binaries found: installing Debian postgresql');
    if (!aptInstall(['postgresql'])) console.log('[deps] cannot install postgresql here; the PostgreSQL suite will be skipped');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureSystemDeps();

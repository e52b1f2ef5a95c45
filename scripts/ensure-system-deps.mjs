// Installs what the test suites need from the system, only when missing and only where it can:
// Debian's chromium (browser tests), postgresql (the server suite against PostgreSQL) and nginx (the
// topology test's and benchmark's reverse proxy, ADR 173). Never downloads a browser build of its
// own (ADR 005), and never starts a system service: the test starts its own nginx and PostgreSQL.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { findChromium } from './find-chromium.mjs';
import { findPostgresBin } from './postgres-cluster.mjs';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = fs.existsSync('/usr/bin/apt-get');
let updated = false;

const POLICY_RC_D = '/usr/sbin/policy-rc.d';

/**
 * Debian starts a package's service when it is installed (nginx on port 80, a PostgreSQL cluster on
 * 5432). A policy-rc.d that exits 101 forbids it for the time of the install; one already there
 * (Docker images have one) is left as it is.
 */
function withoutStartingServices(work) {
  if (fs.existsSync(POLICY_RC_D)) return work();
  fs.writeFileSync(POLICY_RC_D, '#!/bin/sh\n# scripts/ensure-system-deps.mjs: no service starts while it installs packages.\nexit 101\n', { mode: 0o755 });
  try {
    return work();
  } finally {
    fs.rmSync(POLICY_RC_D, { force: true });
  }
}

/** How long an apt command waits for another apt or dpkg (an unattended upgrade, a second install) to let go of its locks. */
const APT_LOCK_WAIT_MS = 10 * 60 * 1000;
const APT_RETRY_MS = 5000;
/** What apt says when another apt holds a lock it needs. */
const LOCK_HELD = /Could not get lock|Unable to lock/;

/**
 * Runs an apt command, waiting while another apt holds its locks: dpkg's own wait
 * (DPkg::Lock::Timeout) covers the install; `apt-get update`'s lists lock is not covered by it on
 * every release, so a command refused for a held lock is tried again every 5 s until the wait is
 * over. Any other failure fails at once.
 */
function apt(command, env) {
  const started = Date.now();
  for (;;) {
    const run = spawnSync('sh', ['-c', `apt-get -o DPkg::Lock::Timeout=${APT_LOCK_WAIT_MS / 1000} ${command}`], { stdio: ['inherit', 'inherit', 'pipe'], env, encoding: 'utf8' });
    process.stderr.write(run.stderr ?? '');
    if (run.status === 0) return;
    if (!LOCK_HELD.test(run.stderr ?? '') || Date.now() - started > APT_LOCK_WAIT_MS) throw new Error(`apt-get ${command} failed (exit ${run.status ?? run.signal})`);
    console.log(`[deps] another apt holds its lock: apt-get ${command.split(' ')[0]} again in ${APT_RETRY_MS / 1000} s`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, APT_RETRY_MS);
  }
}

function aptInstall(packages) {
  if (!isRoot || !hasApt) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!updated) {
    apt('update -qq', env);
    updated = true;
  }
  withoutStartingServices(() => apt(`install -y -qq --no-install-recommends ${packages.join(' ')}`, env));
  return true;
}

/** Debian's nginx binary (Debian's `nginx` package; `nginx-light` on older releases), or NGINX_BIN; null when absent. */
export function findNginx() {
  for (const candidate of [process.env.NGINX_BIN, '/usr/sbin/nginx']) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

export function ensureSystemDeps({ postgres = true, nginx = true } = {}) {
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
  if (nginx && !findNginx()) {
    console.log('[deps] no nginx found: installing Debian nginx (its service is not started)');
    if (!aptInstall(['nginx'])) console.log('[deps] cannot install nginx here; the topology test and benchmark use the Node proxy instead');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureSystemDeps();

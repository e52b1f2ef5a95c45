import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';

const script = path.resolve(import.meta.dirname, '../../scripts/ensure-install.mjs');

/**
 * `npm start`, `npm run dev` and `npm test` install dependencies when package-lock.json is newer
 * than the install (scripts/ensure-install.mjs). A git worktree whose node_modules is a link to
 * another checkout's install has a fresh package-lock.json, so it looked stale: `npm install` then
 * replaced the link with a half-built folder of its own, and every process of that worktree failed
 * to import tsx meanwhile (the signal test of tests/server/main.test.ts runs `npm start`, which
 * did it). A shared install is left alone; it is said in one line.
 */
test('a node_modules that is a link to a shared install is never installed over, even when package-lock.json is newer', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ensure-install-'));
  const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-modules-'));
  fs.writeFileSync(path.join(shared, '.package-lock.json'), '{"name":"x","lockfileVersion":3,"packages":{}}');
  const old = new Date(Date.now() - 60_000);
  fs.utimesSync(path.join(shared, '.package-lock.json'), old, old);
  fs.writeFileSync(path.join(dir, 'package.json'), '{"name":"x","version":"1.0.0","private":true}');
  fs.writeFileSync(path.join(dir, 'package-lock.json'), '{"name":"x","version":"1.0.0","lockfileVersion":3,"requires":true,"packages":{"":{"name":"x","version":"1.0.0"}}}');
  fs.symlinkSync(shared, path.join(dir, 'node_modules'));

  // Offline: without the rule, the install this would start touches no network.
  const result = spawnSync(process.execPath, [script], { cwd: dir, env: { ...process.env, npm_config_offline: 'true' }, encoding: 'utf8', timeout: 120_000 });
  expect(result.status).toBe(0);
  expect(fs.lstatSync(path.join(dir, 'node_modules')).isSymbolicLink()).toBe(true);
  expect(result.stdout).not.toContain('[install] installing npm dependencies');
  expect(result.stdout.trim()).toBe(`[install] node_modules is a link to a shared install (${shared}), older than package-lock.json: not installing over it; install in that checkout if a dependency is missing.`);
});

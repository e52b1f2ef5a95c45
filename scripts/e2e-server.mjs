// The production server on a fresh, empty embedded database, for end-to-end tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(process.env.DATA_DIR ?? path.join('.tmp', `e2e-${Date.now()}`));
// An empty database for every run.
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
// Production mode refuses to start without bank accounts (ADR 093): the tests use the demo ones, labelled as such.
const bank = process.env.BANK_ACCOUNTS || process.env.BANK_ACCOUNTS_FILE ? {} : { BANK_ACCOUNTS: 'demo' };
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, ...bank, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '' },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});

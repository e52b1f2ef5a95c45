// The production server on a fresh, empty embedded database, for end-to-end tests, with a
// collector of Content-Security-Policy violation reports (issue 12 item 6): the server's policy
// reports to it, each report is appended to CSP_REPORTS_FILE, and the suite's global teardown
// (tests/e2e/support/csp-teardown.ts) fails when any arrived.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { productionEnv } from './production-env.mjs';

const dataDir = path.resolve(process.env.DATA_DIR ?? path.join('.tmp', `e2e-${Date.now()}`));
const reportsFile = process.env.CSP_REPORTS_FILE ? path.resolve(process.env.CSP_REPORTS_FILE) : undefined;
// An empty database for every run, and no reports from an earlier run.
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
if (reportsFile) {
  fs.mkdirSync(path.dirname(reportsFile), { recursive: true });
  fs.writeFileSync(reportsFile, '');
}

/** Records every report (application/csp-report or application/reports+json) as one JSON line. */
const collector = http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => {
    if (body.length < 64 * 1024) body += chunk;
  });
  req.on('end', () => {
    if (req.method === 'POST' && reportsFile) fs.appendFileSync(reportsFile, `${JSON.stringify({ at: new Date().toISOString(), body })}\n`);
    res.writeHead(204).end();
  });
});
await new Promise((resolve) => collector.listen(0, '127.0.0.1', resolve));
const reportUri = `http://127.0.0.1:${collector.address().port}/csp-report`;

const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  // Production mode refuses to start without bank accounts (ADR 093): the tests use the demo ones, labelled as such.
  env: productionEnv({ PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER || 'sandbox', DATA_DIR: dataDir, DATABASE_URL: '', ...(reportsFile ? { CSP_REPORT_URI: reportUri } : {}) }),
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  collector.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});

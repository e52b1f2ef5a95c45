import fs from 'node:fs';

/**
 * Global teardown of the end-to-end suite (issue 12 item 6): the server ran with its
 * Content-Security-Policy on, reporting violations to the collector of scripts/e2e-server.mjs;
 * any report fails the run, with what was blocked and where.
 */
export default function cspTeardown(): void {
  const file = process.env.E2E_CSP_REPORTS_FILE;
  if (!file) throw new Error('E2E_CSP_REPORTS_FILE is not set (playwright.config.ts sets it)');
  const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  if (lines.length === 0) return;
  const shown = lines.slice(0, 10).map((line) => {
    const { body } = JSON.parse(line) as { body: string };
    try {
      const report = (JSON.parse(body) as { 'csp-report'?: Record<string, string> })['csp-report'] ?? {};
      return `- ${report['violated-directive'] ?? report['effective-directive'] ?? '?'} blocked ${report['blocked-uri'] ?? '?'} on ${report['document-uri'] ?? '?'}`;
    } catch {
      return `- ${body.slice(0, 300)}`;
    }
  });
  throw new Error(`The Content-Security-Policy was violated ${lines.length} time(s) during the end-to-end suite:\n${shown.join('\n')}`);
}

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function run(env: Record<string, string | undefined>) {
  const clean = { ...process.env };
  delete clean.CHROMATIC_PROJECT_TOKEN;
  return spawnSync(process.execPath, ['scripts/chromatic.mjs'], { cwd: root, env: { ...clean, ...env }, encoding: 'utf8', timeout: 30_000 });
}

describe('npm run chromatic', () => {
  it('skips with one line and exit 0 when no project token is set', () => {
    const result = run({});
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual(['chromatic: skipped, CHROMATIC_PROJECT_TOKEN is not set (see docs/design-review.md).']);
  });

  it('stops with exit 1 instead of hanging when Chromatic cannot be reached', () => {
    // A closed port on this machine stands in for a network without Chromatic.
    const result = run({ CHROMATIC_PROJECT_TOKEN: 'chpt_test', CHROMATIC_INDEX_URL: 'http://127.0.0.1:9/' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('chromatic: cannot reach http://127.0.0.1:9/');
  });
});

describe('CI publishes for design review (issue 41 item 6)', () => {
  it('.ci/run runs npm run chromatic after npm test', async () => {
    const ci = (await import('node:fs')).readFileSync(path.join(root, '.ci/run'), 'utf8');
    const lines = ci.split('\n').map((line) => line.trim());
    expect(lines.indexOf('npm run chromatic')).toBeGreaterThan(lines.indexOf('npm test'));
    expect(lines.indexOf('npm test')).toBeGreaterThan(-1);
  });

  it('the design-review guide needs no package the project lacks', async () => {
    const guide = (await import('node:fs')).readFileSync(path.join(root, 'docs/design-review.md'), 'utf8');
    expect(guide).not.toMatch(/npx (?!chromatic)/);
    expect(guide).toContain('npm run serve-storybook');
  });
});

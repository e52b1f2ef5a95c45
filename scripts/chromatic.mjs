// `npm run chromatic`: publishes the Storybook to Chromatic, where designers review and approve
// visual changes (docs/design-review.md). Settings live in chromatic.config.json (TurboSnap:
// only stories whose files changed are snapped; a change to the CSS entry, which declares the
// font, snaps all of them).
//
// It never hangs and never breaks a build that has no Chromatic project:
// - without CHROMATIC_PROJECT_TOKEN it prints one line and exits 0 (local runs, forks, CI without the secret);
// - with a token it first checks that Chromatic answers (15 s); offline, the chromatic CLI fails to
//   authenticate and then waits forever, so this stops with exit 1 and says why;
// - a run that does not finish in 10 minutes is stopped.
import { spawn } from 'node:child_process';

const TOKEN = process.env.CHROMATIC_PROJECT_TOKEN;
const CHROMATIC_INDEX = process.env.CHROMATIC_INDEX_URL ?? 'https://index.chromatic.com';

if (!TOKEN) {
  console.log('chromatic: skipped, CHROMATIC_PROJECT_TOKEN is not set (see docs/design-review.md).');
  process.exit(0);
}

try {
  await fetch(CHROMATIC_INDEX, { method: 'HEAD', signal: AbortSignal.timeout(15_000) });
} catch (error) {
  console.error(`chromatic: cannot reach ${CHROMATIC_INDEX} (${error instanceof Error ? error.message : error}); not publishing.`);
  process.exit(1);
}

const child = spawn('./node_modules/.bin/chromatic', ['--config-file', 'chromatic.config.json', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMATIC_PROJECT_TOKEN: TOKEN },
});
const timer = setTimeout(() => {
  console.error('chromatic: no result after 10 minutes, stopping.');
  child.kill('SIGTERM');
}, 10 * 60_000);
child.on('exit', (code) => {
  clearTimeout(timer);
  process.exit(code ?? 1);
});

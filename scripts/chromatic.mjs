// `npm run chromatic`: publishes the Storybook to Chromatic for visual review.
// Needs CHROMATIC_PROJECT_TOKEN and Chromatic's cloud service; offline it cannot authenticate and
// would hang, so it refuses to start without a token and gives up after 10 minutes.
import { spawn } from 'node:child_process';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.error('CHROMATIC_PROJECT_TOKEN is not set: get a project token at chromatic.com and export it.');
  process.exit(2);
}
const child = spawn('./node_modules/.bin/chromatic', ['--exit-zero-on-changes', '--build-script-name', 'build-storybook', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
const timer = setTimeout(() => {
  console.error('chromatic: no answer after 10 minutes, stopping.');
  child.kill('SIGTERM');
}, 10 * 60_000);
child.on('exit', (code) => {
  clearTimeout(timer);
  process.exit(code ?? 1);
});

// Storybook test-runner: Debian's Chromium (never a downloaded browser), fixed flags for stable pixels.
import { getJestConfig } from '@storybook/test-runner';
import { CHROMIUM_ARGS, requireChromium } from './scripts/find-chromium.mjs';

const base = getJestConfig();

export default {
  ...base,
  // A story's play waits on states, never on time; on a busy machine (two CI jobs on two cores) a
  // page with MSW, fonts and axe can take longer than Jest's 15 s to settle.
  testTimeout: 90_000,
  testEnvironmentOptions: {
    'jest-playwright': {
      ...base.testEnvironmentOptions?.['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: { executablePath: requireChromium(), headless: true, args: CHROMIUM_ARGS },
      contextOptions: { viewport: { width: 800, height: 600 }, deviceScaleFactor: 1, reducedMotion: 'reduce' },
    },
  },
};

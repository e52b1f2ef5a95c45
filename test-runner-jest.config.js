// Storybook test-runner: Debian's Chromium (never a downloaded browser), fixed flags for stable pixels.
import { getJestConfig } from '@storybook/test-runner';
import { CHROMIUM_ARGS, requireChromium } from './scripts/find-chromium.mjs';

const base = getJestConfig();

export default {
  ...base,
  testEnvironmentOptions: {
    'jest-playwright': {
      ...base.testEnvironmentOptions?.['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: { executablePath: requireChromium(), headless: true, args: CHROMIUM_ARGS },
      contextOptions: { viewport: { width: 800, height: 600 }, deviceScaleFactor: 1, reducedMotion: 'reduce' },
    },
  },
};

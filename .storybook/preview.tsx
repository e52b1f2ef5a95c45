import type { Preview } from '@storybook/react-vite';
import { I18nProvider } from 'react-aria-components';
import { initialize, mswLoader } from 'msw-storybook-addon';
import '../ui/theme.css';

// Mock Service Worker answers API calls in stories only; the app itself always talks to the real server.
initialize({ onUnhandledRequest: 'bypass', quiet: true });

const preview: Preview = {
  tags: ['autodocs'],
  loaders: [mswLoader],
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Every story is checked with axe by the addon in the UI and by the test-runner in CI.
    // react-aria's visually hidden live announcer is left out (see .storybook/test-runner.ts).
    a11y: { test: 'error', context: { include: ['body'], exclude: ['[data-live-announcer]'] } },
  },
  decorators: [
    (Story) => (
      <I18nProvider locale="en-US">
        <Story />
      </I18nProvider>
    ),
  ],
};
export default preview;

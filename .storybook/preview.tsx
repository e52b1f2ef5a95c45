import type { Preview } from '@storybook/react-vite';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { initialize, mswLoader } from 'msw-storybook-addon';
import { configure } from 'storybook/test';
import { create } from 'storybook/theming';
import { createQueryClient } from '#lib/query-client';
import { FONT_FACE_NAME } from '#ui/tokens';
import { ReviewSettings, type ReviewGlobals } from './review-settings.tsx';
import { viewports } from './viewports.ts';
import './preview.css';

// Mock Service Worker answers API calls in stories only; the app itself always talks to the real server.
initialize({ onUnhandledRequest: 'bypass', quiet: true });

// A play's `findBy…` and `waitFor` wait on a state, never on a time: Testing Library's default of one
// second failed a page story (Pages/Quote › Project opened) in CI on a busy machine, where a route's
// lazy chunks, MSW and the 3D preview share two cores with another suite. A story that never reaches
// its state still fails, after 15 s (Jest's own limit is 90 s: test-runner-jest.config.js).
configure({ asyncUtilTimeout: 15_000 });

/**
 * Every story renders in Inter, never in the machine's font: wait for the face before the first render
 * (the test-runner also fails a story whose text was drawn in any other font; see test-runner.ts).
 */
async function fontLoader() {
  await document.fonts.load(`400 1em "${FONT_FACE_NAME}"`);
  return {};
}

/**
 * Stories show a screen as the visitor has it once they use the page: the controls and dialogs the
 * app fetches at the visitor's first input (ADR 189) are fetched at once, as after one.
 */
async function firstInputLoader() {
  document.documentElement.setAttribute('data-first-input', '');
  return {};
}

/** A fresh cache of server state for each story (ADR 208): MSW's answers, never another story's. */
function StoryQueryClient({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const preview: Preview = {
  tags: ['autodocs'],
  loaders: [fontLoader, firstInputLoader, mswLoader],
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i }, sort: 'requiredFirst' },
    // Every story is checked with axe by the addon in the UI and by the test-runner in CI.
    // react-aria's visually hidden live announcer is left out (see .storybook/test-runner.ts).
    a11y: { test: 'error', context: { include: ['body'], exclude: ['[data-live-announcer]'] } },
    viewport: { options: viewports },
    // Docs pages in the product's face too.
    docs: {
      theme: create({ base: 'light', fontBase: `"${FONT_FACE_NAME}", system-ui, sans-serif`, brandTitle: 'Manufacture UI' }),
    },
  },
  globalTypes: {
    locale: {
      description: 'Message catalogue: the product speaks English; French shows where longer text overflows',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English', right: 'en' },
          { value: 'fr', title: 'Français (preview)', right: 'fr' },
        ],
        dynamicTitle: true,
      },
    },
    forcedColors: {
      description: 'Forced colours (Windows high contrast): a preview here; the test-runner uses real emulation',
      toolbar: {
        title: 'Forced colours',
        icon: 'contrast',
        items: [
          { value: 'none', title: 'Normal colours' },
          { value: 'active', title: 'Forced colours' },
        ],
        dynamicTitle: true,
      },
    },
    reducedMotion: {
      description: 'The prefers-reduced-motion setting the motion-safe/motion-reduce classes follow',
      toolbar: {
        title: 'Motion',
        icon: 'lightning',
        items: [
          { value: 'no-preference', title: 'Motion' },
          { value: 'reduce', title: 'Reduced motion' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en', forcedColors: 'none', reducedMotion: 'no-preference' },
  decorators: [
    (Story, { globals, id }) => (
      <ReviewSettings globals={globals as ReviewGlobals}>
        <StoryQueryClient key={id}>
          <Story />
        </StoryQueryClient>
      </ReviewSettings>
    ),
  ],
};
export default preview;

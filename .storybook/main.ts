import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y'],
  framework: { name: '@storybook/react-vite', options: {} },
  // The MSW worker lives here, not in public/, so the product never ships it.
  staticDirs: ['./public', '../public'],
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    // Stories are served from the Storybook root, not the app's /manufacture/ base.
    return { ...viteConfig, base: './' };
  },
};
export default config;

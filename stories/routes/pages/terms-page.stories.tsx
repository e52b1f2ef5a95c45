import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TermsPage } from '#routes/pages/terms-page';
import { routeDecorator } from '../../support/route-frame.tsx';

/** /terms-of-use: the terms, and the privacy policy the cookie banner links to (each tab its own address). */
const meta = {
  title: 'Pages/Terms',
  component: TermsPage,
  parameters: { layout: 'fullscreen', route: { page: 'terms', path: '/terms-of-use' } },
  decorators: [routeDecorator],
} satisfies Meta<typeof TermsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Terms: Story = {
  play: async ({ canvasElement }) => {
    const tabs = within(within(canvasElement).getAllByRole('navigation').at(-1)!);
    await expect(tabs.getAllByRole('link').find((l) => l.getAttribute('aria-current') === 'page')).toBeDefined();
  },
};

export const PrivacyPolicy: Story = {
  parameters: { route: { page: 'terms', path: '/terms-of-use?tab=privacy-policy' } },
  play: Terms.play,
};

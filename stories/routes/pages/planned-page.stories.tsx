import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AccountPlannedPage } from '#routes/pages/planned-page';
import { storyCustomer } from '../../features/account/fixtures.ts';
import { routeDecorator, routeOf } from '../../support/route-frame.tsx';

/**
 * The page an account route shows until its own page is built. Every account route has its page
 * now, so no address shows it today; the story keeps it reviewable until the file is deleted.
 */
const meta = {
  title: 'Pages/AccountPlanned',
  component: AccountPlannedPage,
  args: { route: routeOf('points') },
  parameters: { layout: 'fullscreen', route: { page: 'points', path: '/user/prime/point', user: storyCustomer() } },
  decorators: [routeDecorator],
} satisfies Meta<typeof AccountPlannedPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'get an instant quote' })).toBeInTheDocument();
  },
};

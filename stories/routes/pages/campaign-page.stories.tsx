import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CampaignPage } from '#routes/pages/campaign-page';
import { routeDecorator, routeOf } from '../../support/route-frame.tsx';

/** /impossible3dprints: the public campaign page. */
const meta = {
  title: 'Pages/Campaign',
  component: CampaignPage,
  args: { route: routeOf('campaign') },
  parameters: { layout: 'fullscreen', route: { page: 'campaign', path: '/impossible3dprints' } },
  decorators: [routeDecorator],
} satisfies Meta<typeof CampaignPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  globals: { viewport: { value: 'desktop' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('link', { name: 'Get an instant 3D printing quote' })[0]).toBeInTheDocument();
  },
};

export const Mobile: Story = { ...Desktop, globals: { viewport: { value: 'mobile' } } };

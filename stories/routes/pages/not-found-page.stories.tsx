import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { NotFoundPage } from '#routes/pages/not-found-page';
import { routeDecorator } from '../../support/route-frame.tsx';

/** /404: where a wrong address lands, with the way to a quote. */
const meta = {
  title: 'Pages/NotFound',
  component: NotFoundPage,
  parameters: { layout: 'fullscreen', route: { page: 'not-found', path: '/404' } },
  decorators: [routeDecorator],
} satisfies Meta<typeof NotFoundPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toBeInTheDocument();
  },
};

export const Mobile: Story = { ...Default, globals: { viewport: { value: 'mobile' } } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { QuotePage } from '#routes/pages/quote-page';
import { routeDecorator } from '../../support/route-frame.tsx';

/** The instant quote page, as a first-time visitor meets it from the home page's "3D printing" link. */
const meta = {
  title: 'Pages/Quote',
  component: QuotePage,
  parameters: { route: { page: 'quote', path: '/quote?technology=3d-printing' }, layout: 'fullscreen' },
  decorators: [routeDecorator],
} satisfies Meta<typeof QuotePage>;
export default meta;
type Story = StoryObj<typeof meta>;

const play: Story['play'] = async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  await expect(canvas.getByRole('heading', { level: 1 })).toBeInTheDocument();
  await expect(canvas.getByRole('radio', { name: '3D printing' })).toBeChecked();
  await expect(canvas.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
  await expect(canvas.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
};

/** 1280 px: services and upload, the explanation, the options column. */
export const Desktop: Story = { globals: { viewport: { value: 'desktop' } }, play };

/** 320 px: one column, nothing wider than the phone. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async (context) => {
    await play(context);
    await expect(context.canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(320);
  },
};

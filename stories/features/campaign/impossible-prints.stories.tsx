import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ImpossiblePrints } from '#features/campaign/components/impossible-prints';
import { ScreenFrame } from '../../support/page-frame.tsx';

const meta = {
  title: 'Features/Campaign/ImpossiblePrints',
  component: ImpossiblePrints,
  decorators: [(Story) => <ScreenFrame path="/impossible3dprints"><Story /></ScreenFrame>],
} satisfies Meta<typeof ImpossiblePrints>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The campaign: what 3D printing makes, every figure from the catalogue, and the way into the quote. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('link', { name: 'Get an instant 3D printing quote' })[0]).toHaveAttribute('href', '/quote?technology=3d-printing');
    await expect(canvas.getByRole('table', { name: /3D printing materials/ })).toHaveTextContent('Stainless steel 316L (SLM)');
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: Default.play,
};

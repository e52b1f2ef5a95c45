import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ColorTokens, Elevation, FontSpecimen, IconGallery, Radii, Spacing, TypeScale } from './overview-blocks.tsx';

/** The design tokens as stories, so axe and a baseline check them too (the Overview page shows them with the components). */
const meta = {
  title: 'UI/Tokens',
  component: ColorTokens,
  tags: ['!autodocs'],
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ColorTokens>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Colours: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('brand-600')).toBeVisible();
  },
};

export const Type: Story = {
  render: () => <TypeScale />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('Instant quotes for 3D printing and CNC')).toHaveLength(4);
  },
};

export const Radius: Story = {
  render: () => <Radii />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/rounded-control/)).toBeVisible();
  },
};

export const Font: Story = {
  render: () => <FontSpecimen />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Délai de fabrication/)).toBeVisible();
  },
};

export const SpacingScale: Story = {
  render: () => <Spacing />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/gutter/)).toBeVisible();
  },
};

export const ElevationLevels: Story = {
  render: () => <Elevation />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('shadow-overlay')).toBeVisible();
  },
};

export const Icons: Story = {
  render: () => <IconGallery />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('TruckIcon')).toBeVisible();
    await expect(within(canvasElement).getByText('GearIcon')).toBeVisible();
  },
};

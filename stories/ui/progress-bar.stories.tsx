import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ProgressBar } from '#ui/progress-bar';

const meta = {
  title: 'UI/ProgressBar',
  component: ProgressBar,
  args: { label: 'Uploading bracket.stl', value: 40 },
} satisfies Meta<typeof ProgressBar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Progress is read, not operated: no keyboard stop (the play checks role, name and value). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Uploading bracket.stl' });
    await expect(bar).toHaveAttribute('aria-valuenow', '40');
    await expect(bar).toHaveAttribute('aria-valuetext', '40%');
  },
};

export const Complete: Story = { args: { value: 100, label: 'Upload complete' } };

export const Indeterminate: Story = {
  args: { isIndeterminate: true, label: 'Analysing geometry', value: undefined },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Analysing geometry' });
    await expect(bar).not.toHaveAttribute('aria-valuenow');
  },
};

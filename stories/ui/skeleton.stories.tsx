import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Skeleton, SkeletonGroup } from '#ui/skeleton';

const meta = {
  title: 'UI/Skeleton',
  component: SkeletonGroup,
  args: { label: 'Loading orders…', lines: 3 },
} satisfies Meta<typeof SkeletonGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Placeholders are not focusable; what a screen reader meets is one status. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading orders…' })).toBeInTheDocument();
  },
};

export const CardShape: Story = {
  render: () => (
    <div role="status" aria-label="Loading quote" className="flex w-80 gap-4 rounded-card border border-neutral-200 bg-neutral-0 p-4">
      <Skeleton className="size-16 rounded-control" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading quote' })).toBeInTheDocument();
  },
};

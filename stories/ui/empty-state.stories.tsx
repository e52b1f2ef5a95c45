import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '#ui/button';
import { EmptyState } from '#ui/empty-state';
import { UploadIcon } from '#ui/icons';

const onPress = fn();

const meta = {
  title: 'UI/EmptyState',
  component: EmptyState,
  args: {
    title: 'No projects yet',
    description: 'Upload a 3D file to get an instant quote; it is saved as a project.',
    icon: <UploadIcon className="size-6" />,
    action: <Button onPress={onPress}>Upload a file</Button>,
  },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'No projects yet' })).toBeVisible();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(onPress).toHaveBeenCalled();
  },
};

export const WithoutAction: Story = {
  args: { title: 'No coupons', description: 'Coupons are issued on the 1st of each month.', action: undefined, icon: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'No coupons' })).toBeVisible();
  },
};

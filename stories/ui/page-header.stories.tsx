import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within, waitFor } from 'storybook/test';
import { Breadcrumb, Breadcrumbs } from '#ui/breadcrumbs';
import { Button } from '#ui/button';
import { PageHeader } from '#ui/page-header';

const meta = {
  title: 'UI/PageHeader',
  component: PageHeader,
  args: {
    title: 'Projects',
    description: 'Your uploaded files, grouped by project. Files are kept for 3 months.',
    actions: <Button onPress={fn()}>New project</Button>,
  },
  decorators: [(Story) => <RouterProvider navigate={fn()}><div className="w-[44rem]"><Story /></div></RouterProvider>],
} satisfies Meta<typeof PageHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'New project' })).toHaveFocus());
  },
};

export const WithBreadcrumbs: Story = {
  args: {
    title: 'Order 10234',
    description: undefined,
    actions: <Button variant="secondary">Download invoice</Button>,
    breadcrumbs: (
      <Breadcrumbs>
        <Breadcrumb id="account" href="/account">Account</Breadcrumb>
        <Breadcrumb id="orders" href="/account/orders">Orders</Breadcrumb>
        <Breadcrumb id="order">Order 10234</Breadcrumb>
      </Breadcrumbs>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: 'Account' });
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('link', { name: 'Account' })).toHaveFocus());
  },
};

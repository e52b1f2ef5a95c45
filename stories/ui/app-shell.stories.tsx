import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AppShell } from '#ui/app-shell';
import { Button } from '#ui/button';
import { Link } from '#ui/link';
import { PageHeader } from '#ui/page-header';

const meta = {
  title: 'UI/AppShell',
  component: AppShell,
  parameters: { layout: 'fullscreen' },
  args: {
    header: <span className="text-title text-neutral-900">Manufacture</span>,
    navigation: (
      <>
        <Link variant="quiet" href="/quote">Instant quote</Link>
        <Link variant="quiet" href="/projects">Projects</Link>
        <Link variant="quiet" href="/orders">Orders</Link>
        <Button variant="secondary">Sign in</Button>
      </>
    ),
    footer: 'Shipping on EXW terms (Incoterms 2020).',
    children: <PageHeader title="Instant quote" description="Upload STL or STEP files for 3D printing, CNC machining or vacuum casting." />,
  },
  decorators: [(Story) => <RouterProvider navigate={fn()}><Story /></RouterProvider>],
} satisfies Meta<typeof AppShell>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('banner')).toBeInTheDocument();
    await expect(canvas.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await expect(canvas.getByRole('contentinfo')).toBeInTheDocument();
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('link', { name: 'Skip to main content' })).toHaveFocus());
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('link', { name: 'Instant quote' })).toHaveFocus());
  },
};

/** The skip link shows on focus and moves focus to the main landmark. */
export const SkipLink: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByRole('main')).toHaveFocus());
  },
};

/** The frame on a 320 px phone (the test-runner sizes the page from the story's viewport). */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('navigation', { name: 'Main' })).toBeVisible();
  },
};

/** The frame on a 1280 px laptop. */
export const Desktop: Story = {
  globals: { viewport: { value: 'desktop' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('main')).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '#ui/button';
import { createToasts, type ToastContent } from '#ui/toast';
import { ToastRegion } from '#ui/toast-region';

/**
 * A queue of its own, so stories do not share toasts. Its timeout is long only so that the
 * screenshot is taken before a success toast leaves; the app's `toasts` uses the real 6 s.
 */
const storyToasts = createToasts({ timeout: 120_000 });

function ToastDemo({ toasts: list }: { toasts: ToastContent[] }) {
  return (
    <>
      <div className="flex gap-2">
        {list.map((content) => (
          <Button key={content.title} variant="secondary" onPress={() => storyToasts.add(content)}>
            Show “{content.title}”
          </Button>
        ))}
      </div>
      <ToastRegion toasts={storyToasts} aria-label="Notifications" />
    </>
  );
}

const meta = {
  title: 'UI/Toast',
  component: ToastDemo,
  args: { toasts: [{ tone: 'success', title: 'Sign In successfully.' }] },
  beforeEach: () => {
    storyToasts.clear();
  },
} satisfies Meta<typeof ToastDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const region = await within(document.body).findByRole('region', { name: 'Notifications' });
    const toast = await within(region).findByRole('alertdialog', { name: 'Sign In successfully.' });
    await expect(toast).toBeVisible();
  },
};

/** An error from the spec's catalogue: it stays until dismissed. */
export const Error: Story = {
  args: { toasts: [{ tone: 'error', title: 'System is busy, please try again later', description: 'Your changes were not saved.' }] },
  play: async () => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const toast = await within(document.body).findByRole('alertdialog', { name: 'System is busy, please try again later' });
    await expect(toast).toHaveAccessibleDescription('Your changes were not saved.');
  },
};

export const Info: Story = {
  args: { toasts: [{ tone: 'info', title: 'Service is being upgraded, please come back later.' }] },
  play: async () => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(await within(document.body).findByRole('alertdialog', { name: 'Service is being upgraded, please come back later.' })).toBeVisible();
  },
};

/** Dismissing by keyboard: the toast is next in the tab order (F6 also jumps to the region), then its close button. */
export const Dismiss: Story = {
  args: { toasts: [{ tone: 'error', title: 'Unable to create new project.' }] },
  play: async () => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const toast = await within(document.body).findByRole('alertdialog', { name: 'Unable to create new project.' });
    await userEvent.tab();
    await waitFor(() => expect(toast).toHaveFocus());
    await userEvent.tab();
    await waitFor(() => expect(within(toast).getByRole('button', { name: 'Dismiss' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(document.body).queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};

/**
 * The region keeps clear of the focused control (WCAG 2.4.11): with the focus on a button it would
 * cover at the bottom right ("Place order and pay"), it shows at the top right.
 */
export const ClearOfFocus: Story = {
  render: () => (
    <>
      <Button className="fixed bottom-6 right-6">Place order and pay</Button>
      <ToastRegion toasts={storyToasts} aria-label="Notifications" />
    </>
  ),
  play: async () => {
    const body = within(document.body);
    storyToasts.add({ tone: 'success', title: 'Sign In successfully.' });
    const region = await body.findByRole('region', { name: 'Notifications' });
    body.getByRole('button', { name: 'Place order and pay' }).focus();
    await waitFor(() => expect(region).toHaveAttribute('data-placement', 'top'));
    await expect(body.getByRole('button', { name: 'Place order and pay' })).toHaveFocus();
  },
};

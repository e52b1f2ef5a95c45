import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { CookieBanner } from '#features/consent/components/cookie-banner';
import { COOKIE_ACCEPTED_VALUE, STORAGE_KEYS, storage } from '#lib/storage/storage';
import { AppFrame } from '../../support/app-frame.tsx';

const meta = {
  title: 'Features/Consent/CookieBanner',
  component: CookieBanner,
  // A page's worth of room so the fixed banner sits at the bottom as it does on every page.
  decorators: [(Story) => <AppFrame path="/quote" width="min-h-[560px]"><Story /></AppFrame>],
  // Each story starts from a visitor who has not answered yet.
  beforeEach: () => {
    storage.remove(STORAGE_KEYS.cookieAccepted);
    return () => storage.remove(STORAGE_KEYS.cookieAccepted);
  },
} satisfies Meta<typeof CookieBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A first visit: the banner at the bottom, with the privacy policy and the one button. Not modal: the page stays usable. */
export const FirstVisit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole('region', { name: 'Cookie consent' });
    await expect(within(banner).getByRole('link', { name: 'Read our privacy policy' })).toHaveAttribute('href', expect.stringContaining('/terms-of-use?tab=privacy-policy'));
    await expect(within(banner).getByRole('button', { name: 'Accept cookies' })).toBeInTheDocument();
  },
};

/** Accepting hides the banner and remembers it (the stored flag is `1`, spec section 3). */
export const Accepted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Accept cookies' }));
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Cookie consent' })).toBeNull());
    await expect(storage.get(STORAGE_KEYS.cookieAccepted)).toBe(COOKIE_ACCEPTED_VALUE);
  },
};

/** On a phone: the message wraps above the button, nothing scrolls sideways. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: FirstVisit.play,
};

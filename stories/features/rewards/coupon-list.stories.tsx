import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { CouponList } from '#features/rewards/components/coupon-list';
import { AppFrame } from '../../support/app-frame.tsx';
import { coupons, listHandler, page } from './fixtures.ts';

const meta = {
  title: 'Features/Rewards/CouponList',
  component: CouponList,
  decorators: [(Story) => <AppFrame path="/user/account/coupons" width="max-w-5xl"><Story /></AppFrame>],
  parameters: { msw: { handlers: [listHandler('get', 'account/promoCodeList', coupons)] } },
} satisfies Meta<typeof CouponList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every kind and state: a referral reward that never expires, this month's coupon, an expired promotion, a used one. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const referral = (await canvas.findByText('REF7K2QXM9P')).closest('tr') as HTMLElement;
    await expect(within(referral).getByText('Never')).toBeInTheDocument();
    await expect(within(referral).getByRole('link', { name: 'Use REF7K2QXM9P at checkout' })).toHaveAttribute('href', '/checkout?coupon=REF7K2QXM9P');
    await expect(canvas.getByText('Used')).toBeInTheDocument();
    await expect(canvas.getByText('$20.00 off')).toBeInTheDocument();
  },
};

/** The filters go to the server (status and kind) and stay in the address. */
export const Filtered: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/*/account/promoCodeList', ({ request }) => {
          const kind = new URL(request.url).searchParams.get('kind');
          return HttpResponse.json(page(kind ? coupons.filter((c) => c.kind === kind) : coupons));
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('SPRING15');
    await userEvent.click(canvas.getByRole('button', { name: /Kind/ }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Monthly coupons' }));
    await expect(await canvas.findByText('MONH3T8W2RA')).toBeInTheDocument();
    await expect(canvas.queryByText('SPRING15')).toBeNull();
  },
};

/** Copying a code: the button keeps its name, "Copied" is said beside it. */
export const Copy: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async () => {} }, configurable: true });
    await userEvent.click(await canvas.findByRole('button', { name: 'Copy the code REF7K2QXM9P' }));
    await expect(await canvas.findByText('Copied')).toBeInTheDocument();
    // "Copied" shows for 2.5 s: the picture is taken once it has gone, whatever the machine's speed.
    await waitFor(() => expect(canvas.queryByText('Copied')).not.toBeInTheDocument(), { timeout: 10_000 });
  },
};

/** The browser refuses the clipboard: the spec's words, next to the code. */
export const CopyRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async () => Promise.reject(new Error('denied')) }, configurable: true });
    await userEvent.click(await canvas.findByRole('button', { name: 'Copy the code REF7K2QXM9P' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Unable to copy, please copy it manually.');
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [listHandler('get', 'account/promoCodeList', [])] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No coupons yet' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Invite a friend' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [listHandler('get', 'account/promoCodeList', 'loading')] } },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [listHandler('get', 'account/promoCodeList', 'error')] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('We could not load this list.');
  },
};

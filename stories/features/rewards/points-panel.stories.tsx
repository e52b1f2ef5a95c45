import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse, delay } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import type { PointsOverview } from '#domain/api/rewards';
import { PointsPanel } from '#features/rewards/components/points-panel';
import { AppFrame } from '../../support/app-frame.tsx';
import { listHandler, memberPayments, pointHistory, points } from './fixtures.ts';

const overview = (data: PointsOverview | 'loading' | 'error') =>
  http.get('*/api/*/prime/point', async () => {
    if (data === 'loading') {
      await delay('infinite');
      return HttpResponse.json({});
    }
    if (data === 'error') return HttpResponse.json({ message: 'Unknown error' }, { status: 500 });
    return HttpResponse.json(data);
  });
const histories = [listHandler('get', 'account/balance/wePointTransactionList', pointHistory), listHandler('post', 'member/paymentList', memberPayments)];

const meta = {
  title: 'Features/Rewards/PointsPanel',
  component: PointsPanel,
  decorators: [(Story) => <AppFrame path="/user/prime/point" width="max-w-4xl"><Story /></AppFrame>],
  parameters: { msw: { handlers: [overview(points), ...histories] } },
} satisfies Meta<typeof PointsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A member: points, membership in words, this month's coupon, the tasks (two done), the points history. */
export const Member: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('points')).toHaveTextContent('1,185 points');
    await expect(canvas.getByTestId('membership')).toHaveTextContent('You are a member (enterprise account): your monthly coupon is 10% off.');
    await expect(canvas.getByText('Pay an order')).toBeInTheDocument();
    await expect(canvas.getAllByText('To do')).toHaveLength(2);
    await expect(await canvas.findByText('Redeemed for a USD 5 coupon')).toBeInTheDocument();
  },
};

/** Not a member, before the 1st: the next coupon's date. */
export const NotMember: Story = {
  parameters: { msw: { handlers: [overview({ ...points, member: false, couponPercent: 5, monthlyCoupon: null, points: 0, tasks: points.tasks.map((t) => ({ ...t, done: false, doneAt: null })) }), listHandler('get', 'account/balance/wePointTransactionList', []), listHandler('post', 'member/paymentList', [])] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('membership')).toHaveTextContent('You are not a member.');
    await expect(canvas.getByText('Your next coupon (5% off one order) is issued on December 1, 2026.')).toBeInTheDocument();
    await expect(await canvas.findByRole('heading', { name: 'No points yet' })).toBeInTheDocument();
  },
};

/** The member payments, by keyboard: Tab from the points history's link to theirs, then Enter. */
export const MemberPayments: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const history = within(await canvas.findByRole('navigation', { name: 'Points and membership history' }));
    await expect(history.getByRole('link', { name: 'Points history' })).toHaveAttribute('aria-current', 'page');
    history.getByRole('link', { name: 'Points history' }).focus();
    await userEvent.tab();
    await expect(history.getByRole('link', { name: 'Member payments' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findAllByText('Prime yearly')).toHaveLength(2);
    await expect(history.getByRole('link', { name: 'Member payments' })).toHaveAttribute('aria-current', 'page');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [overview('loading'), ...histories] } },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [overview('error'), ...histories] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('We could not load your points.');
  },
};

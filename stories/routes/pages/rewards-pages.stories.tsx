import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { BalancePage } from '#routes/pages/balance-page';
import { CouponsPage } from '#routes/pages/coupons-page';
import { PointsPage } from '#routes/pages/points-page';
import { ReferralPage } from '#routes/pages/referral-page';
import { ReloadPage } from '#routes/pages/reload-page';
import { storyCustomer } from '../../features/account/fixtures.ts';
import { coupons, friends, listHandler, memberPayments, pointHistory, points, recharges, referral, transactions } from '../../features/rewards/fixtures.ts';
import { routeDecorator, routeOf } from '../../support/route-frame.tsx';

const user = storyCustomer();

/** Money and rewards in the account: balance, reload, coupons, referral, points. */
const meta = {
  title: 'Pages/Rewards',
  component: BalancePage,
  args: { route: routeOf('balance') },
  parameters: {
    layout: 'fullscreen',
    route: { page: 'balance', path: '/user/account/balance', user },
    msw: { handlers: [listHandler('get', 'account/balance/rechargeList', recharges), listHandler('get', 'account/balance/transactionList', transactions)] },
  },
  decorators: [routeDecorator],
} satisfies Meta<typeof BalancePage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /user/account/balance: the balance, the way to reload it, and its history. */
export const Balance: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByText('$256.80')).not.toHaveLength(0);
  },
};

/** /user/account/balance/reload?amount=150: the amount suggested by an order short of balance. */
export const Reload: Story = {
  render: () => <ReloadPage route={routeOf('balance-reload')} />,
  parameters: { route: { page: 'balance-reload', path: '/user/account/balance/reload?amount=150', user } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('textbox', { name: /Amount/ })).toHaveValue('150');
  },
};

export const Coupons: Story = {
  render: () => <CouponsPage route={routeOf('coupons')} />,
  parameters: { route: { page: 'coupons', path: '/user/account/coupons', user }, msw: { handlers: [listHandler('get', 'account/promoCodeList', coupons)] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(coupons[0]!.code)).toBeInTheDocument();
  },
};

export const Referral: Story = {
  render: () => <ReferralPage route={routeOf('referral')} />,
  parameters: {
    route: { page: 'referral', path: '/user/account/referral', user },
    msw: { handlers: [http.get('*/api/*/account/referral', () => HttpResponse.json(referral)), listHandler('get', 'account/referral/friends', friends)] },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByText(referral.code, { exact: false })).not.toHaveLength(0);
  },
};

export const Points: Story = {
  render: () => <PointsPage route={routeOf('points')} />,
  parameters: {
    route: { page: 'points', path: '/user/prime/point', user },
    msw: {
      handlers: [
        http.get('*/api/*/prime/point', () => HttpResponse.json(points)),
        listHandler('get', 'account/balance/wePointTransactionList', pointHistory),
        listHandler('post', 'member/paymentList', memberPayments),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(pointHistory[0]!.description, { exact: false })).toBeInTheDocument();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { AccountHomePage } from '#routes/pages/account-home-page';
import { AddressPage } from '#routes/pages/address-page';
import { BillingAddressPage } from '#routes/pages/billing-address-page';
import { ContactPage } from '#routes/pages/contact-page';
import { PasswordPage } from '#routes/pages/password-page';
import { ProfilePage } from '#routes/pages/profile-page';
import { QuickLoginPage } from '#routes/pages/quick-login-page';
import { STORY_ADDRESSES, STORY_BILLING, storyCustomer } from '../../features/account/fixtures.ts';
import { countryList, pageOf } from '../../features/account/handlers.ts';
import { orderSummary, projectSummary } from '../../support/order-fixtures.ts';
import { routeDecorator, routeOf } from '../../support/route-frame.tsx';

const user = storyCustomer();
const homeHandlers = [
  http.get('*/api/*/order/list', () =>
    HttpResponse.json(pageOf([orderSummary({ id: 'o1', number: 'W26123458', status: 'in_production' }), orderSummary({ id: 'o2', number: 'W26123457', status: 'shipped' })])),
  ),
  http.get('*/msapi/*/project/list', () => HttpResponse.json(pageOf([projectSummary()]))),
  http.get('*/msapi/*/project/:id/thumbnail', () => new HttpResponse(null, { status: 404 })),
  http.get('*/api/*/account/promoCodeList', () =>
    HttpResponse.json(pageOf([{ id: 'c1', code: 'MONTHLY5', description: 'USD 5 off', percentOff: null, amountOffCents: 500, expiresAt: '2026-12-31T00:00:00.000Z', status: 'active' }])),
  ),
];
const quickList = http.get('*/api/*/account/quick/list', () => HttpResponse.json([{ channel: 'google', name: 'Google', linked: true }]));

/** The account area: each page in its frame, the navigation marking where the customer is. */
const meta = {
  title: 'Pages/Account',
  component: AccountHomePage,
  args: { route: routeOf('account-home') },
  parameters: { layout: 'fullscreen', route: { page: 'account-home', path: '/user/home', user }, msw: { handlers: homeHandlers } },
  decorators: [routeDecorator],
} satisfies Meta<typeof AccountHomePage>;
export default meta;
type Story = StoryObj<typeof meta>;

const homePlay: Story['play'] = async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  await expect(canvas.getByRole('heading', { level: 1 })).toBeInTheDocument();
  await expect(await canvas.findByText('W26123458')).toBeInTheDocument();
};

/** /user/home at 1280 px: balance, recent orders, projects and coupons beside the account navigation. */
export const HomeDesktop: Story = { globals: { viewport: { value: 'desktop' } }, play: homePlay };

/** At 320 px: one column, the navigation folded. */
export const HomeMobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async (context) => {
    await homePlay(context);
    await expect(context.canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(320);
  },
};

export const Profile: Story = {
  render: () => <ProfilePage route={routeOf('account-profile')} />,
  parameters: { route: { page: 'account-profile', path: '/user/account/profile', user, quickLogin: [{ channel: 'google', name: 'Google' }] }, msw: { handlers: [countryList, quickList] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Unlink Google' })).toBeInTheDocument();
  },
};

export const Password: Story = {
  render: () => <PasswordPage route={routeOf('account-password')} />,
  parameters: { route: { page: 'account-password', path: '/user/account/password', user } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByLabelText(/Current password/)).toBeInTheDocument();
  },
};

export const Addresses: Story = {
  render: () => <AddressPage route={routeOf('account-address')} />,
  parameters: {
    route: { page: 'account-address', path: '/user/account/address', user },
    msw: { handlers: [countryList, http.get('*/api/*/account/address', () => HttpResponse.json({ list: STORY_ADDRESSES, total: STORY_ADDRESSES.length }))] },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('500 Demo Street', { exact: false })).toBeInTheDocument();
  },
};

export const BillingAddresses: Story = {
  render: () => <BillingAddressPage route={routeOf('account-billing')} />,
  parameters: {
    route: { page: 'account-billing', path: '/user/account/billingAddress', user },
    msw: { handlers: [http.get('*/api/*/account/billingAddress', () => HttpResponse.json({ list: STORY_BILLING, total: STORY_BILLING.length }))] },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('22 Home Road, Oakland, CA 94601, United States')).toBeInTheDocument();
  },
};

/** /contact-us?order=…: filled in for the signed-in customer, about one order. */
export const Contact: Story = {
  render: () => <ContactPage route={routeOf('contact')} />,
  parameters: { route: { page: 'contact', path: '/contact-us?order=W26123456', user } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByDisplayValue('dana@example.com')).toBeInTheDocument();
    await expect(canvas.getByDisplayValue('W26123456')).toBeInTheDocument();
  },
};

/** /quick-login/google?code=…: back from the provider, signing in. */
export const QuickLoginReturn: Story = {
  render: () => <QuickLoginPage route={routeOf('quick-login')} />,
  parameters: {
    route: { page: 'quick-login', path: '/quick-login/google?code=abc&state=xyz', user: null },
    msw: {
      handlers: [
        http.post('*/api/*/account/quick/callback', () =>
          HttpResponse.json({ message: 'An account with this email exists; log in with your password, then link Google from your profile.' }, { status: 409 }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('An account with this email exists');
  },
};

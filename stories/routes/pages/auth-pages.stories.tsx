import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { AccountDeletePage } from '#routes/pages/account-delete-page';
import { LogOutPage } from '#routes/pages/log-out-page';
import { LoginPage } from '#routes/pages/login-page';
import { ResetPasswordPage } from '#routes/pages/reset-password-page';
import { SignUpPage } from '#routes/pages/sign-up-page';
import { storyCustomer } from '../../features/account/fixtures.ts';
import { countryList } from '../../features/account/handlers.ts';
import { routeDecorator } from '../../support/route-frame.tsx';

// A fixed captcha image, so the screenshot is the same every run.
const captchaSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="150" height="50"><rect width="150" height="50" fill="#f4f6f8"/><text x="20" y="34" font-size="28" font-family="monospace" fill="#184a9f">k7w3p</text></svg>';
const captcha = http.get('*/api/*/tools/captchaImage', () =>
  HttpResponse.json({ captchaId: 'captcha-1', image: `data:image/svg+xml;base64,${btoa(captchaSvg)}`, expiresIn: 300 }),
);

/** Signing in, up and out: the pages a visitor meets before the account. */
const meta = {
  title: 'Pages/Auth',
  component: LoginPage,
  // The quick-login providers come with the session's general data (common/index).
  parameters: { layout: 'fullscreen', route: { page: 'login', path: '/login', quickLogin: [{ channel: 'google', name: 'Google' }] }, msw: { handlers: [captcha, countryList] } },
  decorators: [routeDecorator],
} satisfies Meta<typeof LoginPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Login: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    await expect(await canvas.findByRole('button', { name: /Google/ })).toBeInTheDocument();
  },
};

/** The login page on a phone. */
export const LoginMobile: Story = { ...Login, globals: { viewport: { value: 'mobile' } } };

export const SignUp: Story = {
  render: () => <SignUpPage />,
  parameters: { route: { page: 'signup', path: '/signup' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Create account' })).toBeInTheDocument();
  },
};

export const ResetPassword: Story = {
  render: () => <ResetPasswordPage />,
  parameters: { route: { page: 'reset-password', path: '/reset-password' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('textbox', { name: /Email/ })).toBeInTheDocument();
  },
};

/** /clearToken: signed out, with the ways on. */
export const LogOut: Story = {
  render: () => <LogOutPage />,
  parameters: { route: { page: 'log-out', path: '/clearToken', user: storyCustomer() } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('You are signed out.')).toBeInTheDocument();
  },
};

/** /account-delete?key=…: the emailed link asks for the button before deleting anything. */
export const AccountDelete: Story = {
  render: () => <AccountDeletePage />,
  parameters: {
    route: { page: 'account-delete', path: '/account-delete?key=k1' },
    msw: { handlers: [http.post('*/api/*/account/deletion/check', () => HttpResponse.json({ state: 'valid', expiresAt: '2026-05-02T10:00:00.000Z', message: null }))] },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Delete my account' })).toBeInTheDocument();
  },
};

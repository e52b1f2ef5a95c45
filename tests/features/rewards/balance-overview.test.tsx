import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { BalanceOverview } from '#features/rewards/components/balance-overview';
import { fakeApi } from '../../support/fake-api.ts';
import { renderWithApp } from '../../support/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

test('the balance says a card reload is there at once, not "5–10 minutes after" (it is credited as the card is charged)', () => {
  fakeApi({});
  renderWithApp(<BalanceOverview balanceCents={12_500} currency="USD" canReload />, { path: '/user/account/balance' });
  expect(screen.getByTestId('balance')).toHaveTextContent('$125.00');
  expect(screen.getByText('A card reload is in your balance at once. A bank transfer is added once it reaches us, usually within 1–3 working days.')).toBeInTheDocument();
  expect(screen.queryByText(/minutes after/)).not.toBeInTheDocument();
});

test('while the account loads, the balance says so: no $0.00 and no "reloading is not enabled" before they are known', () => {
  fakeApi({});
  renderWithApp(<BalanceOverview balanceCents={null} currency="USD" canReload={false} />, { path: '/user/account/balance' });
  expect(screen.getByText('Loading your account…')).toHaveAttribute('role', 'status');
  expect(screen.queryByTestId('balance')).toBeNull();
  expect(screen.queryByText(/Reloading is not enabled/)).toBeNull();
  expect(screen.queryByRole('link', { name: 'Reload your balance' })).toBeNull();
});

test('the two histories are links to their own addresses: the current one is the page, a new one starts at page 1', async () => {
  fakeApi({});
  const { current } = renderWithApp(<BalanceOverview balanceCents={12_500} currency="USD" canReload />, { path: '/user/account/balance?page=3' });
  const history = within(screen.getByRole('navigation', { name: 'Balance history of the last 2 years' }));
  expect(history.getByRole('link', { name: 'Reload records' })).toHaveAttribute('aria-current', 'page');
  expect(history.getByRole('link', { name: 'Reload records' })).toHaveAttribute('href', '/user/account/balance');
  expect(history.getByRole('link', { name: 'Balance transactions' })).not.toHaveAttribute('aria-current');
  expect(history.getByRole('link', { name: 'Balance transactions' })).toHaveAttribute('href', '/user/account/balance?tab=transactions');
  await userEvent.click(history.getByRole('link', { name: 'Balance transactions' }));
  expect(current()).toBe('/user/account/balance?tab=transactions');
  expect(history.getByRole('link', { name: 'Balance transactions' })).toHaveAttribute('aria-current', 'page');
  expect(history.getByRole('link', { name: 'Reload records' })).not.toHaveAttribute('aria-current');
});

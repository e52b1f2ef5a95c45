import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { ProfileForm } from '#features/account/components/profile-form';
import { ACCOUNT_MESSAGES } from '#domain/rules/account-rules';
import { fakeApi } from '../../support/fake-api.ts';
import { renderWithApp } from '../../support/render-app.tsx';
import { customer } from '../../support/users.ts';

// Typing into real forms is slow on a loaded machine: a longer budget, never a wait on time.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => vi.unstubAllGlobals());

const PHONE_CODES = [
  { id: 'GB', countryCode: 'GB', countryName: 'United Kingdom', phoneCode: '+44' },
  { id: 'FR', countryCode: 'FR', countryName: 'France', phoneCode: '+33' },
];

test('the profile rules speak next to their fields; nothing is sent until they pass', async () => {
  const calls = fakeApi({ 'GET tools/countryList': () => [200, PHONE_CODES] });
  renderWithApp(<ProfileForm user={customer({ title: 'Wizard', industry: null })} />, { user: customer() });
  const user = userEvent.setup();
  const username = screen.getByRole('textbox', { name: 'User name' });
  await user.clear(username);
  await user.type(username, 'x');
  await user.tab();
  // The form's rules arrive with their chunk a moment after it draws (ADR 140): the first check waits for them.
  await waitFor(() => expect(username).toHaveAccessibleDescription(expect.stringContaining(ACCOUNT_MESSAGES.usernameLength)));
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  // A title from before the lists is not a choice: the person chooses again.
  expect(screen.getByText(ACCOUNT_MESSAGES.titleRequired)).toBeInTheDocument();
  expect(screen.getByText(ACCOUNT_MESSAGES.industryRequired)).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
});

test('a saved profile is sent whole, replaces the session’s record and says so', async () => {
  const saved = customer({ username: 'grace', company: 'Navy' });
  const calls = fakeApi({ 'GET tools/countryList': () => [200, PHONE_CODES], 'PATCH account/me': () => [200, saved] });
  const { session } = renderWithApp(<ProfileForm user={customer()} />, { user: customer() });
  const user = userEvent.setup();
  const username = screen.getByRole('textbox', { name: 'User name' });
  await user.clear(username);
  await user.type(username, 'grace');
  await user.type(screen.getByRole('textbox', { name: 'Company (optional)' }), 'Navy');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('Your details have been saved.')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
    username: 'grace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    company: 'Navy',
    title: 'Engineer',
    industry: 'Robotics',
    phoneCode: '+44',
    phone: '2079460000',
  });
  await waitFor(() => expect(session.getSnapshot().context.user?.username).toBe('grace'));
});

test('the server’s refusal lands on its field', async () => {
  fakeApi({
    'GET tools/countryList': () => [200, PHONE_CODES],
    'PATCH account/me': () => [422, { message: ACCOUNT_MESSAGES.phoneShort, errors: { phone: [ACCOUNT_MESSAGES.phoneShort] } }],
  });
  renderWithApp(<ProfileForm user={customer()} />, { user: customer() });
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByRole('textbox', { name: 'Phone number' })).toHaveAccessibleDescription(ACCOUNT_MESSAGES.phoneShort);
});

test('the profile’s phone code and number say what they hold for autofill (WCAG 1.3.5, issue 35 item 3)', async () => {
  fakeApi({ 'GET tools/countryList': () => [200, PHONE_CODES] });
  renderWithApp(<ProfileForm user={customer()} />, { user: customer() });
  // Once its list and its code have loaded (drawn disabled, then read-only until then: ADR 189).
  const code = await waitFor(() => {
    const field = screen.getByRole('combobox', { name: /^Phone code/ });
    expect(field).not.toBeDisabled();
    expect(field).not.toHaveAttribute('readonly');
    return field;
  }, { timeout: 20_000 });
  expect(code).toHaveAttribute('autocomplete', 'tel-country-code');
  expect(screen.getByRole('textbox', { name: /^Phone number/ })).toHaveAttribute('autocomplete', 'tel-national');
});

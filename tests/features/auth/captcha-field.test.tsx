import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterEach, expect, test, vi } from 'vitest';
import { SignUpForm } from '#features/auth/components/sign-up-form';
import { fakeApi } from '../../support/fake-api.ts';
import { renderWithApp } from '../../support/render-app.tsx';

// Typing into real forms is slow on a loaded machine: a longer budget, never a wait on time.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => vi.unstubAllGlobals());

const image = () => [200, { captchaId: `c-${Math.random()}`, image: 'data:image/svg+xml;base64,PHN2Zy8+', expiresIn: 300 }] as [number, unknown];

/** A real ALTCHA challenge, cheap enough for a test: the counter that solves it is `counter`. */
async function challenge(captchaId: string, counter: number): Promise<[number, unknown]> {
  const { parameters } = await createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 10, counter, deriveKey });
  const { algorithm, cost, keyLength, keyPrefix, nonce, salt } = parameters;
  return [200, { captchaId, challenge: { algorithm, cost, keyLength, keyPrefix, nonce, salt }, expiresIn: 300 }];
}

async function fillTheRest(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-1');
  await user.type(screen.getByLabelText('Confirm password'), 'secret-1');
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ada');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
  await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
}

test('sign-up without the image: the keyboard switches to the proof of work, hears it verified, and the solution is the answer sent', async () => {
  let issued = 0;
  const calls = fakeApi({
    'GET tools/captchaImage': image,
    'GET tools/captchaChallenge': () => challenge(`pow-${++issued}`, 7),
    'GET tools/countryList': () => [200, []],
    'POST account/register': () => [201, { email: 'ada@example.com', activationRequired: true }],
  });
  renderWithApp(<SignUpForm />);
  const user = userEvent.setup();
  expect(screen.getByRole('textbox', { name: 'Characters in the image' })).toHaveAccessibleDescription(/verify without it below/);

  const toggle = screen.getByRole('button', { name: 'Can’t read the image? Verify without it' });
  toggle.focus();
  await user.keyboard('{Enter}');
  // The same button stays focused under its new name; the image and its field are gone.
  expect(screen.getByRole('button', { name: 'Use the image instead' })).toHaveFocus();
  expect(screen.queryByRole('textbox', { name: 'Characters in the image' })).not.toBeInTheDocument();
  const status = screen.getAllByRole('status').find((s) => /browser is checking/.test(s.textContent ?? '') || /Verified/.test(s.textContent ?? ''));
  expect(status).toBeDefined();
  await waitFor(() => expect(status).toHaveTextContent('Verified: you can create your account.'));

  await fillTheRest(user);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  expect(await screen.findByText('Check your email')).toBeInTheDocument();
  const register = calls.find((c) => c.path === 'account/register');
  expect(register?.body).toMatchObject({ captchaId: 'pow-1', captchaCode: '7' });
});

test('a refused proof of work is worked again by itself, and the next attempt sends the new challenge', async () => {
  const wrong = 'The CAPTCHA is wrong or has expired; please try again.';
  let issued = 0;
  let registers = 0;
  const calls = fakeApi({
    'GET tools/captchaImage': image,
    'GET tools/captchaChallenge': () => challenge(`pow-${++issued}`, 3),
    'GET tools/countryList': () => [200, []],
    'POST account/register': () => (++registers === 1 ? [422, { message: wrong, errors: { captchaCode: [wrong] } }] : [201, { email: 'ada@example.com', activationRequired: true }]),
  });
  renderWithApp(<SignUpForm />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Can’t read the image? Verify without it' }));
  await screen.findByText('Verified: you can create your account.');
  await fillTheRest(user);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  // A second challenge came (one attempt each) and was solved by itself.
  await waitFor(() => expect(calls.filter((c) => c.path === 'tools/captchaChallenge')).toHaveLength(2));
  await screen.findByText('Verified: you can create your account.');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  expect(await screen.findByText('Check your email')).toBeInTheDocument();
  expect(calls.filter((c) => c.path === 'account/register').map((c) => (c.body as { captchaId: string }).captchaId)).toEqual(['pow-1', 'pow-2']);
});

test('a refused challenge call says why and offers to try again; the image is one press away', async () => {
  fakeApi({
    'GET tools/captchaImage': image,
    'GET tools/captchaChallenge': () => [429, { message: 'Too many attempts; please try again in 40 seconds.' }],
    'GET tools/countryList': () => [200, []],
  });
  renderWithApp(<SignUpForm />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Can’t read the image? Verify without it' }));
  expect(await screen.findByText('Too many attempts; please try again in 40 seconds.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Use the image instead' }));
  expect(await screen.findByRole('textbox', { name: 'Characters in the image' })).toBeInTheDocument();
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { SignUpForm } from '#features/auth/components/sign-up-form';
import { fakeApi } from '../../support/fake-api.ts';
import { renderWithApp } from '../../support/render-app.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const codes = [
  { id: 'GB-44', countryCode: 'GB', countryName: 'United Kingdom', phoneCode: '+44' },
  { id: 'US-1', countryCode: 'US', countryName: 'United States', phoneCode: '+1' },
];

function renderSignUp() {
  fakeApi({
    'GET tools/captchaImage': () => [200, { captchaId: 'c-1', image: 'data:image/svg+xml;base64,PHN2Zy8+', expiresIn: 600 }],
    'GET tools/countryList': () => [200, codes],
  });
  renderWithApp(<SignUpForm />);
}

/** The phone code field once its list and its code have loaded (drawn disabled, then without its list button until then: ADR 189). */
const phoneCode = () => waitFor(() => {
  const field = screen.getByRole('combobox', { name: /^Phone code/ });
  expect(field).not.toBeDisabled();
  expect(field.parentElement?.querySelector('button')).not.toBeNull();
  return field;
}, { timeout: 20_000 });

test('the phone code list does not open when the field takes the focus: only typing or its button opens it (axe: aria-hidden-focus)', async () => {
  renderSignUp();
  const field = await phoneCode();
  act(() => field.focus());
  expect(field).toHaveFocus();
  expect(field).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  await userEvent.keyboard('United');
  expect(await screen.findByRole('listbox')).toBeInTheDocument();
});

test('the phone code says what it holds for autofill, and a code the browser fills in is chosen', async () => {
  renderSignUp();
  const field = await phoneCode();
  expect(field).toHaveAttribute('autocomplete', 'tel-country-code');
  fireEvent.change(field, { target: { value: '+44' } });
  await waitFor(() => expect(field).toHaveValue('United Kingdom (+44)'));
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { ShippingAddressFields, useShippingAddressFieldset, type ShippingAddressValues } from '#features/account/components/shipping-address-fields';
import { ADDRESS_MESSAGES } from '#domain/rules/address-rules';
import { Form } from '#ui/form';
import { fakeApi } from '../../support/fake-api.ts';
import { renderWithApp } from '../../support/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

let checked: { ok: boolean; input: unknown } | null = null;

function Harness({ initial }: { initial?: Partial<ShippingAddressValues> }) {
  const fieldset = useShippingAddressFieldset(initial);
  return (
    <Form
      aria-label="Address"
      onSubmit={(e) => {
        e.preventDefault();
        checked = { ok: fieldset.check(), input: fieldset.input() };
      }}
    >
      <ShippingAddressFields fieldset={fieldset} legend="Address" />
      <button type="submit">Check</button>
    </Form>
  );
}

function geography() {
  return fakeApi({
    'GET tools/countryList': (call) => {
      const type = call.query.get('type');
      if (type === 'country') return [200, [{ countryCode: 'US', countryName: 'United States' }, { countryCode: 'GB', countryName: 'United Kingdom' }]];
      if (type === 'state') return [200, call.query.get('country') === 'US' ? [{ code: 'US-CA', name: 'California' }, { code: 'US-NY', name: 'New York' }] : []];
      return [200, [{ id: 'US', countryCode: 'US', countryName: 'United States', phoneCode: '+1' }]];
    },
  });
}

test('the shared address rules: P.O. Box, English only, a valid country, a state where one is required', async () => {
  geography();
  renderWithApp(<Harness initial={{ firstName: 'Ada', lastName: 'Lovelace', phoneCode: '+1', mobile: '4155550100' }} />);
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Address line 1' }), 'P.O. Box 12');
  await user.type(screen.getByRole('textbox', { name: 'City' }), 'Zürich');
  await user.click(screen.getByRole('button', { name: 'Check' }));
  expect(checked?.ok).toBe(false);
  expect(screen.getByRole('textbox', { name: 'Address line 1' })).toHaveAccessibleDescription(ADDRESS_MESSAGES.poBox);
  expect(screen.getByRole('textbox', { name: 'City' })).toHaveAccessibleDescription(ADDRESS_MESSAGES.englishOnly);
  expect(screen.getByRole('combobox', { name: 'Country' })).toHaveAccessibleDescription(ADDRESS_MESSAGES.countryInvalid);

  await user.type(screen.getByRole('combobox', { name: 'Country' }), 'United Sta');
  await user.click(await screen.findByRole('option', { name: 'United States' }));
  const state = await screen.findByRole('combobox', { name: 'State or province' });
  expect(state).toHaveAccessibleDescription(ADDRESS_MESSAGES.stateRequired);
  await user.type(state, 'Califo');
  await user.click(await screen.findByRole('option', { name: 'California' }));
  const line1 = screen.getByRole('textbox', { name: 'Address line 1' });
  await user.clear(line1);
  await user.type(line1, '500 Howard Street');
  const city = screen.getByRole('textbox', { name: 'City' });
  await user.clear(city);
  await user.type(city, 'San Francisco');
  await user.type(screen.getByRole('textbox', { name: 'Postcode' }), '94103');
  await user.click(screen.getByRole('button', { name: 'Check' }));
  expect(checked).toEqual({
    ok: true,
    input: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: null,
      phoneCode: '+1',
      mobile: '4155550100',
      vatNumber: null,
      countryCode: 'US',
      state: 'US-CA',
      city: 'San Francisco',
      postcode: '94103',
      addressLine1: '500 Howard Street',
      addressLine2: null,
      addressLine3: null,
    },
  });
}, 90_000);

test('country, state and phone code say what they hold for autofill (WCAG 1.3.5), and a value the browser fills in is chosen', { timeout: 60_000 }, async () => {
  geography();
  renderWithApp(<Harness initial={{ firstName: 'Ada', lastName: 'Lovelace', mobile: '4155550100' }} />);
  const country = await screen.findByRole('combobox', { name: 'Country' }, { timeout: 20_000 });
  expect(country).toHaveAttribute('autocomplete', 'shipping country-name');
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Phone code' })).not.toBeDisabled(), { timeout: 20_000 });
  expect(screen.getByRole('combobox', { name: 'Phone code' })).toHaveAttribute('autocomplete', 'shipping tel-country-code');

  // Autofill writes whole values, typed by nobody: each is taken as if picked from its list.
  fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: 'United States' } });
  const state = await screen.findByRole('combobox', { name: 'State or province' });
  expect(state).toHaveAttribute('autocomplete', 'shipping address-level1');
  fireEvent.change(state, { target: { value: 'CA' } });
  fireEvent.change(screen.getByRole('combobox', { name: 'Phone code' }), { target: { value: '+1' } });
  await userEvent.type(screen.getByRole('textbox', { name: 'Address line 1' }), '500 Demo Street');
  await userEvent.type(screen.getByRole('textbox', { name: 'City' }), 'San Francisco');
  await userEvent.type(screen.getByRole('textbox', { name: 'Postcode' }), '94107');
  await userEvent.click(screen.getByRole('button', { name: 'Check' }));
  expect(checked?.ok).toBe(true);
  expect(checked?.input).toMatchObject({ countryCode: 'US', state: 'US-CA', phoneCode: '+1' });
  expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('United States');
  expect(screen.getByRole('combobox', { name: 'State or province' })).toHaveValue('California');
  expect(screen.getByRole('combobox', { name: 'Phone code' })).toHaveValue('United States (+1)');
});

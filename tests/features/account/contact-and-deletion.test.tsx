import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { ContactForm } from '#features/account/components/contact-form';
import { DeleteAccount } from '#features/account/components/delete-account';
import { fakeApi } from '../../support/fake-api.ts';
import { renderWithApp } from '../../support/render-app.tsx';

// Typing into real forms is slow on a loaded machine: a longer budget, never a wait on time.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => vi.unstubAllGlobals());

test('contact us: the rules, then the message sent with its order number and the promise of a reply', async () => {
  const calls = fakeApi({ 'POST account/contactUs': () => [201, { ok: true, message: 'Thank you; we reply within 24 hours.' }] });
  renderWithApp(<ContactForm name="Ada Lovelace" email="ada@example.com" orderNumber="W25000001" />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Send message' }));
  // The form's rules arrive with their chunk a moment after it draws (ADR 140): the first check waits for them.
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveAccessibleDescription('Please enter a subject.'));
  expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(expect.stringContaining('Please enter a message.'));
  await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Late parcel');
  await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Where is it?');
  expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription('12 of 5,000 characters');
  await user.click(screen.getByRole('button', { name: 'Send message' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Thank you; we reply within 24 hours.');
  expect(calls.at(-1)?.body).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Late parcel', message: 'Where is it?', orderNumber: 'W25000001' });
});

test('contact us: a refusal from the server (too many messages) is shown as it says it', async () => {
  fakeApi({ 'POST account/contactUs': () => [429, { message: 'Too many attempts; please try again in 60 seconds.' }] });
  renderWithApp(<ContactForm name="Ada" email="ada@example.com" />);
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Hello');
  await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi');
  await user.click(screen.getByRole('button', { name: 'Send message' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts; please try again in 60 seconds.');
});

test('deleting the account: the retention dialog first (an option, a reason with Other), then the email', async () => {
  const calls = fakeApi({
    'GET account/deletion': () => [200, { balanceCents: 0, currency: 'USD', message: null }],
    'POST account/deletion': () => [202, { ok: true, expiresIn: 86_400 }],
  });
  renderWithApp(<DeleteAccount email="ada@example.com" />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Before you go' }, { timeout: 5000 });
  await user.click(within(dialog).getByRole('button', { name: 'Email me the deletion link' }));
  // The form's rules arrive with the dialog's first use (a chunk of their own): on a busy machine, a moment later.
  await waitFor(() => expect(within(dialog).getByRole('radiogroup', { name: /Why are you leaving/ })).toHaveAccessibleDescription('Please choose an option.'), { timeout: 5000 });
  await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
  await user.click(within(dialog).getByRole('button', { name: 'Email me the deletion link' }));
  await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Please tell us more' })).toHaveAccessibleDescription('Please tell us the reason.'), { timeout: 5000 });
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument(); // no balance, nothing to give up
  await user.type(within(dialog).getByRole('textbox', { name: 'Please tell us more' }), 'Moving in-house');
  await user.click(within(dialog).getByRole('button', { name: 'Email me the deletion link' }));
  const sent = await screen.findByRole('dialog', { name: 'Check your email' });
  expect(within(sent).getByRole('status')).toHaveTextContent('We sent a link to ada@example.com. Open it within 24 hours');
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ option: 'Other', reason: 'Moving in-house' });
});

test('deleting an account with a prepaid balance: the amount and its fate are said, and only that amount, confirmed, is sent (ADR 150)', async () => {
  const confirmRequired =
    'Your balance of $150.00 is given up when your account is deleted, and cannot be refunded afterwards. Confirm that you give it up, or spend it or ask us for a refund through Contact us first.';
  let balance = 12_345;
  const calls = fakeApi({
    'GET account/deletion': () => [200, { balanceCents: balance, currency: 'USD', message: 'given up' }],
    'POST account/deletion': (call) => {
      const body = call.body as { forfeitBalanceCents?: number };
      if (body.forfeitBalanceCents !== balance) return [422, { message: confirmRequired, errors: { forfeitBalanceCents: [confirmRequired] } }];
      return [202, { ok: true, expiresIn: 86_400 }];
    },
  });
  renderWithApp(<DeleteAccount email="ada@example.com" />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Before you go' }, { timeout: 5000 });
  expect(await within(dialog).findByText(/You have \$123\.45 on your balance\. It is given up when your account is deleted/)).toBeInTheDocument();
  expect(within(dialog).getByRole('link', { name: 'ask us for a refund' })).toHaveAttribute('href', '/contact-us');
  await user.click(within(dialog).getByRole('radio', { name: 'I have another account' }));
  // Confirmed for $123.45, but the balance grew meanwhile: the server's words, the new amount, asked again.
  await user.click(within(dialog).getByRole('checkbox', { name: 'I give up my balance of $123.45' }));
  balance = 15_000;
  await user.click(within(dialog).getByRole('button', { name: 'Email me the deletion link' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(confirmRequired);
  const again = await within(dialog).findByRole('checkbox', { name: 'I give up my balance of $150.00' });
  expect(again).not.toBeChecked();
  await user.click(again);
  await user.click(within(dialog).getByRole('button', { name: 'Email me the deletion link' }));
  await screen.findByRole('dialog', { name: 'Check your email' });
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
    { option: 'I have another account', forfeitBalanceCents: 12_345 },
    { option: 'I have another account', forfeitBalanceCents: 15_000 },
  ]);
});

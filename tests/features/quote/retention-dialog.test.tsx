import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { RetentionDialog } from '#features/quote/components/retention-dialog';

afterEach(() => vi.unstubAllGlobals());

test('an option is required, a reason with Other, and the answer goes to tools/detain', async () => {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: string | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.url;
    const body = typeof input === 'string' ? JSON.parse(String(init?.body)) : await input.json();
    calls.push({ url, body });
    return new Response(JSON.stringify({ ok: true }), { status: 201, headers: { 'content-type': 'application/json' } });
  });
  const onClose = vi.fn();
  render(<RetentionDialog isOpen onClose={onClose} />);
  const user = userEvent.setup();
  expect(screen.getByRole('dialog', { name: 'Before you go: what held you back?' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Send' }));
  // The form's rules arrive with their chunk a moment after it draws (ADR 140): the first submit waits for them.
  await waitFor(() => expect(screen.getByRole('radiogroup', { name: 'Reason' })).toHaveAccessibleDescription('Please choose an option.'));

  await user.click(screen.getByRole('radio', { name: 'Other' }));
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(screen.getByRole('textbox', { name: 'Tell us more' })).toHaveAccessibleDescription('Please tell us the reason.');
  expect(calls).toHaveLength(0);

  await user.type(screen.getByRole('textbox', { name: 'Tell us more' }), 'Need a drawing review first');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Thank you'));
  expect(calls).toEqual([{ url: expect.stringMatching(/\/api\/manufacture\/tools\/detain$/), body: { option: 'Other', reason: 'Need a drawing review first' } }]);
  // Typing 27 characters through jsdom takes seconds on a loaded 2-core machine: a bound, not a speed target.
}, 90_000);

test('"No thanks" closes without sending: leaving is never blocked', async () => {
  const fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
  const onClose = vi.fn();
  render(<RetentionDialog isOpen onClose={onClose} />);
  await userEvent.click(screen.getByRole('button', { name: 'No thanks' }));
  expect(onClose).toHaveBeenCalledOnce();
  expect(fetch).not.toHaveBeenCalled();
});

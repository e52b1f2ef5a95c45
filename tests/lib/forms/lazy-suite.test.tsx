import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'react-aria-components';
import { enforce, test as rule } from 'vest';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { defineSuite } from '#domain/rules/define-suite';
import { lazySuite, type LazySuite } from '#lib/forms/lazy-suite';
import { useSuiteForm, type FormSuite } from '#lib/forms/use-suite-form';
import { Button } from '#ui/button';
import { TextField } from '#ui/text-field';

type Values = { email: string };

const emailSuite = defineSuite((data: Values) => {
  rule('email', 'Enter your email.', () => {
    enforce(data.email).isNotBlank();
  });
});

/** A suite whose chunk arrives when the test says so, or fails when it says so. */
function heldSuite() {
  let release!: () => void;
  let fail!: (error: Error) => void;
  const fetch = vi.fn(
    () =>
      new Promise<FormSuite>((resolve, reject) => {
        release = () => resolve(emailSuite);
        fail = reject;
      }),
  );
  return { suite: lazySuite(fetch), fetch, release: () => release(), fail: (error: Error) => fail(error) };
}

function Example({ suite, submit }: { suite: LazySuite; submit: (values: Values) => Promise<void> }) {
  const form = useSuiteForm<Values>(suite, { email: '' }, submit);
  return (
    <Form onSubmit={form.onSubmit} aria-label="Example">
      {form.formError && <p role="alert">{form.formError}</p>}
      <TextField label="Email" {...form.field('email')} />
      <Button type="submit">Send</Button>
    </Form>
  );
}

describe('a form whose rules arrive after it draws (ADR 140, ADR 189)', () => {
  // Each test is a new page, on which the visitor has not pressed anything yet.
  beforeEach(() => document.documentElement.removeAttribute('data-first-input'));

  test('the rules are fetched at the first input on the page, not when the form draws', async () => {
    const held = heldSuite();
    render(
      <>
        <button type="button">Elsewhere</button>
        <Example suite={held.suite} submit={vi.fn(async () => {})} />
      </>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held.fetch).not.toHaveBeenCalled();
    // Any press on the page, not only in the form.
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(held.fetch).toHaveBeenCalledTimes(1);
    // A form drawn after the first input fetches them at once.
    held.release();
  });

  test('the form takes input at once; a submit before the rules arrive waits for them, then shows their errors', async () => {
    const held = heldSuite();
    const submit = vi.fn(async () => {});
    render(<Example suite={held.suite} submit={submit} />);
    expect(held.fetch).not.toHaveBeenCalled();
    const email = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(held.fetch).toHaveBeenCalledTimes(1);
    expect(email).not.toHaveAccessibleDescription('Enter your email.');
    expect(submit).not.toHaveBeenCalled();
    held.release();
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter your email.'));
    expect(submit).not.toHaveBeenCalled();
  });

  test('a valid form pressed twice before its rules arrive is sent once, once they have', async () => {
    const held = heldSuite();
    const submit = vi.fn(async () => {});
    render(<Example suite={held.suite} submit={submit} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(submit).not.toHaveBeenCalled();
    held.release();
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit).toHaveBeenCalledWith({ email: 'ada@example.com' });
    expect(held.fetch).toHaveBeenCalledTimes(1);
  });

  test('rules that cannot be fetched: the submit says to reload, and the next submit fetches them again', async () => {
    // The fetch at mount and the one the first submit makes again both fail; the third succeeds.
    let attempt = 0;
    const fetch = vi.fn(() => (++attempt <= 2 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve(emailSuite as FormSuite)));
    const submit = vi.fn(async () => {});
    render(<Example suite={lazySuite(fetch)} submit={submit} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown error, please reload the page.');
    expect(submit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  test('a field left before the rules arrive shows its error when they do', async () => {
    const held = heldSuite();
    render(<Example suite={held.suite} submit={async () => {}} />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.click(email);
    await userEvent.tab();
    expect(email).not.toHaveAccessibleDescription('Enter your email.');
    held.release();
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter your email.'));
  });
});

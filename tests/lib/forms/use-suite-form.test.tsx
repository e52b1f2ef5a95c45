import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'react-aria-components';
import { enforce, test as rule } from 'vest';
import { describe, expect, test, vi } from 'vitest';
import { defineSuite } from '#domain/rules/define-suite';
import { useSuiteForm } from '#lib/forms/use-suite-form';
import { Button } from '#ui/button';
import { Radio, RadioGroup } from '#ui/radio-group';
import { TextField } from '#ui/text-field';

type Values = { carrier: string; email: string };

const suite = defineSuite((data: Values) => {
  rule('carrier', 'Choose a carrier.', () => {
    enforce(data.carrier).isNotBlank();
  });
  rule('email', 'Enter your email.', () => {
    enforce(data.email).isNotBlank();
  });
});

function Example({ submit }: { submit: (values: Values) => Promise<void> }) {
  const form = useSuiteForm<Values>(suite, { carrier: '', email: '' }, submit);
  return (
    <Form onSubmit={form.onSubmit} aria-label="Example">
      <RadioGroup label="Carrier" {...form.field('carrier')}>
        <Radio value="ups">UPS</Radio>
        <Radio value="dhl">DHL</Radio>
      </RadioGroup>
      <TextField label="Email" {...form.field('email')} />
      <Button type="submit">Send</Button>
    </Form>
  );
}

const announcer = () => document.querySelector('[data-live-announcer]')?.textContent ?? '';

describe('a form submitted with errors (WCAG 3.3.1)', () => {
  test('focus goes to the first field in error, a radio group’s first radio, and the number of errors is announced', async () => {
    const submit = vi.fn(async () => {});
    render(<Example submit={submit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'UPS' })).toHaveFocus());
    await waitFor(() => expect(announcer()).toContain('2 fields need attention'));
    expect(submit).not.toHaveBeenCalled();
  });

  test('once the group is answered, focus goes to the next field in error', async () => {
    render(<Example submit={async () => {}} />);
    await userEvent.click(screen.getByRole('radio', { name: 'DHL' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus());
    await waitFor(() => expect(announcer()).toContain('1 field needs attention'));
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { create, enforce, test as vestTest } from 'vest';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '#ui/button';
import { Form, vestErrors } from '#ui/form';
import { TextField } from '#ui/text-field';

const suite = create((data: { email: string; password: string }) => {
  vestTest('email', 'Please enter a valid email address', () => {
    enforce(data.email).matches(/^\S+@\S+$/);
  });
  vestTest('password', 'Password must be at least 6 characters', () => {
    enforce(data.password).longerThanOrEquals(6);
  });
  vestTest('password', 'Password must contain a digit', () => {
    enforce(data.password).matches(/\d/);
  });
});

describe('vestErrors', () => {
  it('turns a vest result into { field: messages }, leaving valid fields out', async () => {
    const result = await suite.run({ email: 'ada@example.com', password: 'abcdefg' });
    // vest 6 stops at a field's first failure by default: one message per failing field.
    expect(vestErrors(result)).toEqual({ password: ['Password must contain a digit'] });
    expect(vestErrors(await suite.run({ email: 'ada', password: 'abc' }))).toEqual({
      email: ['Please enter a valid email address'],
      password: ['Password must be at least 6 characters'],
    });
  });
  it('is empty for a valid result', async () => {
    expect(vestErrors(await suite.run({ email: 'a@b', password: 'secret-1x' }))).toEqual({});
  });
  it('accepts anything with getErrors() (no vest import in ui)', () => {
    expect(vestErrors({ getErrors: () => ({ a: [], b: ['x'], c: undefined }) })).toEqual({ b: ['x'] });
  });
});

describe('Form', () => {
  it('shows validationErrors on the named fields and never blocks submit', async () => {
    const onSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    render(
      <Form validationErrors={{ email: ['The email is already registered; activate it via email.'] }} onSubmit={onSubmit}>
        <TextField label="Email" name="email" isRequired />
        <Button type="submit">Send</Button>
      </Form>,
    );
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('The email is already registered; activate it via email.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

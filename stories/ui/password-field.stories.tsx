import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within, waitFor } from 'storybook/test';
import { PasswordField } from '#ui/password-field';
import { classNameArg, fieldArgs, onChangeArg, placeholderArg } from './arg-types.ts';
import { StateGrid, select } from './state-grid.tsx';

const frames = select('[role=group], input');

const meta = {
  title: 'UI/PasswordField',
  component: PasswordField,
  args: { label: 'Password', name: 'password' },
  argTypes: {
    ...fieldArgs,
    ...placeholderArg,
    showLabel: { control: 'text', description: 'Name of the show/hide toggle.', table: { category: 'Content' } },
    autoComplete: { control: 'inline-radio', options: ['current-password', 'new-password'], table: { category: 'Form' } },
    ...onChangeArg,
    ...classNameArg,
  },
  decorators: [(Story) => <div className="w-72"><Story /></div>],
} satisfies Meta<typeof PasswordField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password');
    await userEvent.tab();
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.keyboard('secret1');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.tab();
    const toggle = canvas.getByRole('button', { name: 'Show password' });
    await waitFor(() => expect(toggle).toHaveFocus());
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.keyboard(' ');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('secret1');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Password')).toBeDisabled();
    await expect(within(canvasElement).getByRole('button', { name: 'Show password' })).toBeDisabled();
  },
};

export const Validation: Story = {
  args: {
    label: 'New password',
    autoComplete: 'new-password',
    description: 'At least 6 characters.',
    validationBehavior: 'aria',
    validate: (v) => (v.length >= 6 ? null : 'Password must be at least 6 characters'),
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('New password');
    await userEvent.tab();
    await userEvent.keyboard('abc');
    await userEvent.tab();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(/Password must be at least 6 characters/);
  },
};

export const Playground: Story = { tags: ['!test'] };

/** Empty and filled, in each state: focus-visible forced through RAC's attributes, the rest real props. */
export const States: Story = {
  render: (args) => (
    <StateGrid label="Password field states" states={['default', 'focus-visible', 'invalid', 'disabled', 'readonly']} variants={['empty', 'filled'] as const} target={frames}>
      {(state, variant) => (
        <div className="w-60">
          <PasswordField
            {...args}
            defaultValue={variant === 'filled' ? 'correct horse' : undefined}
            isDisabled={state === 'disabled'}
            isReadOnly={state === 'readonly'}
            isInvalid={state === 'invalid'}
            errorMessage={state === 'invalid' ? 'Use at least 8 characters.' : undefined}
          />
        </div>
      )}
    </StateGrid>
  ),
};

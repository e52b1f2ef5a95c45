import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within, waitFor } from 'storybook/test';
import { TextField } from '#ui/text-field';
import { classNameArg, fieldArgs, onChangeArg, placeholderArg } from './arg-types.ts';
import { StateGrid, select } from './state-grid.tsx';

const inputs = select('input, textarea');

const meta = {
  title: 'UI/TextField',
  component: TextField,
  args: { label: 'Email', name: 'email', type: 'email', onChange: fn() },
  argTypes: {
    ...fieldArgs,
    ...placeholderArg,
    type: { control: 'select', options: ['text', 'email', 'tel', 'url', 'password', 'search'], description: 'The input type (keyboard on phones, autofill).', table: { category: 'Form' } },
    value: { control: 'text', description: 'The text (controlled).', table: { category: 'Value' } },
    defaultValue: { control: 'text', description: 'The text at first (uncontrolled).', table: { category: 'Value' } },
    isMultiline: { control: 'boolean', description: 'A text area (comments, notes).', table: { category: 'Style' } },
    rows: { control: { type: 'number', min: 1 }, description: 'Rows of a multi-line field.', table: { category: 'Style' } },
    maxLength: { control: 'number', table: { category: 'Form' } },
    autoComplete: { control: 'text', description: 'Autofill hint (`email`, `name`, `street-address`).', table: { category: 'Form' } },
    ...onChangeArg,
    ...classNameArg,
  },
  decorators: [(Story) => <div className="w-72"><Story /></div>],
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await userEvent.tab();
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.keyboard('ada@example.com');
    await expect(input).toHaveValue('ada@example.com');
    await expect(args.onChange).toHaveBeenLastCalledWith('ada@example.com');
  },
};

export const WithDescription: Story = {
  args: { label: 'User name', name: 'username', type: 'text', description: '2 to 12 characters.', placeholder: 'ada' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'User name' });
    await userEvent.tab();
    await waitFor(() => expect(input).toHaveFocus());
    await expect(input).toHaveAccessibleDescription('2 to 12 characters.');
  },
};

export const Multiline: Story = {
  args: { label: 'Comment', name: 'comment', type: undefined, isMultiline: true, description: 'Anything the workshop should know.' },
  play: async ({ canvasElement }) => {
    const area = within(canvasElement).getByRole('textbox', { name: 'Comment' });
    await userEvent.tab();
    await userEvent.keyboard('Deburr edges{Enter}Matte finish');
    await expect(area).toHaveValue('Deburr edges\nMatte finish');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'ada@example.com' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(input).toBeDisabled();
    await userEvent.tab();
    await expect(input).not.toHaveFocus();
  },
};

export const Validation: Story = {
  args: { isRequired: true, validationBehavior: 'aria', validate: (v) => (/^\S+@\S+$/.test(v) ? null : 'Please enter a valid email address') },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await userEvent.tab();
    await userEvent.keyboard('ada');
    await userEvent.tab();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Please enter a valid email address');
  },
};

export const Playground: Story = { tags: ['!test'] };

/** Empty and filled, in each state: focus-visible forced through RAC's attributes, the rest real props. */
export const States: Story = {
  render: (args) => (
    <StateGrid label="Text field states" states={['default', 'focus-visible', 'invalid', 'disabled', 'readonly']} variants={['empty', 'filled'] as const} target={inputs}>
      {(state, variant) => (
        <div className="w-60">
          <TextField
            {...args}
            defaultValue={variant === 'filled' ? 'ada@example.com' : undefined}
            isDisabled={state === 'disabled'}
            isReadOnly={state === 'readonly'}
            isInvalid={state === 'invalid'}
            errorMessage={state === 'invalid' ? 'Enter a valid email address.' : undefined}
          />
        </div>
      )}
    </StateGrid>
  ),
};

export const StatesForcedColours: Story = { ...States, globals: { forcedColors: 'active' } };

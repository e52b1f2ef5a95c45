import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within, waitFor } from 'storybook/test';
import { Radio, RadioGroup } from '#ui/radio-group';
import { classNameArg, fieldArgs, onChangeArg } from './arg-types.ts';
import { StateGrid, select } from './state-grid.tsx';

const processes = (
  <>
    <Radio value="3d-printing">3D printing</Radio>
    <Radio value="cnc">CNC machining</Radio>
    <Radio value="vacuum-casting">Vacuum casting</Radio>
  </>
);

const meta = {
  title: 'UI/RadioGroup',
  component: RadioGroup,
  args: { label: 'Manufacturing process', children: processes, onChange: fn() },
  argTypes: {
    ...fieldArgs,
    children: { control: false, description: '`Radio` options (each with a `value`, optional `description`).', table: { category: 'Content' } },
    value: { control: 'text', description: 'The chosen value (controlled).', table: { category: 'Value' } },
    defaultValue: { control: 'text', description: 'The value chosen at first (uncontrolled).', table: { category: 'Value' } },
    orientation: { control: 'inline-radio', options: ['vertical', 'horizontal'], description: 'Arrow keys follow it.', table: { category: 'Style' } },
    ...onChangeArg,
    ...classNameArg,
  },
} satisfies Meta<typeof RadioGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('radio', { name: '3D printing' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: 'CNC machining' })).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith('cnc');
  },
};

export const Horizontal: Story = {
  args: { orientation: 'horizontal', defaultValue: 'cnc' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('radio', { name: 'CNC machining' })).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: 'Vacuum casting' })).toBeChecked();
  },
};

export const WithDescriptions: Story = {
  args: {
    label: 'Payment method',
    children: (
      <>
        <Radio value="balance" description="Pay from your prepaid balance.">Balance</Radio>
        <Radio value="card" description="Credit card payments are in USD only.">Credit card</Radio>
        <Radio value="bank" description="USD, HKD, EUR, GBP or RMB accounts.">Bank transfer</Radio>
      </>
    ),
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'cnc' },
  play: async ({ canvasElement }) => {
    for (const radio of within(canvasElement).getAllByRole('radio')) await expect(radio).toBeDisabled();
  },
};

export const Validation: Story = {
  args: { validationBehavior: 'aria', isRequired: true, isInvalid: true, errorMessage: 'Choose a process' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radiogroup', { name: 'Manufacturing process' })).toHaveAccessibleDescription('Choose a process');
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('radio', { name: '3D printing' })).toBeChecked();
  },
};

export const Playground: Story = { tags: ['!test'] };

const radios = select('.group\\/radio');

/** A group with one option chosen, in each state (hover, pressed, focus-visible forced on every option through RAC's attributes). */
export const States: Story = {
  render: (args) => (
    <StateGrid label="Radio states" states={['default', 'hover', 'pressed', 'focus-visible', 'disabled', 'invalid']} target={radios}>
      {(state) => (
        <RadioGroup
          {...args}
          label={`Process (${state})`}
          orientation="horizontal"
          defaultValue="cnc"
          isDisabled={state === 'disabled'}
          isInvalid={state === 'invalid'}
          errorMessage={state === 'invalid' ? 'Choose a process.' : undefined}
        >
          <Radio value="3d-printing">3D printing</Radio>
          <Radio value="cnc">CNC</Radio>
        </RadioGroup>
      )}
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('radiogroup')).toHaveLength(6);
  },
};

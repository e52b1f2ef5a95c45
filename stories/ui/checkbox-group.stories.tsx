import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within, waitFor } from 'storybook/test';
import { Checkbox } from '#ui/checkbox';
import { CheckboxGroup } from '#ui/checkbox-group';

const services = (
  <>
    <Checkbox value="tapping" description="Adds 1 working day.">Tapping</Checkbox>
    <Checkbox value="brass-insert" description="Adds 1 working day.">Brass insert</Checkbox>
    <Checkbox value="helicoil" description="Adds 1 working day.">Helicoil</Checkbox>
  </>
);

const meta = {
  title: 'UI/CheckboxGroup',
  component: CheckboxGroup,
  args: { label: 'Value-added services', children: services, onChange: fn() },
} satisfies Meta<typeof CheckboxGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Value-added services' })).toBeInTheDocument();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('checkbox', { name: /Tapping/ })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: /Helicoil/ })).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(['tapping', 'helicoil']);
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: ['tapping'] },
  play: async ({ canvasElement }) => {
    for (const box of within(canvasElement).getAllByRole('checkbox')) await expect(box).toBeDisabled();
  },
};

export const Validation: Story = {
  args: { validationBehavior: 'aria', isRequired: true, isInvalid: true, errorMessage: 'Choose at least one service' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Choose at least one service')).toBeVisible();
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('checkbox', { name: /Tapping/ })).toHaveFocus());
  },
};

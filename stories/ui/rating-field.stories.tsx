import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { RatingField } from '#ui/rating-field';

function Controlled(props: { initial?: number; isInvalid?: boolean; errorMessage?: string; isDisabled?: boolean }) {
  const [value, setValue] = useState(props.initial ?? 0);
  return (
    <RatingField
      label="Workmanship"
      value={value}
      onChange={setValue}
      starLabel={(n) => `${n} of 5 stars`}
      isInvalid={props.isInvalid && value === 0}
      errorMessage={props.errorMessage}
      isDisabled={props.isDisabled}
    />
  );
}

const meta = {
  title: 'UI/RatingField',
  component: Controlled,
} satisfies Meta<typeof Controlled>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Arrow keys move the rating; the stars up to it fill. */
export const Default: Story = {
  args: { initial: 3 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: '3 of 5 stars' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: '4 of 5 stars' })).toBeChecked();
  },
};

export const Empty: Story = { args: { initial: 0 } };

/** No rating given on submit: the group says why, and rating clears it. */
export const Validation: Story = {
  args: { initial: 0, isInvalid: true, errorMessage: 'Please give a rating from 1 to 5.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radiogroup', { name: 'Workmanship' })).toHaveAccessibleDescription('Please give a rating from 1 to 5.');
    await userEvent.click(canvas.getByRole('radio', { name: '5 of 5 stars' }));
    await expect(canvas.queryByText('Please give a rating from 1 to 5.')).not.toBeInTheDocument();
  },
};

export const Disabled: Story = { args: { initial: 2, isDisabled: true } };

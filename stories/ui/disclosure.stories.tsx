import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Disclosure } from '#ui/disclosure';
import { classNameArg, disabledArg } from './arg-types.ts';
import { StateGrid, select } from './state-grid.tsx';

const trigger = select('button');

const meta = {
  title: 'UI/Disclosure',
  component: Disclosure,
  args: { title: 'How long are my files kept?', children: 'Uploaded 3D files are kept for 3 months.' },
  argTypes: {
    title: { control: 'text', description: 'The trigger: a button inside a heading.', table: { category: 'Content' } },
    children: { control: 'text', description: 'The panel.', table: { category: 'Content' } },
    level: { control: 'inline-radio', options: [2, 3, 4], description: 'Heading level, to fit the page outline.', table: { category: 'Content' } },
    isExpanded: { control: 'boolean', description: 'Open (controlled).', table: { category: 'Value' } },
    defaultExpanded: { control: 'boolean', description: 'Open at first (uncontrolled).', table: { category: 'Value' } },
    ...disabledArg,
    onExpandedChange: { control: false, table: { category: 'Events' } },
    ...classNameArg,
  },
} satisfies Meta<typeof Disclosure>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'How long are my files kept?' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByText('Uploaded 3D files are kept for 3 months.')).toBeVisible();
  },
};

export const Expanded: Story = {
  args: { defaultExpanded: true },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'How long are my files kept?' });
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard(' ');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'How long are my files kept?' })).toBeDisabled();
  },
};

export const Playground: Story = { tags: ['!test'] };

/** Closed and open, in each state: hover and focus-visible forced through RAC's attributes. */
export const States: Story = {
  render: (args) => (
    <StateGrid label="Disclosure states" states={['default', 'hover', 'focus-visible', 'disabled']} variants={['closed', 'open'] as const} target={trigger}>
      {(state, variant) => (
        <div className="w-80">
          <Disclosure {...args} level={4} defaultExpanded={variant === 'open'} isDisabled={state === 'disabled'} />
        </div>
      )}
    </StateGrid>
  ),
};

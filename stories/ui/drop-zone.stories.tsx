import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within, waitFor } from 'storybook/test';
import { FileDropZone } from '#ui/drop-zone';
import { disabledArg } from './arg-types.ts';
import { StateGrid } from './state-grid.tsx';

const meta = {
  title: 'UI/DropZone',
  component: FileDropZone,
  args: {
    title: 'Drop your 3D files here',
    limits: 'STL, STEP, OBJ or 3MF. Up to 20 files, 100 MB each.',
    acceptedFileTypes: ['.stl', '.step', '.stp', '.obj', '.3mf'],
    onFiles: fn(),
  },
  argTypes: {
    title: { control: 'text', description: 'The visible invitation.', table: { category: 'Content' } },
    limits: { control: 'text', description: 'Types, size and count, written out (not only enforced).', table: { category: 'Content' } },
    browseLabel: { control: 'text', description: 'The file-picker button.', table: { category: 'Content' } },
    'aria-label': { control: 'text', description: 'Name of the drop target (defaults to the title).', table: { category: 'Content' } },
    acceptedFileTypes: { control: 'object', description: 'Extensions or MIME types the picker offers.', table: { category: 'Behaviour' } },
    allowsMultiple: { control: 'boolean', table: { category: 'Behaviour' } },
    ...disabledArg,
    onFiles: { control: false, description: 'Called with the dropped or picked files.', table: { category: 'Events' } },
  },
  decorators: [(Story) => <div className="w-[32rem]"><Story /></div>],
} satisfies Meta<typeof FileDropZone>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('STL, STEP, OBJ or 3MF. Up to 20 files, 100 MB each.')).toBeVisible();
    // The drop target takes keyboard focus too (paste works there); the button opens the file picker.
    await userEvent.tab();
    await userEvent.tab();
    const browse = canvas.getByRole('button', { name: 'Browse files' });
    await waitFor(() => expect(browse).toHaveFocus());
    await expect(browse).toHaveAccessibleDescription('STL, STEP, OBJ or 3MF. Up to 20 files, 100 MB each.');
    const input = canvasElement.querySelector('input[type=file]');
    await expect(input).toHaveAttribute('accept', '.stl,.step,.stp,.obj,.3mf');
    await expect(input).toHaveAttribute('multiple');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Browse files' })).toBeDisabled();
  },
};

export const Playground: Story = { tags: ['!test'] };

/** The zone in each state: a file dragged over it (drop target) and keyboard focus forced through RAC's attributes. */
export const States: Story = {
  render: (args) => (
    <StateGrid label="Drop zone states" states={['default', 'drop-target', 'focus-visible', 'disabled']}>
      {(state) => <FileDropZone {...args} isDisabled={state === 'disabled'} />}
    </StateGrid>
  ),
};

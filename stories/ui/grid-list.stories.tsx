import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '#ui/button';
import { GridList, GridListItem } from '#ui/grid-list';
import { CloseIcon, FileIcon } from '#ui/icons';

const files = [
  { id: 'bracket', name: 'bracket.stl', size: '2.4 MB' },
  { id: 'housing', name: 'housing.step', size: '11.8 MB' },
  { id: 'lid', name: 'lid.stl', size: '860 KB' },
];

function FileList({ onRemove, selectionMode }: { onRemove: (id: string) => void; selectionMode?: 'none' | 'multiple' }) {
  return (
    <GridList aria-label="Uploaded files" items={files} selectionMode={selectionMode}>
      {(file) => (
        <GridListItem id={file.id} textValue={file.name}>
          <FileIcon className="size-5 text-neutral-600" />
          <span className="flex-1">{file.name}</span>
          <span className="text-caption text-neutral-600">{file.size}</span>
          <Button variant="quiet" aria-label={`Remove ${file.name}`} onPress={() => onRemove(file.id)} className="px-2">
            <CloseIcon />
          </Button>
        </GridListItem>
      )}
    </GridList>
  );
}

const meta = {
  title: 'UI/GridList',
  component: FileList,
  args: { onRemove: fn() },
  decorators: [(Story) => <div className="w-[32rem]"><Story /></div>],
} satisfies Meta<typeof FileList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('row', { name: 'bracket.stl' });
    await userEvent.tab();
    await expect(canvas.getByRole('row', { name: 'bracket.stl' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('row', { name: 'housing.step' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('button', { name: 'Remove housing.step' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRemove).toHaveBeenCalledWith('housing');
  },
};

export const Selectable: Story = {
  args: { selectionMode: 'multiple' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('row', { name: 'bracket.stl' });
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('row', { name: 'bracket.stl' })).toHaveAttribute('aria-selected', 'true');
  },
};

export const Empty: Story = {
  render: () => <GridList aria-label="Uploaded files">{[]}</GridList>,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No files yet')).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within, waitFor } from 'storybook/test';
import { Button } from '#ui/button';
import { GridList, GridListItem } from '#ui/grid-list';
import { CloseIcon, FileIcon } from '#ui/icons';
import { StateGrid } from './state-grid.tsx';

const firstRow = (root: HTMLElement) => [root.querySelector('[role=row]')];

const files = [
  { id: 'bracket', name: 'bracket.stl', size: '2.4 MB' },
  { id: 'housing', name: 'housing.step', size: '11.8 MB' },
  { id: 'lid', name: 'lid.stl', size: '860 KB' },
];

function FileList({
  onRemove,
  selectionMode,
  defaultSelectedKeys,
  disabledKeys,
  'aria-label': ariaLabel = 'Uploaded files',
}: {
  onRemove: (id: string) => void;
  selectionMode?: 'none' | 'multiple';
  defaultSelectedKeys?: string[];
  disabledKeys?: string[];
  'aria-label'?: string;
}) {
  return (
    <GridList aria-label={ariaLabel} items={files} selectionMode={selectionMode} defaultSelectedKeys={defaultSelectedKeys} disabledKeys={disabledKeys}>
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
  argTypes: {
    selectionMode: { control: 'inline-radio', options: ['none', 'multiple'], description: 'Rows with a checkbox to select.', table: { category: 'Behaviour' } },
    defaultSelectedKeys: { control: 'object', table: { category: 'Value' } },
    disabledKeys: { control: 'object', description: 'Rows that cannot be focused or selected.', table: { category: 'State' } },
    'aria-label': { control: 'text', description: 'Names the list.', table: { category: 'Content' } },
    onRemove: { control: false, description: 'A row’s Remove button.', table: { category: 'Events' } },
  },
  decorators: [(Story) => <div className="w-[32rem]"><Story /></div>],
} satisfies Meta<typeof FileList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('row', { name: 'bracket.stl' });
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('row', { name: 'bracket.stl' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(canvas.getByRole('row', { name: 'housing.step' })).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Remove housing.step' })).toHaveFocus());
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

export const Playground: Story = { tags: ['!test'] };

/** The first row in each state (hover and focus-visible forced through RAC's attributes; selected and disabled are props). */
export const States: Story = {
  render: (args) => (
    <StateGrid label="Grid list row states" states={['default', 'hover', 'focus-visible', 'selected', 'disabled']} target={firstRow}>
      {(state) => (
        <div className="w-[28rem]">
          <FileList
            {...args}
            aria-label={`Uploaded files (${state})`}
            selectionMode={state === 'selected' ? 'multiple' : 'none'}
            defaultSelectedKeys={state === 'selected' ? ['bracket'] : []}
            disabledKeys={state === 'disabled' ? ['bracket'] : []}
          />
        </div>
      )}
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('row', { name: 'bracket.stl' })).toHaveLength(5);
  },
};

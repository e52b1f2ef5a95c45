import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '#ui/button';
import { MoreIcon } from '#ui/icons';
import { Menu, MenuItem, MenuSeparator, MenuTrigger } from '#ui/menu';

const meta = {
  title: 'UI/Menu',
  component: Menu,
  args: { onAction: fn() },
  render: (args) => (
    <div className="h-64">
      <MenuTrigger>
        <Button variant="secondary" aria-label="Actions for bracket.stl"><MoreIcon /></Button>
        <Menu {...args}>
          <MenuItem id="rename">Rename</MenuItem>
          <MenuItem id="duplicate">Duplicate</MenuItem>
          <MenuItem id="download">Download</MenuItem>
          <MenuSeparator />
          <MenuItem id="delete" variant="destructive">Delete</MenuItem>
        </Menu>
      </MenuTrigger>
    </div>
  ),
} satisfies Meta<typeof Menu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = await within(canvasElement).findByRole('button', { name: 'Actions for bracket.stl' });
    await userEvent.tab();
    await waitFor(() => expect(trigger).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    const menu = await within(document.body).findByRole('menu', { name: 'Actions for bracket.stl' });
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Rename' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect(args.onAction).toHaveBeenCalledWith('download', undefined);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const Open: Story = {
  play: async ({ canvasElement }) => {
    const trigger = await within(canvasElement).findByRole('button', { name: 'Actions for bracket.stl' });
    await userEvent.tab();
    await waitFor(() => expect(trigger).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    const menu = await within(document.body).findByRole('menu', { name: 'Actions for bracket.stl' });
    // Type-ahead jumps to the item.
    await userEvent.keyboard('de');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toHaveFocus());
  },
};

export const Selection: Story = {
  args: { selectionMode: 'single', defaultSelectedKeys: ['duplicate'] },
  play: async ({ canvasElement }) => {
    const trigger = await within(canvasElement).findByRole('button', { name: 'Actions for bracket.stl' });
    await userEvent.tab();
    await waitFor(() => expect(trigger).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    const menu = await within(document.body).findByRole('menu', { name: 'Actions for bracket.stl' });
    await expect(within(menu).getByRole('menuitemradio', { name: 'Duplicate' })).toHaveAttribute('aria-checked', 'true');
  },
};

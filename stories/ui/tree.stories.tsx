import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Tree, TreeItem } from '#ui/tree';

function Bom() {
  return (
    <div className="w-96">
      <Tree aria-label="Bill of materials" defaultExpandedKeys={['frame']}>
        <TreeItem id="frame" textValue="Frame assembly" title="Frame assembly · 3 assemblies">
          <TreeItem id="rod" textValue="Rod" title="Rod · 2 per assembly, 6 in all" />
          <TreeItem id="bracket" textValue="Bracket" title="Bracket · 4 per assembly, 12 in all" />
        </TreeItem>
      </Tree>
    </div>
  );
}

const meta = { title: 'UI/Tree', component: Bom } satisfies Meta<typeof Bom>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An assembly open on its parts; Left closes it, Right opens it again, by keyboard. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tree = canvas.getByRole('treegrid', { name: 'Bill of materials' });
    // React Aria draws the rows a moment after the tree itself.
    await waitFor(() => expect(within(tree).getAllByRole('row')).toHaveLength(3), { timeout: 10_000 });
    await userEvent.tab();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(within(tree).getAllByRole('row')).toHaveLength(1);
    await userEvent.keyboard('{ArrowRight}');
    await expect(within(tree).getAllByRole('row')).toHaveLength(3);
  },
};

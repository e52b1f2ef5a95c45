import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { QuoteView } from '#features/quote/components/quote-view';
import { AppFrame } from '../../support/app-frame.tsx';

/** The quote page's view: its first render, then the workspace once its chunk is there. */
const meta = {
  title: 'Features/Quote/QuoteView',
  component: QuoteView,
  decorators: [(Story) => <AppFrame path="/quote?technology=cnc" width="max-w-6xl"><Story /></AppFrame>],
  args: { technology: 'cnc' },
} satisfies Meta<typeof QuoteView>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * /quote?technology=cnc before any file is given: the service from the link; at the visitor's first
 * sign that a file may come (a key, here; ADR 260) the workspace's chunk loaded (its polite announcer)
 * and waiting for files. A project with parts is the page story Pages/Quote › Project opened.
 */
export const ReadyForFiles: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'CNC machining' })).toBeChecked();
    await userEvent.keyboard('{Shift}');
    await expect(await canvas.findByTestId('announcer')).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: 'CNC machining' })).toBeChecked();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { QuoteStart } from '#features/quote/components/quote-start';
import { AppFrame } from '../../support/app-frame.tsx';

/**
 * The quote page's first render, while its workspace loads (ADR 137): the service, the drop zone and
 * how it works, the same pieces the workspace shows, already taking a service and files.
 */
const meta = {
  title: 'Features/Quote/QuoteStart',
  component: QuoteStart,
  decorators: [(Story) => <AppFrame path="/quote" width="max-w-6xl"><Story /></AppFrame>],
  args: { process: '3d-printing', onProcess: fn(), onFiles: fn(), waitingFiles: 0, opening: false },
} satisfies Meta<typeof QuoteStart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A first visit: a service can be chosen before anything else has loaded. */
export const FirstRender: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: '3D printing' })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: 'CNC machining' }));
    await expect(args.onProcess).toHaveBeenCalledWith('cnc');
    await expect(canvas.getByRole('button', { name: 'Choose files' })).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
  },
};

/** Files dropped before the workspace was there: taken, and said so. */
export const FilesWaiting: Story = {
  args: { waitingFiles: 2 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('2 files taken: the quote opens in a moment…');
  },
};

/** /quote/{id}: a saved project is being opened. */
export const OpeningProject: Story = {
  args: { opening: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Opening your project…');
  },
};

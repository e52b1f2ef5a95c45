import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ProjectName } from '#features/quote/components/project-name';
import { PROJECT_ID } from '../../support/order-fixtures.ts';
import { AppFrame } from '../../support/app-frame.tsx';
import { pendingHandler } from '../checkout/fixtures.ts';

const PROJECT = { id: PROJECT_ID, name: 'Drone frame', process: '3d-printing' as const, processId: 22 as const, fileCount: 3, createdAt: '2026-11-20T09:30:00.000Z', updatedAt: '2026-11-21T16:05:00.000Z' };
const PATCH = '*/msapi/*/project/:id';

const meta = {
  title: 'Features/Quote/ProjectName',
  component: ProjectName,
  args: { project: PROJECT, onRenamed: fn() },
  decorators: [(Story) => <AppFrame path={`/quote/${PROJECT_ID}`}><Story /></AppFrame>],
  parameters: {
    msw: { handlers: [http.patch(PATCH, async ({ request }) => HttpResponse.json({ ...PROJECT, ...((await request.json()) as object) }))] },
  },
} satisfies Meta<typeof ProjectName>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The name above the quote, with the way to rename it. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Drone frame')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Rename' })).toBeInTheDocument();
  },
};

/** Renaming: the field takes focus with the name in it. */
export const Editing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Rename' }));
    await expect(canvas.getByRole('textbox', { name: /Project name/ })).toHaveFocus();
  },
};

/** An empty name is refused with the spec's rule, and nothing is sent. */
export const NameRequired: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Rename' }));
    await userEvent.clear(canvas.getByRole('textbox', { name: /Project name/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(canvas.getByRole('textbox', { name: /Project name/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onRenamed).not.toHaveBeenCalled();
  },
};

/** Saving: the button is pending while the server renames it. */
export const Saving: Story = {
  parameters: { msw: { handlers: [pendingHandler('patch', PATCH)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Rename' }));
    await userEvent.type(canvas.getByRole('textbox', { name: /Project name/ }), ' v2');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: /Save/ })).toHaveAttribute('aria-disabled', 'true'));
  },
};

/** Saved: the new name is shown and handed to the workspace. */
export const Renamed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Rename' }));
    await userEvent.type(canvas.getByRole('textbox', { name: /Project name/ }), ' v2');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(args.onRenamed).toHaveBeenCalledWith(expect.objectContaining({ name: 'Drone frame v2' })));
  },
};

/** The server refuses: its words under the field, the name still being edited. */
export const SaveFailed: Story = {
  parameters: { msw: { handlers: [http.patch(PATCH, () => HttpResponse.json({ message: 'Project name is required' }, { status: 422 }))] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Rename' }));
    await userEvent.type(canvas.getByRole('textbox', { name: /Project name/ }), ' v2');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('Project name is required')).toBeInTheDocument();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, delay, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ProjectList } from '#features/projects/components/project-list';
import { page, projectSummary } from '../../support/order-fixtures.ts';
import { ScreenFrame } from '../../support/page-frame.tsx';
import gearwheel from '../../support/gearwheel-thumbnail.png';

const list = '*/msapi/*/project/list';
const projects = page(
  [
    projectSummary(),
    projectSummary({ id: 'p2', name: 'Enclosure for the field sensor, second revision with the larger battery', process: 'vacuum-casting', processId: 27, fileCount: 1, updatedAt: '2026-11-18T10:00:00.000Z', firstFile: { id: 'f2', name: 'enclosure.step' } }),
    projectSummary({ id: 'p3', name: 'Spindle adapter', process: 'cnc', processId: 23, fileCount: 0, firstFile: null, updatedAt: '2026-11-02T10:00:00.000Z' }),
  ],
  3,
);

/** The server's picture of a project's first part (a PNG drawn by server/quote/thumbnail-render.ts); one project has none. */
const thumbnail = http.get('*/msapi/*/project/:id/thumbnail', async ({ params }) => {
  if (params.id === 'p2') return HttpResponse.json({ message: 'This project has no picture: it holds no file that could be drawn.' }, { status: 404 });
  const bytes = await (await fetch(gearwheel)).arrayBuffer();
  return HttpResponse.arrayBuffer(bytes, { headers: { 'Content-Type': 'image/png' } });
});

const meta = {
  title: 'Features/Projects/ProjectList',
  component: ProjectList,
  decorators: [(Story) => <ScreenFrame path="/user/project"><Story /></ScreenFrame>],
  parameters: { msw: { handlers: [thumbnail, http.get(list, () => HttpResponse.json(projects))] } },
} satisfies Meta<typeof ProjectList>;
export default meta;
type Story = StoryObj<typeof meta>;

const pictureShown = async (canvasElement: HTMLElement) => {
  const img = await within(canvasElement).findByRole('img', { name: 'The first part, drone-arm-bracket.stl' });
  await waitFor(() => expect((img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth).toBe(160));
};

/** A picture of each project's first part, its service, files and last change; open, files, rename, delete. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await pictureShown(canvasElement);
    await expect(within(canvasElement).getByRole('link', { name: 'Open in the quote page: Spindle adapter' })).toBeInTheDocument();
  },
};

/** Renaming checks the project rules before asking the server. */
export const Rename: Story = {
  play: async ({ canvasElement }) => {
    await pictureShown(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Rename Drone frame' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Rename the project' });
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Project name' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(within(dialog).getByRole('textbox', { name: 'Project name' })).toHaveAccessibleDescription('Project name is required');
  },
};

/** Deleting asks first, and says what goes with the project. */
export const DeleteConfirmation: Story = {
  play: async ({ canvasElement }) => {
    await pictureShown(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete Drone frame' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name: 'Delete Drone frame?' });
    await expect(dialog).toHaveTextContent('The project and its 3 files are deleted');
  },
};

export const NoMatch: Story = {
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.json(page([])))] } },
  decorators: [(Story) => <ScreenFrame path="/user/project?q=gearbox"><Story /></ScreenFrame>],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'No project is named like “gearbox”' })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.json(page([])))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: 'Get your first quote' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [http.get(list, async () => { await delay('infinite'); return HttpResponse.json(page([])); })] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading your projects…')).toBeInTheDocument();
  },
};

export const Failed: Story = {
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.error())] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Unknown network error');
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import type { PartConfiguration } from '#domain/rules/quote-configuration';
import { ProjectFiles } from '#features/projects/components/project-files';
import { PROJECT_ID, partQuote, projectSummary, quoteFile } from '../../support/order-fixtures.ts';
import { ScreenFrame } from '../../support/page-frame.tsx';

const lid: PartConfiguration = { process: '3d-printing', materialId: 'sla-standard-resin', colourId: 'white', quantity: 1, tier: 'express', finishes: [{ kind: 'painting', colours: ['RAL 9005'] }] };
const files = [
  quoteFile(),
  quoteFile({ id: 'f2', name: 'lid.step', format: 'step', configuration: lid }),
  quoteFile({ id: 'f3', name: 'gasket.stl', configuration: null }),
  quoteFile({ id: 'f4', name: 'first-try.stl', status: 'removed', orderable: false, configuration: null }),
];

const handlers = (list = files) => [
  http.get('*/msapi/*/project/:id/files/:fileId/quote', ({ params }) =>
    params.fileId === 'f2' ? HttpResponse.json(partQuote('f2', 4_650, 1, lid)) : HttpResponse.json(partQuote(String(params.fileId))),
  ),
  http.get('*/msapi/*/project/:id/files', () => HttpResponse.json({ list, total: list.length })),
  http.get('*/msapi/*/project/:id', () => HttpResponse.json(projectSummary({ fileCount: list.filter((f) => f.status === 'kept').length }))),
];

const meta = {
  title: 'Features/Projects/ProjectFiles',
  component: ProjectFiles,
  args: { projectId: PROJECT_ID },
  decorators: [(Story) => <ScreenFrame path={`/user/project/fileList/${PROJECT_ID}`}><Story /></ScreenFrame>],
  parameters: { msw: { handlers: handlers() } },
} satisfies Meta<typeof ProjectFiles>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each file's measurements, configuration and the server's price; one not configured yet, one past its 3 months. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Files' });
    await expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('$46.50');
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: handlers([]) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'This project has no files' })).toBeInTheDocument();
  },
};

export const NotFound: Story = {
  parameters: { msw: { handlers: [http.get('*/msapi/*/project/*', () => HttpResponse.json({ message: 'Project not found.' }, { status: 404 }))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Project not found.');
  },
};

const unpainted = { ...partQuote(), configuration: { ...partQuote().configuration, colourId: null } };
const awaitingColour = { ...unpainted, result: { ...unpainted.result, orderable: false, validation: { valid: false, errors: { colour: ['Please choose a colour'] }, warnings: {} } } };

/** Priced as the quote page prices it, with the colour still to choose before it can be ordered (ADR 103). */
export const PricedAwaitingColour: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/msapi/*/project/:id/files/:fileId/quote', () => HttpResponse.json(awaitingColour)),
        http.get('*/msapi/*/project/:id/files', () => HttpResponse.json({ list: [quoteFile({ configuration: awaitingColour.configuration })], total: 1 })),
        http.get('*/msapi/*/project/:id', () => HttpResponse.json(projectSummary({ fileCount: 1 }))),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Files' });
    await expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Before it can be ordered: Please choose a colour.');
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { QuoteWorkspaceView, Workspace } from '#features/quote/components/quote-workspace-view';
import { createQuoteWorkspace } from '#features/quote/quote-workspace';
import { useSessionActor } from '#machines/session-context';
import { PROJECT_ID, FILE_ID, partQuote, quoteFile } from '../../support/order-fixtures.ts';
import { AppFrame } from '../../support/app-frame.tsx';
import { ringStl } from '../../support/generated-mesh.ts';
import { boxMetrics } from '../../support/quote-fixtures.ts';
import { pendingHandler } from '../checkout/fixtures.ts';
import { fixedClock } from '../../support/fixed-clock.ts';

const project = { id: PROJECT_ID, name: 'Drone frame', process: '3d-printing' as const, processId: 22 as const, fileCount: 1, createdAt: '2026-11-20T09:30:00.000Z', updatedAt: '2026-11-21T16:05:00.000Z' };
const ring = quoteFile({
  name: 'ring.stl',
  sizeBytes: 51_284,
  summary: { ...quoteFile().summary!, triangleCount: 1_024, sizeMm: [32, 32, 8], volumeMm3: 3_790, areaMm2: 3_790 },
  // The server's measures of the ring's box: a stored part with none would be one it could not measure.
  metrics: boxMetrics([32, 32, 8]),
  quote: partQuote(FILE_ID, 10_000, 4).result,
  pricedAt: '2026-11-21T16:05:00.000Z',
});
const projectHandlers = [
  http.get('*/msapi/*/project/:id/files/:fileId/content', () => HttpResponse.arrayBuffer(ringStl(), { headers: { 'Content-Type': 'application/octet-stream' } })),
  http.get('*/msapi/*/project/:id/files', () => HttpResponse.json({ list: [ring], total: 1 })),
  http.get('*/msapi/*/project/:id', () => HttpResponse.json(project)),
];

/**
 * A fresh workspace for each story: the screen keeps one per tab (QuoteWorkspaceView), which would
 * carry one story's parts into the next.
 */
function FreshWorkspace({ projectId, fileId }: { projectId?: string; fileId?: string }) {
  const session = useSessionActor();
  const [workspace] = useState(() => createQuoteWorkspace(session, '3d-printing'));
  return <Workspace workspace={workspace} projectId={projectId} technology="3d-printing" fileId={fileId ?? null} />;
}

const meta = {
  title: 'Features/Quote/QuoteWorkspaceView',
  component: QuoteWorkspaceView,
  decorators: [(Story) => <AppFrame path="/quote" width="max-w-6xl"><Story /></AppFrame>],
  // The baselines' ship dates are counted from this instant (stories/support/fixed-clock.ts).
  beforeEach: fixedClock('2026-12-02T00:19:31Z'),
  parameters: { msw: { handlers: projectHandlers } },
} satisfies Meta<typeof QuoteWorkspaceView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /quote/{id}?file=…: a saved project opened with its part selected: checks, 3D preview, configuration and price. */
export const ProjectOpened: Story = {
  args: { projectId: PROJECT_ID, technology: '3d-printing', fileId: FILE_ID },
  decorators: [(Story) => <AppFrame path={`/quote/${PROJECT_ID}`} width="max-w-6xl"><Story /></AppFrame>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Drone frame', {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(canvasElement.querySelector('canvas')).not.toBeNull(), { timeout: 20_000 });
    await expect(canvas.getByRole('img', { name: /3D model of ring\.stl/ })).toBeInTheDocument();
  },
};

/** /quote on a first visit: the three services, the drop zone, and how it works. */
export const Empty: Story = {
  render: () => <FreshWorkspace />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: '3D printing' })).toBeChecked();
    await expect(canvas.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
  },
};

/** A project being opened. */
export const Opening: Story = {
  render: () => <FreshWorkspace projectId={PROJECT_ID} />,
  parameters: { msw: { handlers: [pendingHandler('get', '*/msapi/*/project/:id'), pendingHandler('get', '*/msapi/*/project/:id/files')] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Opening your project…')).toBeInTheDocument();
  },
};

/** A project that cannot be read (removed, or another customer's). */
export const OpenFailed: Story = {
  render: () => <FreshWorkspace projectId={PROJECT_ID} />,
  parameters: { msw: { handlers: [http.get('*/msapi/*/project/*', () => HttpResponse.json({ message: 'Project not found.' }, { status: 404 }))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Failed to fetch quotation data.');
  },
};

/** Renaming the project in place. */
export const Renaming: Story = {
  render: () => <FreshWorkspace projectId={PROJECT_ID} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Rename' }));
    await expect(canvas.getByRole('textbox', { name: /Project name/ })).toHaveValue('Drone frame');
  },
};

/** A file of several bodies (ADR 131): an assembly of four identical cubes and a plate. */
const assemblyFile = quoteFile({
  name: 'fixture.stl',
  summary: {
    ...quoteFile().summary!,
    bodyCount: 5,
    assembly: { bodyCount: 5, partCount: 2, parts: [{ name: 'Body 1', count: 4 }, { name: 'Body 5', count: 1 }], offered: true },
  },
});
const splitParts = [
  quoteFile({ id: '11111111-1111-4111-8111-111111111111', name: 'fixture.stl – Body 1', splitFrom: FILE_ID, summary: { ...quoteFile().summary!, assembly: null } }),
  quoteFile({ id: '22222222-2222-4222-8222-222222222222', name: 'fixture.stl – Body 5', splitFrom: FILE_ID, summary: { ...quoteFile().summary!, assembly: null } }),
];

/** The notice of a file of several bodies; splitting it puts its two parts in the file list in its place. */
export const AssemblySplit: Story = {
  render: () => <FreshWorkspace projectId={PROJECT_ID} fileId={FILE_ID} />,
  parameters: {
    msw: {
      handlers: [
        http.post('*/msapi/*/project/:id/files/:fileId/split', () => HttpResponse.json({ from: FILE_ID, list: splitParts, total: 2 })),
        http.get('*/msapi/*/project/:id/files/:fileId/content', () => HttpResponse.arrayBuffer(ringStl(), { headers: { 'Content-Type': 'application/octet-stream' } })),
        http.get('*/msapi/*/project/:id/files', () => HttpResponse.json({ list: [assemblyFile], total: 1 })),
        http.get('*/msapi/*/project/:id', () => HttpResponse.json(project)),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This file holds 5 bodies: 2 different parts (4 × Body 1 and 1 × Body 5).', {}, { timeout: 20_000 })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Split into 2 parts' }));
    // The parts table names each part by its own name, with its file under it (ADR 160).
    await expect((await canvas.findAllByText('Body 5', {}, { timeout: 10_000 }))[0]).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Split into 2 parts' })).not.toBeInTheDocument();
  },
};

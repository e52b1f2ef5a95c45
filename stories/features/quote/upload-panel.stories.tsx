import type { Meta, StoryObj } from '@storybook/react-vite';
import { ref } from 'valtio';
import { expect, fn, userEvent, within, waitFor } from 'storybook/test';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { UploadPanel } from '#features/quote/components/upload-panel';
import { createWorkspace, type QuoteWorkspace } from '#features/quote/quote-workspace';
import { uploadMachine } from '#machines/upload-machine';

type Stage = 'checking' | 'importing' | 'uploading' | 'ready' | 'failed';

/** An upload machine held in one state, with no file reading and no network. */
function uploadAt(stage: Stage, name: string) {
  const actor = createActor(
    uploadMachine.provide({
      actors: {
        checkFile: fromPromise(async () => {
          if (stage === 'checking') await new Promise(() => {});
          if (stage === 'failed') throw new Error('This file is larger than 100 MB.');
        }),
        importGeometry: fromCallback(({ sendBack }) => {
          if (stage === 'importing') sendBack({ type: 'import.progress', fraction: 0.4 });
          else sendBack({ type: 'import.done', analysis: { metrics: null, findings: [], mesh: null, orderable: true } });
        }),
        uploadFile: fromCallback(({ sendBack }) => {
          if (stage === 'uploading') sendBack({ type: 'upload.progress', fraction: 0.65 });
          else sendBack({ type: 'upload.done', uploaded: { id: `file-${name}` } });
        }),
      },
    }),
    { input: { id: name, file: new File(['solid'], name), projectId: 'project-1', slotsLeft: 20 } },
  );
  return actor.start();
}

function workspace(stages: Stage[]): QuoteWorkspace {
  const ws = createWorkspace();
  stages.forEach((stage, i) => {
    const name = `part-${i + 1}-${stage}.stl`;
    ws.parts.push({ id: name, fileName: name, upload: ref(uploadAt(stage, name)), configurator: null, serverFile: null, analysis: null });
  });
  ws.selectedId = ws.parts[0]?.id ?? null;
  return ws;
}

const meta = {
  title: 'Features/Quote/UploadPanel',
  component: UploadPanel,
  args: { ws: workspace([]), onFiles: fn() },
  decorators: [(Story) => <div className="max-w-xs"><Story /></div>],
} satisfies Meta<typeof UploadPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Before the first drop: the formats and limits are stated up front. */
export const Default: Story = {
  args: { ws: workspace([]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('STL, STEP, OBJ or 3MF · up to 100 MB a file · up to 20 files a project')).toBeInTheDocument();
    await userEvent.tab();
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Choose files' })).toHaveFocus());
  },
};

export const EveryState: Story = {
  args: { ws: workspace(['checking', 'importing', 'uploading', 'ready', 'failed']) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Checking the file…')).toBeInTheDocument();
    await expect(canvas.getByText('Reading the geometry… 40%')).toBeInTheDocument();
    await expect(canvas.getByText('Uploading… 65%')).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'part-3-uploading.stl: upload' })).toHaveAttribute('aria-valuenow', '65');
    await expect(canvas.getByText('Uploaded')).toBeInTheDocument();
    await expect(canvas.getByRole('alert')).toHaveTextContent('This file is larger than 100 MB.');
  },
};

export const RemoveAFile: Story = {
  args: { ws: workspace(['ready', 'failed']) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove part-2-failed.stl' }));
    await expect(canvas.queryByText('part-2-failed.stl')).not.toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1);
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { Project } from '#domain/api/quote';
import { PartsPanel } from '#features/quote/components/parts-panel';
import { quoteWorkspaceMachine } from '#machines/quote-workspace-machine';
import { uploadMachine } from '#machines/upload-machine';

type Stage = 'checking' | 'importing' | 'uploading' | 'ready' | 'failed';

const PROJECT: Project = {
  id: 'project-1',
  name: 'Bracket',
  process: '3d-printing',
  processId: 22,
  fileCount: 0,
  createdAt: '2026-11-23T01:00:00.000Z',
  updatedAt: '2026-11-23T01:00:00.000Z',
};

/** The stage a file is held in is the second word of its name (`part-1-importing.stl`). */
const stageOf = (file: File) => file.name.split('-')[2]!.replace('.stl', '') as Stage;

/**
 * A workspace whose files are each held in one state: the workspace machine with its upload
 * machines, no file reading and no network.
 */
function workspace(stages: Stage[]) {
  const actor = createActor(
    quoteWorkspaceMachine.provide({
      actors: {
        createProject: fromPromise(async () => PROJECT),
        upload: uploadMachine.provide({
          actors: {
            checkFile: fromPromise(async ({ input }) => {
              if (stageOf(input.file) === 'checking') await new Promise(() => {});
              if (stageOf(input.file) === 'failed') throw new Error('Quote file size is limited to 100 MB: "part-5-failed.stl" is larger');
            }),
            importGeometry: fromCallback(({ sendBack, input }) => {
              if (stageOf(input.file) === 'importing') sendBack({ type: 'import.progress', fraction: 0.4 });
              else sendBack({ type: 'import.done', analysis: { metrics: null, findings: [], mesh: null, orderable: true } });
            }),
            uploadFile: fromCallback(({ sendBack, input }) => {
              const stage = stageOf(input.file);
              if (stage === 'uploading') sendBack({ type: 'upload.progress', fraction: 0.65 });
              else sendBack({ type: 'upload.done', uploaded: { id: `file-${input.file.name}` } });
            }),
          },
        }),
      },
    }),
    { input: { now: () => Date.UTC(2026, 10, 23, 1) } },
  ).start();
  if (stages.length > 0) actor.send({ type: 'files.added', files: stages.map((stage, i) => new File(['solid'], `part-${i + 1}-${stage}.stl`)) });
  return actor;
}

const meta = {
  title: 'Features/Quote/PartsPanel',
  component: PartsPanel,
  args: { workspace: workspace([]) },
  decorators: [(Story) => <div className="max-w-4xl"><Story /></div>],
} satisfies Meta<typeof PartsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Files at every step of their way, read from the workspace machine and its upload machines. */
export const EveryState: Story = {
  args: { workspace: workspace(['checking', 'importing', 'uploading', 'ready', 'failed']) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Reading the geometry… 40%', {}, { timeout: 10_000 })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'part-3-uploading.stl: upload' })).toHaveAttribute('aria-valuenow', '65');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Quote file size is limited to 100 MB');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** Removing a file takes its row away. */
export const RemoveAFile: Story = {
  args: { workspace: workspace(['ready', 'failed']) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Remove part-2-failed.stl' }));
    await waitFor(() => expect(canvas.queryByText('part-2-failed.stl')).not.toBeInTheDocument());
    await expect(within(canvas.getByRole('table')).getAllByRole('row')).toHaveLength(2);
  },
};

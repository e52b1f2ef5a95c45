import { describe, expect, test, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, setup, type AnyEventObject } from 'xstate';
import { uploadStatusText as statusText } from '#features/quote/upload-status';
import { createFormatter } from '#lib/i18n/format';
import { t } from '#lib/i18n/i18n';
import { uploadMachine, uploadPhase, uploadSteps, type FileAnalysis, type UploadContext, type UploadInput, type UploadReport } from '#machines/upload-machine';

/** What the upload panel shows for a step (the words live in the feature, the machine has none). */
const uploadStatusText = (state: string, context: UploadContext) => statusText(state, context, t, createFormatter('en-US'));

const analysis: FileAnalysis = { metrics: null, findings: [], mesh: null, orderable: true };

interface Controls {
  importing: ((event: AnyEventObject) => void) | null;
  uploading: ((event: AnyEventObject) => void) | null;
  /** Whether the import's actor was stopped (a refused file's). */
  importStopped: boolean;
}

/**
 * The upload machine as the workspace runs it: spawned by a parent, which records what it hears
 * (`upload.analysed`, `upload.stored`, `upload.failed`).
 */
function start(input: Partial<UploadInput> = {}, check: () => Promise<void> = async () => {}) {
  const controls: Controls = { importing: null, uploading: null, importStopped: false };
  const importGeometry = vi.fn();
  const uploadFile = vi.fn();
  const heard: UploadReport[] = [];
  const child = uploadMachine.provide({
    actors: {
      checkFile: fromPromise(check),
      importGeometry: fromCallback(({ sendBack, input: i }) => {
        importGeometry(i);
        controls.importing = sendBack;
        return () => {
          controls.importStopped = true;
        };
      }),
      uploadFile: fromCallback(({ sendBack, input: i }) => {
        uploadFile(i);
        controls.uploading = sendBack;
      }),
    },
  });
  const parent = setup({ actors: { child } }).createMachine({
    invoke: { id: 'upload', src: 'child', input: { id: 'f1', file: new File(['solid x'], 'part.stl'), slotsLeft: 20, ...input } },
    on: { '*': { actions: ({ event }) => heard.push(event as UploadReport) } },
  });
  const host = createActor(parent).start();
  const actor = host.getSnapshot().children.upload as unknown as ReturnType<typeof createActor<typeof uploadMachine>>;
  const state = () => actor.getSnapshot().value;
  const steps = () => uploadSteps(actor.getSnapshot());
  return { actor, controls, importGeometry, uploadFile, state, steps, heard };
}

describe('the happy path', () => {
  test('checking → import and upload side by side, each with progress → ready; the workspace hears each end', async () => {
    const { actor, controls, steps, uploadFile, heard } = start();
    await vi.waitFor(() => expect(steps()).toEqual(['importing']));
    controls.importing!({ type: 'import.progress', fraction: 0.5 });
    expect(actor.getSnapshot().context.importProgress).toBe(0.5);
    expect(uploadStatusText('importing', actor.getSnapshot().context)).toBe('Reading the geometry… 50%');
    // The project arrives while the geometry is read: the upload starts at once, alongside.
    actor.send({ type: 'project.ready', projectId: 'p1' });
    expect(steps()).toEqual(['uploading', 'importing']);
    expect(uploadFile).toHaveBeenCalledWith(expect.objectContaining({ projectId: 'p1' }));
    controls.uploading!({ type: 'upload.progress', fraction: 0.25 });
    expect(uploadStatusText('uploading', actor.getSnapshot().context)).toBe('Uploading… 25%');
    controls.importing!({ type: 'import.done', analysis });
    expect(heard).toContainEqual({ type: 'upload.analysed', partId: 'f1', analysis });
    expect(steps()).toEqual(['uploading']);
    controls.uploading!({ type: 'upload.done', uploaded: { id: 'file-9' } });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(uploadPhase(actor.getSnapshot())).toBe('ready');
    expect(actor.getSnapshot().context.uploaded).toEqual({ id: 'file-9' });
    expect(heard).toContainEqual({ type: 'upload.stored', partId: 'f1', file: { id: 'file-9' } });
  });

  test('without a project, the geometry is read and the upload waits for it', async () => {
    const { actor, controls, steps, uploadFile } = start();
    await vi.waitFor(() => expect(steps()).toEqual(['importing']));
    controls.importing!({ type: 'import.done', analysis });
    expect(steps()).toEqual(['waiting']);
    expect(uploadStatusText('waiting', actor.getSnapshot().context)).toBe('Ready to upload');
    expect(uploadFile).not.toHaveBeenCalled();
    actor.send({ type: 'project.ready', projectId: 'p1' });
    expect(steps()).toEqual(['uploading']);
  });

  test('the upload can finish before the import: ready once both are done', async () => {
    const { actor, controls, steps } = start({ projectId: 'p1' });
    await vi.waitFor(() => expect(steps()).toEqual(['uploading', 'importing']));
    controls.uploading!({ type: 'upload.done', uploaded: { id: 'file-1' } });
    expect(steps()).toEqual(['importing']);
    controls.importing!({ type: 'import.done', analysis });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  test('progress is kept between 0 and 1', async () => {
    const { actor, controls, steps } = start();
    await vi.waitFor(() => expect(steps()).toEqual(['importing']));
    controls.importing!({ type: 'import.progress', fraction: 7 });
    expect(actor.getSnapshot().context.importProgress).toBe(1);
    controls.importing!({ type: 'import.progress', fraction: Number.NaN });
    expect(actor.getSnapshot().context.importProgress).toBe(0);
  });
});

describe('the import starts with the checks (ADR 254)', () => {
  test('the geometry is read while the file is checked; what it found is told once the checks passed', async () => {
    let pass = () => {};
    const { actor, controls, importGeometry, steps, heard } = start({}, () => new Promise<void>((resolve) => (pass = resolve)));
    expect(importGeometry).toHaveBeenCalledTimes(1);
    expect(steps()).toEqual(['checking']);
    controls.importing!({ type: 'import.done', analysis });
    // Read before the checks answered: nothing is told yet, the file is still being checked.
    expect(steps()).toEqual(['checking']);
    expect(heard).toEqual([]);
    pass();
    await vi.waitFor(() => expect(heard.map((e) => e.type)).toEqual(['upload.checked', 'upload.analysed']));
    expect(heard[1]).toEqual({ type: 'upload.analysed', partId: 'f1', analysis });
    expect(steps()).toEqual(['waiting']);
    expect(actor.getSnapshot().context.analysis).toBe(analysis);
  });

  test('a file refused after its geometry was read keeps no analysis and tells none', async () => {
    let refuse = (_error: Error) => {};
    const { actor, controls, state, heard } = start({}, () => new Promise<void>((_resolve, reject) => (refuse = reject)));
    controls.importing!({ type: 'import.done', analysis });
    refuse(new Error('This is not a file format we can read.'));
    await vi.waitFor(() => expect(state()).toBe('failed'));
    expect(actor.getSnapshot().context.analysis).toBeNull();
    expect(heard.map((e) => e.type)).toEqual(['upload.failed']);
  });
});

describe('failures', () => {
  test('a file refused by the checks says why, the workspace hears it, and retrying does not let it through', async () => {
    const { actor, state, importGeometry, controls, heard } = start({}, async () => {
      throw new Error('This file is larger than 100 MB.');
    });
    await vi.waitFor(() => expect(state()).toBe('failed'));
    // The import started beside the checks is stopped with them.
    expect(importGeometry).toHaveBeenCalledTimes(1);
    expect(controls.importStopped).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('This file is larger than 100 MB.');
    expect(heard).toContainEqual({ type: 'upload.failed', partId: 'f1', message: 'This file is larger than 100 MB.' });
    // Refused: it never asks for a project to go to.
    expect(heard.map((e) => e.type)).not.toContain('upload.checked');
    actor.send({ type: 'retry' });
    expect(state()).toBe('failed');
    expect(importGeometry).toHaveBeenCalledTimes(1);
  });

  test('a check that fails without a message leaves the words to the screen', async () => {
    const { actor, state } = start({}, async () => {
      throw 'refused';
    });
    await vi.waitFor(() => expect(state()).toBe('failed'));
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(uploadStatusText('failed', actor.getSnapshot().context)).toBe('This file cannot be used.');
  });

  test('a geometry the browser cannot read does not stop the upload (the server says what the file is)', async () => {
    const { actor, controls, steps, heard } = start({ projectId: 'p1' });
    await vi.waitFor(() => expect(steps()).toEqual(['uploading', 'importing']));
    controls.importing!({ type: 'import.failed', message: 'The worker stopped.' });
    expect(actor.getSnapshot().context.importError).toBe('The worker stopped.');
    expect(steps()).toEqual(['uploading']);
    controls.uploading!({ type: 'upload.done', uploaded: { id: 'file-2' } });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(heard.map((e) => e.type)).toEqual(['upload.checked', 'upload.stored']);
  });

  test('a failed upload fails the file and is retried without importing again', async () => {
    const { actor, controls, state, importGeometry, uploadFile, heard } = start({ projectId: 'p1' });
    await vi.waitFor(() => expect(uploadFile).toHaveBeenCalledTimes(1));
    controls.importing!({ type: 'import.done', analysis });
    controls.uploading!({ type: 'upload.failed', message: 'Unknown network error' });
    expect(state()).toBe('failed');
    expect(uploadStatusText('failed', actor.getSnapshot().context)).toBe('Unknown network error');
    expect(heard.at(-1)).toEqual({ type: 'upload.failed', partId: 'f1', message: 'Unknown network error' });
    actor.send({ type: 'retry' });
    expect(uploadSteps(actor.getSnapshot())).toEqual(['uploading']);
    expect(importGeometry).toHaveBeenCalledTimes(1);
    expect(uploadFile).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  test('an upload that got no answer is marked as lost on the way (sent again once online), a refusal is not', async () => {
    const { actor, controls, uploadFile } = start({ projectId: 'p1' });
    await vi.waitFor(() => expect(uploadFile).toHaveBeenCalledTimes(1));
    controls.uploading!({ type: 'upload.failed', message: 'Unknown network error', lostConnection: true });
    expect(actor.getSnapshot().context.lostConnection).toBe(true);
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().context.lostConnection).toBe(false);
    controls.uploading!({ type: 'upload.failed', message: 'The project holds too many files.' });
    expect(actor.getSnapshot().context).toMatchObject({ failedAt: 'uploading', lostConnection: false });
  });

  test('remove ends the file from any state', async () => {
    const { actor, steps } = start();
    await vi.waitFor(() => expect(steps()).toEqual(['importing']));
    actor.send({ type: 'remove' });
    expect(actor.getSnapshot().value).toBe('removed');
    expect(actor.getSnapshot().status).toBe('done');
  });
});

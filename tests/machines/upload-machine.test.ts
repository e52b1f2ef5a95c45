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
}

/**
 * The upload machine as the workspace runs it: spawned by a parent, which records what it hears
 * (`upload.analysed`, `upload.stored`, `upload.failed`).
 */
function start(input: Partial<UploadInput> = {}, check: () => Promise<void> = async () => {}) {
  const controls: Controls = { importing: null, uploading: null };
  const importGeometry = vi.fn();
  const uploadFile = vi.fn();
  const heard: UploadReport[] = [];
  const child = uploadMachine.provide({
    actors: {
      checkFile: fromPromise(check),
      importGeometry: fromCallback(({ sendBack, input: i }) => {
        importGeometry(i);
        controls.importing = sendBack;
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

describe('failures', () => {
  test('a file refused by the checks says why, the workspace hears it, and retrying does not let it through', async () => {
    const { actor, state, importGeometry, heard } = start({}, async () => {
      throw new Error('This file is larger than 100 MB.');
    });
    await vi.waitFor(() => expect(state()).toBe('failed'));
    expect(actor.getSnapshot().context.error).toBe('This file is larger than 100 MB.');
    expect(heard).toContainEqual({ type: 'upload.failed', partId: 'f1', message: 'This file is larger than 100 MB.' });
    // Refused: it never asks for a project to go to.
    expect(heard.map((e) => e.type)).not.toContain('upload.checked');
    actor.send({ type: 'retry' });
    expect(state()).toBe('failed');
    expect(importGeometry).not.toHaveBeenCalled();
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

  test('remove ends the file from any state', async () => {
    const { actor, steps } = start();
    await vi.waitFor(() => expect(steps()).toEqual(['importing']));
    actor.send({ type: 'remove' });
    expect(actor.getSnapshot().value).toBe('removed');
    expect(actor.getSnapshot().status).toBe('done');
  });
});

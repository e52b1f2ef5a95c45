import { describe, expect, test, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { uploadStatusText as statusText } from '#features/quote/upload-status';
import { createFormatter } from '#lib/i18n/format';
import { t } from '#lib/i18n/i18n';
import { uploadMachine, type FileAnalysis, type UploadContext, type UploadInput } from '#machines/upload-machine';

/** What the upload panel shows for a state (the words live in the feature, the machine has none). */
const uploadStatusText = (state: string, context: UploadContext) => statusText(state, context, t, createFormatter('en-US'));

const analysis: FileAnalysis = { metrics: null, findings: [], mesh: null, orderable: true };

interface Controls {
  importing: ((event: AnyEventObject) => void) | null;
  uploading: ((event: AnyEventObject) => void) | null;
}

function start(input: Partial<UploadInput> = {}, check: () => Promise<void> = async () => {}) {
  const controls: Controls = { importing: null, uploading: null };
  const importGeometry = vi.fn();
  const uploadFile = vi.fn();
  const actor = createActor(
    uploadMachine.provide({
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
    }),
    { input: { id: 'f1', file: new File(['solid x'], 'part.stl'), slotsLeft: 20, ...input } },
  ).start();
  const state = () => actor.getSnapshot().value;
  return { actor, controls, importGeometry, uploadFile, state };
}

describe('the happy path', () => {
  test('checking → importing with progress → preview → uploading with progress → ready', async () => {
    const { actor, controls, state, uploadFile } = start();
    await vi.waitFor(() => expect(state()).toBe('importing'));
    controls.importing!({ type: 'import.progress', fraction: 0.5 });
    expect(actor.getSnapshot().context.progress).toBe(0.5);
    expect(uploadStatusText('importing', actor.getSnapshot().context)).toBe('Reading the geometry… 50%');
    controls.importing!({ type: 'import.done', analysis });
    // No project yet: the preview waits for it.
    expect(state()).toBe('preview');
    actor.send({ type: 'project.ready', projectId: 'p1' });
    expect(state()).toBe('uploading');
    expect(uploadFile).toHaveBeenCalledWith(expect.objectContaining({ projectId: 'p1' }));
    controls.uploading!({ type: 'upload.progress', fraction: 0.25 });
    expect(uploadStatusText('uploading', actor.getSnapshot().context)).toBe('Uploading… 25%');
    controls.uploading!({ type: 'upload.done', uploaded: { id: 'file-9' } });
    expect(state()).toBe('ready');
    expect(actor.getSnapshot().context.uploaded).toEqual({ id: 'file-9' });
  });

  test('with a project already there, the upload follows the import directly', async () => {
    const { controls, state } = start({ projectId: 'p1' });
    await vi.waitFor(() => expect(state()).toBe('importing'));
    controls.importing!({ type: 'import.done', analysis });
    expect(state()).toBe('uploading');
  });

  test('progress is kept between 0 and 1', async () => {
    const { actor, controls, state } = start();
    await vi.waitFor(() => expect(state()).toBe('importing'));
    controls.importing!({ type: 'import.progress', fraction: 7 });
    expect(actor.getSnapshot().context.progress).toBe(1);
    controls.importing!({ type: 'import.progress', fraction: Number.NaN });
    expect(actor.getSnapshot().context.progress).toBe(0);
  });
});

describe('failures', () => {
  test('a file refused by the checks says why, and retrying does not let it through', async () => {
    const { actor, state, importGeometry } = start({}, async () => {
      throw new Error('This file is larger than 100 MB.');
    });
    await vi.waitFor(() => expect(state()).toBe('failed'));
    expect(actor.getSnapshot().context.error).toBe('This file is larger than 100 MB.');
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

  test('a failed import can be retried', async () => {
    const { actor, controls, state, importGeometry } = start();
    await vi.waitFor(() => expect(state()).toBe('importing'));
    controls.importing!({ type: 'import.failed', message: 'The worker stopped.' });
    expect(state()).toBe('failed');
    expect(uploadStatusText('failed', actor.getSnapshot().context)).toBe('The worker stopped.');
    actor.send({ type: 'retry' });
    expect(state()).toBe('importing');
    expect(importGeometry).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  test('a failed upload is retried without importing again', async () => {
    const { actor, controls, state, importGeometry, uploadFile } = start({ projectId: 'p1' });
    await vi.waitFor(() => expect(state()).toBe('importing'));
    controls.importing!({ type: 'import.done', analysis });
    controls.uploading!({ type: 'upload.failed', message: 'Unknown network error' });
    expect(state()).toBe('failed');
    actor.send({ type: 'retry' });
    expect(state()).toBe('uploading');
    expect(importGeometry).toHaveBeenCalledTimes(1);
    expect(uploadFile).toHaveBeenCalledTimes(2);
  });

  test('remove ends the file from any state', async () => {
    const { actor, state } = start();
    await vi.waitFor(() => expect(state()).toBe('importing'));
    actor.send({ type: 'remove' });
    expect(state()).toBe('removed');
    expect(actor.getSnapshot().status).toBe('done');
  });
});

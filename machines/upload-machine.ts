import { assign, fromCallback, fromPromise, setup, type AnyEventObject } from 'xstate';
import type { Finding } from '#domain/geometry/findings';
import type { Mesh } from '#domain/geometry/mesh';
import type { PartMetrics } from '#domain/geometry/metrics';

/**
 * One file's way from a drop to a quotable part: checking (type by content, size, count) →
 * importing in a worker, with progress → preview (the geometry is on screen; waiting for the
 * project to exist) → uploading, with progress → ready; or failed, with a message, a retry and a
 * remove. Pure: reading, importing and uploading arrive as injected actors.
 */

export interface UploadInput {
  id: string;
  file: File;
  /** The project the file goes to, when it already exists. */
  projectId?: string | null;
  /** How many more files the project may take (spec: a maximum number of files applies). */
  slotsLeft: number;
}

export interface FileAnalysis {
  metrics: PartMetrics | null;
  findings: readonly Finding[];
  mesh: Mesh | null;
  orderable: boolean;
}

/** What the server answered for the stored file (its id is what the configuration is saved against). */
export interface UploadedFile {
  id: string;
  [key: string]: unknown;
}

export interface UploadContext {
  id: string;
  file: File;
  projectId: string | null;
  slotsLeft: number;
  analysis: FileAnalysis | null;
  /** 0 to 1 while importing or uploading; null when unknown (indeterminate). */
  progress: number | null;
  uploaded: UploadedFile | null;
  error: string | null;
  /** The step that failed, so retry resumes there. */
  failedAt: 'checking' | 'importing' | 'uploading' | null;
}

export type UploadEvent =
  | { type: 'project.ready'; projectId: string }
  /** A fraction of the file read, or null while the geometry is analysed (no honest fraction). */
  | { type: 'import.progress'; fraction: number | null }
  | { type: 'import.done'; analysis: FileAnalysis }
  | { type: 'import.failed'; message: string }
  | { type: 'upload.progress'; fraction: number }
  | { type: 'upload.done'; uploaded: UploadedFile }
  | { type: 'upload.failed'; message: string }
  | { type: 'retry' }
  | { type: 'remove' };

const failure = (at: UploadContext['failedAt'], message: string | null) => ({ error: message, failedAt: at, progress: null });

export const uploadMachine = setup({
  types: {
    input: {} as UploadInput,
    context: {} as UploadContext,
    events: {} as UploadEvent,
  },
  actors: {
    /** Checks size, count and type by content; throws an Error whose message the user reads. */
    checkFile: fromPromise<void, { file: File; slotsLeft: number }>(async () => {
      throw new Error('checkFile is not provided');
    }),
    /** Imports the geometry off the main thread; sends import.progress, then import.done or import.failed. */
    importGeometry: fromCallback<AnyEventObject, { file: File }>(() => {
      throw new Error('importGeometry is not provided');
    }),
    /** Uploads to the project; sends upload.progress, then upload.done or upload.failed. */
    uploadFile: fromCallback<AnyEventObject, { file: File; projectId: string }>(() => {
      throw new Error('uploadFile is not provided');
    }),
  },
  guards: {
    hasProject: ({ context }) => context.projectId !== null,
    failedChecking: ({ context }) => context.failedAt === 'checking',
    failedImporting: ({ context }) => context.failedAt === 'importing',
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    id: input.id,
    file: input.file,
    projectId: input.projectId ?? null,
    slotsLeft: input.slotsLeft,
    analysis: null,
    progress: null,
    uploaded: null,
    error: null,
    failedAt: null,
  }),
  on: {
    remove: { target: '.removed' },
    'project.ready': { actions: assign({ projectId: ({ event }) => event.projectId }) },
  },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        src: 'checkFile',
        input: ({ context }) => ({ file: context.file, slotsLeft: context.slotsLeft }),
        onDone: { target: 'importing' },
        onError: {
          target: 'failed',
          // A check that failed without a message leaves `error` null: the screen says the file cannot be used.
          actions: assign(({ event }) => failure('checking', event.error instanceof Error ? event.error.message : null)),
        },
      },
    },
    importing: {
      entry: assign({ progress: 0, error: null, failedAt: null }),
      invoke: { src: 'importGeometry', input: ({ context }) => ({ file: context.file }) },
      on: {
        'import.progress': { actions: assign({ progress: ({ event }) => (event.fraction === null ? null : clamp(event.fraction)) }) },
        'import.done': { target: 'preview', actions: assign({ analysis: ({ event }) => event.analysis, progress: null }) },
        'import.failed': { target: 'failed', actions: assign(({ event }) => failure('importing', event.message)) },
      },
    },
    /** The geometry is on screen; the upload starts as soon as the project exists. */
    preview: {
      always: { guard: 'hasProject', target: 'uploading' },
    },
    uploading: {
      entry: assign({ progress: 0, error: null, failedAt: null }),
      invoke: {
        src: 'uploadFile',
        input: ({ context }) => ({ file: context.file, projectId: context.projectId ?? '' }),
      },
      on: {
        'upload.progress': { actions: assign({ progress: ({ event }) => clamp(event.fraction) }) },
        'upload.done': { target: 'ready', actions: assign({ uploaded: ({ event }) => event.uploaded, progress: 1 }) },
        'upload.failed': { target: 'failed', actions: assign(({ event }) => failure('uploading', event.message)) },
      },
    },
    ready: {},
    failed: {
      on: {
        retry: [
          // A file refused by the checks stays refused: only removing it helps.
          { guard: 'failedChecking', target: 'failed' },
          { guard: 'failedImporting', target: 'importing' },
          { target: 'uploading' },
        ],
      },
    },
    removed: { type: 'final' },
  },
});

function clamp(fraction: number): number {
  return Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
}

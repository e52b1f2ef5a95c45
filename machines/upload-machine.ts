import { assign, fromCallback, fromPromise, sendParent, setup, type AnyEventObject } from 'xstate';
import type { Finding } from '#domain/geometry/findings';
import type { Mesh } from '#domain/geometry/mesh';
import type { PartMetrics } from '#domain/geometry/metrics';

/**
 * One file's way from a drop to a quotable part. Two things at once: the browser imports the
 * geometry in a worker (the preview and a first price in about a second) while the file is checked
 * (type by content, size, count) and then uploaded to the project, which the server analyses again
 * (the price that counts). The import starts with the checks, not after them (ADR 254): the checks'
 * read of the file's head waits tens of milliseconds on the browser's file service, which the
 * import's read no longer queues behind; what the import finds is told only once the checks passed.
 * Ready once both are done; an import the browser cannot do (no preview) does not stop the upload;
 * a failed check (which stops the import) or upload fails the file, with a message, a retry and a
 * remove. Pure: checking, importing and uploading arrive as injected actors. The workspace machine
 * that spawns it hears `upload.checked` (a project is needed only for a file that passed its
 * checks), `upload.analysed`, `upload.stored` and `upload.failed`.
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
  /** Why the browser could not read the geometry (the server's analysis still counts). */
  importError: string | null;
  /** 0 to 1 while importing; null when unknown (indeterminate). */
  importProgress: number | null;
  /** 0 to 1 while uploading; null before. */
  progress: number | null;
  uploaded: UploadedFile | null;
  error: string | null;
  /** The step that failed, so retry resumes there. */
  failedAt: 'checking' | 'uploading' | null;
  /** Whether the file passed its checks (the import's findings wait for them). */
  checked: boolean;
  /** The upload failed for want of an answer (the connection, a time-out): worth sending again once online. */
  lostConnection: boolean;
}

export type UploadEvent =
  | { type: 'project.ready'; projectId: string }
  /** A fraction of the file read, or null while the geometry is analysed (no honest fraction). */
  | { type: 'import.progress'; fraction: number | null }
  | { type: 'import.done'; analysis: FileAnalysis }
  | { type: 'import.failed'; message: string }
  | { type: 'upload.progress'; fraction: number }
  | { type: 'upload.done'; uploaded: UploadedFile }
  /** `lostConnection`: no answer came (the network failed or the time ran out), as opposed to a server's refusal. */
  | { type: 'upload.failed'; message: string; lostConnection?: boolean }
  | { type: 'retry' }
  | { type: 'remove' };

/** What the workspace hears from a file. */
export type UploadReport =
  /** The file passed its checks (size, count, type by content): it needs a project to go to. */
  | { type: 'upload.checked'; partId: string }
  | { type: 'upload.analysed'; partId: string; analysis: FileAnalysis }
  | { type: 'upload.stored'; partId: string; file: UploadedFile }
  | { type: 'upload.failed'; partId: string; message: string | null };

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
    hasAnalysis: ({ context }) => context.analysis !== null || context.importError !== null,
    isChecked: ({ context }) => context.checked,
    isStored: ({ context }) => context.uploaded !== null,
    failedChecking: ({ context }) => context.failedAt === 'checking',
  },
  actions: {
    reportFailure: sendParent(({ context }): UploadReport => ({ type: 'upload.failed', partId: context.id, message: context.error })),
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    id: input.id,
    file: input.file,
    projectId: input.projectId ?? null,
    slotsLeft: input.slotsLeft,
    analysis: null,
    importError: null,
    importProgress: null,
    progress: null,
    uploaded: null,
    error: null,
    failedAt: null,
    checked: false,
    lostConnection: false,
  }),
  on: {
    remove: { target: '.removed' },
    'project.ready': { actions: assign({ projectId: ({ event }) => event.projectId }) },
  },
  initial: 'active',
  states: {
    /** Import and transfer (checks, then upload) run side by side. */
    active: {
      type: 'parallel',
      onDone: { target: 'ready' },
      states: {
        geometry: {
          initial: 'start',
          states: {
            start: { always: [{ guard: 'hasAnalysis', target: 'done' }, { target: 'importing' }] },
            importing: {
              entry: assign({ importProgress: 0 }),
              invoke: { src: 'importGeometry', input: ({ context }) => ({ file: context.file }) },
              on: {
                'import.progress': { actions: assign({ importProgress: ({ event }) => (event.fraction === null ? null : clamp(event.fraction)) }) },
                'import.done': { target: 'imported', actions: assign({ analysis: ({ event }) => event.analysis, importProgress: null }) },
                // No preview; the server's analysis still says what the file is.
                'import.failed': { target: 'done', actions: assign({ importError: ({ event }) => event.message, importProgress: null }) },
              },
            },
            /** Read before the checks answered (they usually answer first): told once they passed. */
            imported: {
              always: {
                guard: 'isChecked',
                target: 'done',
                actions: sendParent(({ context }): UploadReport => ({ type: 'upload.analysed', partId: context.id, analysis: context.analysis! })),
              },
            },
            done: { type: 'final' },
          },
        },
        transfer: {
          initial: 'start',
          states: {
            start: {
              always: [{ guard: 'isStored', target: 'stored' }, { guard: 'isChecked', target: 'checked' }, { target: 'checking' }],
            },
            checking: {
              invoke: {
                src: 'checkFile',
                input: ({ context }) => ({ file: context.file, slotsLeft: context.slotsLeft }),
                onDone: {
                  target: 'checked',
                  actions: [assign({ checked: true }), sendParent(({ context }): UploadReport => ({ type: 'upload.checked', partId: context.id }))],
                },
                onError: {
                  target: '#upload.failed',
                  // A check that failed without a message leaves `error` null: the screen says the file cannot be used.
                  // The import stops with it, and what it may have read is not kept for a refused file.
                  actions: [
                    assign(({ event }) => ({ error: event.error instanceof Error ? event.error.message : null, failedAt: 'checking' as const, analysis: null, importProgress: null })),
                    'reportFailure',
                  ],
                },
              },
            },
            checked: { always: [{ guard: 'hasProject', target: 'uploading' }, { target: 'waitingForProject' }] },
            /** The geometry is read meanwhile; the upload starts as soon as the project exists. */
            waitingForProject: { always: { guard: 'hasProject', target: 'uploading' } },
            uploading: {
              entry: assign({ progress: 0, error: null, failedAt: null, lostConnection: false }),
              invoke: { src: 'uploadFile', input: ({ context }) => ({ file: context.file, projectId: context.projectId ?? '' }) },
              on: {
                'upload.progress': { actions: assign({ progress: ({ event }) => clamp(event.fraction) }) },
                'upload.done': {
                  target: 'stored',
                  actions: [
                    assign({ uploaded: ({ event }) => event.uploaded, progress: 1 }),
                    sendParent(({ context, event }): UploadReport => ({ type: 'upload.stored', partId: context.id, file: event.uploaded })),
                  ],
                },
                'upload.failed': {
                  target: '#upload.failed',
                  actions: [
                    assign(({ event }) => ({ error: event.message, failedAt: 'uploading' as const, progress: null, lostConnection: event.lostConnection === true })),
                    'reportFailure',
                  ],
                },
              },
            },
            stored: { type: 'final' },
          },
        },
      },
    },
    ready: {},
    failed: {
      on: {
        retry: [
          // A file refused by the checks stays refused: only removing it helps.
          { guard: 'failedChecking', target: 'failed' },
          { target: 'active' },
        ],
      },
    },
    removed: { type: 'final' },
  },
});

/** The state a person is told about: checking, importing, uploading, ready, failed, removed. */
export type UploadPhase = 'checking' | 'importing' | 'uploading' | 'waiting' | 'ready' | 'failed' | 'removed';

/** What is going on now: the import and the upload can both be under way (the upload is said first). */
export function uploadSteps(snapshot: { value: unknown }): UploadPhase[] {
  const value = snapshot.value;
  if (typeof value === 'string') return [value === 'active' ? 'waiting' : (value as UploadPhase)];
  const active = (value as { active?: { geometry?: string; transfer?: string } }).active ?? {};
  // The import under way beside the checks is not news until they passed.
  if (active.transfer === 'checking') return ['checking'];
  const steps: UploadPhase[] = [];
  if (active.transfer === 'uploading') steps.push('uploading');
  if (active.geometry === 'importing' || active.geometry === 'imported') steps.push('importing');
  return steps.length > 0 ? steps : ['waiting'];
}

/** The one step that sums the file up (for the part's details). */
export function uploadPhase(snapshot: { value: unknown }): UploadPhase {
  return uploadSteps(snapshot)[0]!;
}

function clamp(fraction: number): number {
  return Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
}

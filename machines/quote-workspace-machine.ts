import { assign, enqueueActions, fromCallback, fromPromise, setup, stopChild, type ActorRefFrom, type AnyEventObject } from 'xstate';
import type { AssemblyQuantity, Cart, CartItemsInput, FileSplit, Project, QuoteFile, QuoteReview } from '#domain/api/quote';
import type { ProcessSlug } from '#domain/catalogue/types';
import type { Finding } from '#domain/geometry/findings';
import type { PartMetrics } from '#domain/geometry/metrics';
import { MAX_FILES_PER_UPLOAD } from '#domain/catalogue/limits';
import { applyBulkChange, type BulkChange } from '#domain/rules/bulk-edit';
import { defaultConfiguration, type PartConfiguration } from '#domain/rules/quote-configuration';
import { quoteConfiguratorMachine } from './quote-configurator-machine';
import { partName, partRow } from './quote-parts';
import { uploadMachine, type FileAnalysis, type UploadReport } from './upload-machine';

/**
 * The quote page's state (ADR 008): the project and its parts, each part with the actors it
 * needs, spawned here: an upload machine for a file dropped in this visit, a configurator once
 * the part has a size (from the browser's import or the server's analysis, whichever comes
 * first). The project is created on the first drop, opened from its id, and its manufacturing
 * service changed here (every part is then configured for it by the server, ADR 100). Pure: the
 * calls arrive as injected actors (`createProject`, `openProject`, `changeProcess`,
 * `loadPreview`, and the children's own).
 */

export type UploadActor = ActorRefFrom<typeof uploadMachine>;
export type ConfiguratorActor = ActorRefFrom<typeof quoteConfiguratorMachine>;

export interface WorkspacePart {
  id: string;
  fileName: string;
  upload: UploadActor | null;
  configurator: ConfiguratorActor | null;
  /** The server's record of the file (its id, analysis and saved configuration). */
  serverFile: QuoteFile | null;
  /** The browser's own import: the mesh of the 3D preview and the first price. */
  analysis: FileAnalysis | null;
  /** A reopened part's preview, read again from the stored file. */
  preview: 'none' | 'loading' | 'ready' | 'unavailable';
}

export type WorkspaceError =
  | { kind: 'create'; reason: string }
  /** The project could not be read; `signIn`: only a signed-in owner may (the sign-in dialog is asked for). */
  | { kind: 'open'; signIn: boolean }
  | { kind: 'process'; reason: string }
  /** Splitting a part's file, or keeping it whole, failed (the server's words): shown with its notice. */
  | { kind: 'split'; partId: string; reason: string }
  /** Adding the priced parts to the cart failed (the server's words). */
  | { kind: 'cart'; reason: string }
  /** Setting how many of an assembly failed (the server's words), for that assembly. */
  | { kind: 'assembly'; assemblyId: string; reason: string }
  /** Sending a part for review failed (the server's words), for that part. */
  | { kind: 'review'; partId: string; reason: string };

/** Why a part kept its configuration when a change was made to several (words: the rules' own, or the feature's by kind). */
export type BulkKeptReason = { kind: 'not-ready' } | { kind: 'rule'; message: string };

/** What a change to several parts did (issue 34 item 2): said once, in one summary. */
export interface BulkResult {
  change: BulkChange;
  changed: number;
  kept: { id: string; name: string; reason: BulkKeptReason }[];
  seq: number;
}

/** What adding every priced part to the cart did: how many went in, and which priced or unpriced parts did not. */
export interface CartResult {
  added: number;
  skipped: { id: string; name: string; reason: 'needs-colour' | 'unpriced' }[];
  seq: number;
}

/**
 * What `openProject` throws when the project is an account's and the visitor is signed out (a 401):
 * the page asks the visitor to sign in rather than saying the quote could not be read.
 */
export class SignInRequiredError extends Error {
  constructor() {
    super('sign in required');
    this.name = 'SignInRequiredError';
  }
}

/** Something the page announces politely (role status); the words are the feature's. */
export type Announcement =
  | { kind: 'failed' | 'process-changed'; name: string; seq: number }
  /** A file is on the server: the page says so, with its part's price, lead time and ship date once known. */
  | { kind: 'uploaded'; name: string; partId: string; seq: number }
  /** A file of several bodies became `count` parts. */
  | { kind: 'split'; name: string; count: number; seq: number }
  /** An assembly's number changed: its parts' quantities followed. */
  | { kind: 'assembly'; name: string; count: number; seq: number }
  /** A part was sent for manual review. */
  | { kind: 'review'; name: string; seq: number };

export interface WorkspaceInput {
  /** The service the visitor came for (the technology query), until a project says otherwise. */
  process?: ProcessSlug;
  /** Epoch ms now: what configurators count lead times from. */
  now: () => number;
}

export interface WorkspaceContext {
  project: Project | null;
  process: ProcessSlug;
  parts: WorkspacePart[];
  selectedId: string | null;
  error: WorkspaceError | null;
  announcement: Announcement | null;
  /** The part whose configurator heading takes the focus when it opens (the first file of a drop). */
  focusPartId: string | null;
  now: () => number;
  /** The first file that passed its checks before the project existed: the name the project takes. */
  firstFileName: string | null;
  /** The part whose file is being split or kept whole, or was last (ADR 131). */
  assemblyPartId: string | null;
  /** Parts ticked in the parts table for a change to several at once (issue 34 item 2). */
  checkedIds: string[];
  /** The last change made to several parts. */
  bulkResult: BulkResult | null;
  /** The last time every priced part was added to the cart. */
  cartResult: CartResult | null;
  /** What is being added to the cart now (kept while the call runs, so its answer is said for what was sent). */
  cartPlan: ReturnType<typeof cartPlan> | null;
  /** The assembly whose number is being set, or was last (its error is shown with it). */
  pendingAssemblyId: string | null;
  /** The part being sent for review, or last sent (its error is shown with it). */
  reviewPartId: string | null;
  /**
   * Whether a reopened part's preview may be read again from its stored file (ADR 263): not before
   * the visitor's first input on a project's page, whose first load would otherwise fetch the file,
   * the 3D viewer and the workers at once.
   */
  previewsWanted: boolean;
}

export type WorkspaceEvent =
  | { type: 'files.added'; files: readonly File[] }
  | { type: 'project.open'; projectId: string }
  | { type: 'process.chosen'; process: ProcessSlug }
  /** A part chosen (its file's button, a row of the parts table); `focus`: its configurator heading takes the focus. */
  | { type: 'part.selected'; id: string; focus?: boolean }
  | { type: 'part.removed'; id: string }
  /** The server read the file again (units confirmed or corrected). */
  | { type: 'part.serverFile'; id: string; file: QuoteFile }
  /**
   * The server's measuring of a file settled: a queued analysis `done` or `failed` (ADR 115), or a
   * large file's walls and holes (ADR 145). From `followAnalysis`.
   */
  | { type: 'part.analysed'; id: string; file: QuoteFile }
  | { type: 'project.renamed'; project: Project }
  /** Split the part's file of several bodies into its parts (ADR 131). */
  | { type: 'part.split'; id: string }
  /** Keep the part's file of several bodies as one part: the offer goes. */
  | { type: 'part.keepWhole'; id: string }
  | { type: 'focus.done' }
  /** The parts ticked in the parts table. */
  | { type: 'parts.checked'; ids: readonly string[] }
  /** One change to every ticked part: each takes it where it is valid, the others keep theirs and say why. */
  | { type: 'parts.bulkEdit'; change: BulkChange }
  /** Every priced part that can be ordered goes to the cart in one call. */
  | { type: 'parts.addToCart' }
  /** How many of an assembly (ADR 162): its parts' quantities follow, on the server. */
  | { type: 'assembly.quantity'; assemblyId: string; quantity: number }
  /** Sends a part for manual review (ADR 163) with a note and attachments, in the configuration on screen. */
  | { type: 'part.reviewRequested'; id: string; note: string; files: readonly File[] }
  /** The visitor used the page (or asked for the 3D view): reopened parts' previews may be read (ADR 263). */
  | { type: 'previews.wanted' }
  /** From the preview reader of a reopened part. */
  | { type: 'preview.loaded'; id: string; analysis: FileAnalysis }
  | { type: 'preview.failed'; id: string }
  /** Internal: a file passed its checks, a project is needed. */
  | { type: 'project.needed' }
  | UploadReport;

let sequence = 0;
const nextPartId = () => `part-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

function withPart(context: WorkspaceContext, id: string, change: (part: WorkspacePart) => WorkspacePart): WorkspacePart[] {
  return context.parts.map((p) => (p.id === id ? change(p) : p));
}

/**
 * What tells a part's running configurator that the server has measured its file: save against
 * it, priced from the server's metrics. Null when there is no configurator yet (start one), or the
 * file is not measured (`analysing`, `failed`, or unreadable).
 */
function serverReady(context: WorkspaceContext, id: string, file: QuoteFile) {
  const configurator = context.parts.find((p) => p.id === id)?.configurator;
  if (!configurator || !file.metrics || file.analysis !== 'done' || !context.project) return null;
  return {
    configurator,
    event: {
      type: 'server.ready' as const,
      target: { projectId: context.project.id, fileId: file.id },
      metrics: file.metrics,
      geometryFindings: file.findings,
      // What the server stored and priced with its analysis (its service's defaults, ADR 257).
      saved: file.configuration && file.quote ? { configuration: file.configuration, quote: file.quote } : null,
    },
  };
}

function metricsOf(part: WorkspacePart): { metrics: PartMetrics; findings: readonly Finding[] } | null {
  if (part.serverFile?.metrics) return { metrics: part.serverFile.metrics, findings: part.serverFile.findings };
  if (part.analysis?.metrics) return { metrics: part.analysis.metrics, findings: part.analysis.findings };
  return null;
}

export const quoteWorkspaceMachine = setup({
  types: {
    input: {} as WorkspaceInput,
    context: {} as WorkspaceContext,
    events: {} as WorkspaceEvent,
  },
  actors: {
    upload: uploadMachine,
    configurator: quoteConfiguratorMachine,
    /** Creates the project (a visitor gets a temporary token first). */
    createProject: fromPromise<Project, { name: string; process: ProcessSlug }>(async () => {
      throw new Error('createProject is not provided');
    }),
    /** Reads a project and its files. */
    openProject: fromPromise<{ project: Project; files: QuoteFile[] }, { projectId: string }>(async () => {
      throw new Error('openProject is not provided');
    }),
    /** Changes the project's service; answers the project and its files as the server configured them. */
    changeProcess: fromPromise<{ project: Project; files: QuoteFile[] }, { projectId: string; process: ProcessSlug }>(async () => {
      throw new Error('changeProcess is not provided');
    }),
    /** Splits a stored file of several bodies into its parts; answers the new files (ADR 131). */
    splitFile: fromPromise<FileSplit, { projectId: string; fileId: string }>(async () => {
      throw new Error('splitFile is not provided');
    }),
    /** Sends a part for review; answers the review (ADR 163). */
    requestReview: fromPromise<QuoteReview, { projectId: string; fileId: string; note: string; configuration: PartConfiguration; files: readonly File[] }>(async () => {
      throw new Error('requestReview is not provided');
    }),
    /** Sets how many of an assembly; answers its parts, configured and priced with their new quantities (ADR 162). */
    setAssemblyQuantity: fromPromise<AssemblyQuantity, { projectId: string; assemblyId: string; quantity: number }>(async () => {
      throw new Error('setAssemblyQuantity is not provided');
    }),
    /** Adds parts to the cart, each with its configuration, in one call (all or none). */
    addToCart: fromPromise<Cart, CartItemsInput>(async () => {
      throw new Error('addToCart is not provided');
    }),
    /** Keeps a stored file of several bodies as one part; answers the file. */
    keepWhole: fromPromise<QuoteFile, { projectId: string; fileId: string }>(async () => {
      throw new Error('keepWhole is not provided');
    }),
    /**
     * Asks after a file the server is still measuring (the job queue's analysis, ADR 115; a large
     * file's walls and holes, ADR 145) until it settles; sends `part.analysed` with the settled file.
     */
    followAnalysis: fromCallback<AnyEventObject, { projectId: string; partId: string; file: QuoteFile }>(() => {
      throw new Error('followAnalysis is not provided');
    }),
    /** Reads a stored file again for its 3D preview; sends preview.loaded or preview.failed. */
    loadPreview: fromCallback<AnyEventObject, { projectId: string; file: QuoteFile }>(() => {
      throw new Error('loadPreview is not provided');
    }),
  },
  actions: {
    /** Starts the part's configurator once it has a size, priced from what is known of it. */
    startConfigurator: enqueueActions(({ context, enqueue }, params: { id: string }) => {
      enqueue.assign({
        parts: ({ context: c, spawn }) =>
          withPart(c, params.id, (part) => {
            if (part.configurator) return part;
            const known = metricsOf(part);
            if (!known) return part;
            const file = part.serverFile;
            // A file the server is still analysing (or could not) takes no configuration yet.
            const target = file && file.analysis === 'done' && c.project ? { projectId: c.project.id, fileId: file.id } : null;
            const saved = file?.configuration && file.configuration.process === c.process ? file.configuration : null;
            const configurator = spawn('configurator', {
              id: `configurator-${part.id}`,
              input: {
                metrics: known.metrics,
                geometryFindings: known.findings,
                configuration: saved,
                process: c.process,
                orderedAt: c.now(),
                target,
                serverQuote: saved ? (file?.quote ?? null) : null,
              },
            });
            return { ...part, configurator };
          }),
      });
      void context;
    }),
    /**
     * A part whose stored file the server is still measuring follows it until it settles: the job
     * queue's analysis (ADR 115), or a large file's walls and holes (ADR 145).
     */
    followIfAnalysing: enqueueActions(({ context, enqueue }, params: { id: string; file: QuoteFile }) => {
      if ((params.file.analysis !== 'analysing' && params.file.checks !== 'pending') || !context.project) return;
      enqueue.spawnChild('followAnalysis', { id: `follow-${params.id}`, input: { projectId: context.project.id, partId: params.id, file: params.file } });
    }),
    /** A reopened part shows its preview again, read from the stored file when it is first looked at once previews are wanted (ADR 263). */
    loadPreviewIfNeeded: enqueueActions(({ context, enqueue }) => {
      const part = context.parts.find((p) => p.id === context.selectedId);
      if (!part || !context.project || !context.previewsWanted || !needsPreview(part)) return;
      enqueue.assign({ parts: ({ context: c }) => withPart(c, part.id, (p) => ({ ...p, preview: 'loading' })) });
      enqueue.spawnChild('loadPreview', { id: `preview-${part.id}`, input: { projectId: context.project.id, file: part.serverFile! } });
    }),
  },
  guards: {
    hasProject: ({ context }) => context.project !== null,
    /** The part's stored file has several bodies (an offer to split or keep whole stands). */
    isAssembly: ({ context, event }) => {
      const part = context.parts.find((p) => p.id === (event as { id?: string }).id);
      return !!part?.serverFile?.summary?.assembly && context.project !== null;
    },
  },
}).createMachine({
  id: 'quoteWorkspace',
  context: ({ input }) => ({
    project: null,
    process: input.process ?? '3d-printing',
    parts: [],
    selectedId: null,
    error: null,
    announcement: null,
    focusPartId: null,
    now: input.now,
    firstFileName: null,
    assemblyPartId: null,
    checkedIds: [],
    bulkResult: null,
    cartResult: null,
    cartPlan: null,
    pendingAssemblyId: null,
    reviewPartId: null,
    previewsWanted: false,
  }),
  on: {
    'files.added': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        if (event.files.length === 0) return;
        const added = event.files.map((file) => ({ id: nextPartId(), file }));
        const slotsBefore = MAX_FILES_PER_UPLOAD - context.parts.filter((p) => p.upload || p.serverFile).length;
        enqueue.assign({
          parts: ({ context: c, spawn }) => [
            ...c.parts,
            ...added.map(({ id, file }, i): WorkspacePart => ({
              id,
              fileName: file.name,
              upload: spawn('upload', { id: `upload-${id}`, input: { id, file, projectId: c.project?.id ?? null, slotsLeft: slotsBefore - i } }),
              configurator: null,
              serverFile: null,
              analysis: null,
              preview: 'none',
            })),
          ],
          selectedId: added[0]!.id,
          focusPartId: added[0]!.id,
        });
      }),
    },
    // A project is created for the first file that passes its checks, named after it: a file refused
    // (a .txt, too large) leaves no empty project behind.
    'upload.checked': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const part = context.parts.find((p) => p.id === event.partId);
        if (!part) return;
        enqueue.assign({ firstFileName: ({ context: c }) => c.firstFileName ?? part.fileName });
        enqueue.raise({ type: 'project.needed' });
      }),
    },
    'part.selected': {
      actions: [
        assign({ selectedId: ({ event }) => event.id, focusPartId: ({ context, event }) => (event.focus ? event.id : context.focusPartId) }),
        'loadPreviewIfNeeded',
      ],
    },
    'previews.wanted': {
      guard: ({ context }) => !context.previewsWanted,
      actions: [assign({ previewsWanted: true }), 'loadPreviewIfNeeded'],
    },
    'preview.loaded': {
      actions: assign({ parts: ({ context, event }) => withPart(context, event.id, (p) => ({ ...p, analysis: event.analysis, preview: 'ready' })) }),
    },
    'preview.failed': { actions: assign({ parts: ({ context, event }) => withPart(context, event.id, (p) => ({ ...p, preview: 'unavailable' })) }) },
    'part.removed': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const part = context.parts.find((p) => p.id === event.id);
        if (!part) return;
        if (part.upload) enqueue.sendTo(part.upload, { type: 'remove' });
        if (part.upload) enqueue(stopChild(part.upload));
        if (part.configurator) enqueue(stopChild(part.configurator));
        enqueue(stopChild(`follow-${part.id}`));
        enqueue.assign({
          parts: ({ context: c }) => c.parts.filter((p) => p.id !== event.id),
          selectedId: ({ context: c }) => (c.selectedId === event.id ? (c.parts.find((p) => p.id !== event.id)?.id ?? null) : c.selectedId),
          checkedIds: ({ context: c }) => c.checkedIds.filter((id) => id !== event.id),
        });
      }),
    },
    'upload.analysed': {
      actions: [
        assign({ parts: ({ context, event }) => withPart(context, event.partId, (p) => ({ ...p, analysis: event.analysis, preview: 'ready' })) }),
        { type: 'startConfigurator', params: ({ event }) => ({ id: event.partId }) },
      ],
    },
    'upload.stored': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const file = event.file as unknown as QuoteFile;
        const part = context.parts.find((p) => p.id === event.partId);
        if (!part) return;
        enqueue.assign({
          parts: ({ context: c }) => withPart(c, event.partId, (p) => ({ ...p, serverFile: file })),
          announcement: ({ context: c }) => ({ kind: 'uploaded', name: part.fileName, partId: part.id, seq: (c.announcement?.seq ?? 0) + 1 }),
        });
        // With the job queue the file is stored before it is measured: the part follows it, and
        // the configurator keeps the browser's price until the server's arrives (ADR 115).
        if (file.analysis === 'analysing') {
          enqueue({ type: 'startConfigurator', params: { id: event.partId } });
          enqueue({ type: 'followIfAnalysing', params: { id: event.partId, file } });
        } else {
          const ready = serverReady(context, event.partId, file);
          if (ready) enqueue.sendTo(ready.configurator, ready.event);
          else enqueue({ type: 'startConfigurator', params: { id: event.partId } });
          // A large file's walls and holes follow its price (ADR 145).
          enqueue({ type: 'followIfAnalysing', params: { id: event.partId, file } });
        }
      }),
    },
    'part.analysed': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const part = context.parts.find((p) => p.id === event.id);
        if (!part) return;
        enqueue.assign({ parts: ({ context: c }) => withPart(c, event.id, (p) => ({ ...p, serverFile: event.file })) });
        // Only the walls and holes were left (ADR 145): the configurator takes their findings, and
        // its saved price stands (they add warnings, never a price).
        if (part.serverFile?.analysis === 'done' && part.configurator && event.file.metrics) {
          enqueue.sendTo(part.configurator, { type: 'server.checked', metrics: event.file.metrics, geometryFindings: event.file.findings });
          return;
        }
        const ready = serverReady(context, event.id, event.file);
        if (ready) enqueue.sendTo(ready.configurator, ready.event);
        else enqueue({ type: 'startConfigurator', params: { id: event.id } });
      }),
    },
    'upload.failed': {
      actions: assign({
        announcement: ({ context, event }) => ({
          kind: 'failed',
          name: context.parts.find((p) => p.id === event.partId)?.fileName ?? '',
          seq: (context.announcement?.seq ?? 0) + 1,
        }),
      }),
    },
    'part.serverFile': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const part = context.parts.find((p) => p.id === event.id);
        if (!part) return;
        enqueue.assign({ parts: ({ context: c }) => withPart(c, event.id, (p) => ({ ...p, serverFile: event.file })) });
        if (part.configurator && event.file.metrics) {
          enqueue.sendTo(part.configurator, { type: 'metrics.changed', metrics: event.file.metrics, geometryFindings: event.file.findings });
        }
      }),
    },
    'project.renamed': { actions: assign({ project: ({ event }) => event.project }) },
    'focus.done': { actions: assign({ focusPartId: null }) },
    'parts.checked': { actions: assign({ checkedIds: ({ context, event }) => event.ids.filter((id) => context.parts.some((p) => p.id === id)) }) },
    'parts.bulkEdit': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const kept: BulkResult['kept'] = [];
        let changed = 0;
        for (const id of context.checkedIds) {
          const part = context.parts.find((p) => p.id === id);
          if (!part) continue;
          const name = partName(part.fileName, part.serverFile?.splitFrom).name;
          const snapshot = part.configurator?.getSnapshot();
          if (!part.configurator || !snapshot) {
            kept.push({ id, name, reason: { kind: 'not-ready' } });
            continue;
          }
          const { configuration, metrics, geometryFindings, orderedAt } = snapshot.context;
          const outcome = applyBulkChange({ configuration, metrics, geometryFindings }, event.change, orderedAt);
          if (!outcome.ok) {
            kept.push({ id, name, reason: { kind: 'rule', message: outcome.reason } });
            continue;
          }
          changed += 1;
          if (outcome.configuration !== configuration) enqueue.sendTo(part.configurator, { type: 'configuration.set', configuration: outcome.configuration });
        }
        enqueue.assign({ bulkResult: ({ context: c }) => ({ change: event.change, changed, kept, seq: (c.bulkResult?.seq ?? 0) + 1 }) });
      }),
    },
  },
  initial: 'empty',
  states: {
    /** No project yet: the first drop creates one, or a project id opens one. */
    empty: {
      on: {
        'project.needed': 'creating',
        'project.open': 'opening',
        'process.chosen': { actions: assign({ process: ({ event }) => event.process }) },
      },
    },
    creating: {
      invoke: {
        src: 'createProject',
        input: ({ context }) => ({ name: projectName(context.firstFileName), process: context.process }),
        onDone: {
          target: 'ready',
          actions: enqueueActions(({ context, event, enqueue }) => {
            enqueue.assign({ project: event.output, process: event.output.process, error: null });
            for (const part of context.parts) if (part.upload) enqueue.sendTo(part.upload, { type: 'project.ready', projectId: event.output.id });
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => ({ kind: 'create' as const, reason: reasonOf(event.error) }) }) },
      },
      on: {
        // Files dropped while the project is being created join it when it exists.
        'project.needed': {},
        'process.chosen': { actions: assign({ process: ({ event }) => event.process }) },
      },
    },
    opening: {
      entry: assign({ error: null }),
      invoke: {
        src: 'openProject',
        input: ({ event }) => ({ projectId: (event as { projectId: string }).projectId }),
        onDone: {
          target: 'ready',
          actions: enqueueActions(({ context, event, enqueue }) => {
            const { project, files } = event.output;
            // Files dropped while the project was opening join it.
            const dropped = context.parts.filter((p) => p.upload);
            enqueue.assign({
              project,
              process: project.process,
              parts: [
                ...files.map((file): WorkspacePart => ({ id: file.id, fileName: file.name, upload: null, configurator: null, serverFile: file, analysis: null, preview: 'none' })),
                ...dropped,
              ],
              selectedId: dropped[0]?.id ?? files[0]?.id ?? null,
            });
            for (const part of dropped) enqueue.sendTo(part.upload!, { type: 'project.ready', projectId: project.id });
            for (const file of files) enqueue({ type: 'startConfigurator', params: { id: file.id } });
            for (const file of files) enqueue({ type: 'followIfAnalysing', params: { id: file.id, file } });
            enqueue('loadPreviewIfNeeded');
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => ({ kind: 'open' as const, signIn: event.error instanceof SignInRequiredError }) }) },
      },
    },
    ready: {
      on: {
        'project.needed': {},
        'project.open': {
          guard: ({ context, event }) => context.project?.id !== event.projectId,
          target: 'opening',
          actions: enqueueActions(({ context, enqueue }) => {
            for (const part of context.parts) {
              if (part.upload) enqueue(stopChild(part.upload));
              if (part.configurator) enqueue(stopChild(part.configurator));
              enqueue(stopChild(`follow-${part.id}`));
            }
            enqueue.assign({ parts: [], project: null, selectedId: null });
          }),
        },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'process.chosen': { guard: ({ context, event }) => event.process !== context.process, target: 'changingProcess' },
            'part.split': { guard: 'isAssembly', target: 'splitting', actions: assign({ assemblyPartId: ({ event }) => event.id }) },
            'part.keepWhole': { guard: 'isAssembly', target: 'keepingWhole', actions: assign({ assemblyPartId: ({ event }) => event.id }) },
            'assembly.quantity': { target: 'settingAssembly', actions: assign({ pendingAssemblyId: ({ event }) => event.assemblyId }) },
            'part.reviewRequested': {
              guard: ({ context, event }) => !!context.parts.find((p) => p.id === event.id)?.serverFile,
              target: 'requestingReview',
              actions: assign({ reviewPartId: ({ event }) => event.id }),
            },
            'parts.addToCart': [
              { guard: ({ context }) => cartPlan(context).items.length > 0, target: 'addingToCart', actions: assign({ cartPlan: ({ context }) => cartPlan(context) }) },
              // Nothing can be ordered yet: said at once, the parts missing their colour asked for it.
              { actions: enqueueActions(({ context, enqueue }) => cartOutcome(context, cartPlan(context), enqueue)) },
            ],
          },
        },
        /** A part goes to staff for a price (ADR 163): its file then carries the pending review. */
        requestingReview: {
          entry: assign({ error: null }),
          invoke: {
            src: 'requestReview',
            input: ({ context, event }) => {
              const e = event as { id: string; note: string; files: readonly File[] };
              const part = context.parts.find((p) => p.id === e.id)!;
              const configuration = part.configurator?.getSnapshot().context.configuration ?? part.serverFile!.configuration ?? defaultConfiguration(context.process);
              return { projectId: context.project!.id, fileId: part.serverFile!.id, note: e.note, configuration, files: e.files };
            },
            onDone: {
              target: 'idle',
              actions: assign({
                parts: ({ context, event }) => context.parts.map((p) => (p.serverFile?.id === event.output.fileId ? { ...p, serverFile: { ...p.serverFile, review: event.output } } : p)),
                announcement: ({ context, event }) => ({
                  kind: 'review' as const,
                  name: context.parts.find((p) => p.serverFile?.id === event.output.fileId)?.fileName ?? '',
                  seq: (context.announcement?.seq ?? 0) + 1,
                }),
              }),
            },
            onError: { target: 'idle', actions: assign({ error: ({ event, context }) => ({ kind: 'review' as const, partId: context.reviewPartId ?? '', reason: reasonOf(event.error) }) }) },
          },
        },
        /**
         * How many of an assembly (ADR 162): the server sets each part's quantity to its count per
         * assembly times it and prices it; the parts' configurators take the server's configuration
         * as it is (nothing to save), and the change is announced.
         */
        settingAssembly: {
          entry: assign({ error: null }),
          invoke: {
            src: 'setAssemblyQuantity',
            input: ({ context, event }) => {
              const e = event as { assemblyId: string; quantity: number };
              return { projectId: context.project!.id, assemblyId: e.assemblyId, quantity: e.quantity };
            },
            onDone: {
              target: 'idle',
              actions: enqueueActions(({ context, event, enqueue }) => {
                const { assembly, list } = event.output;
                enqueue.assign({
                  parts: ({ context: c }) => c.parts.map((p) => {
                    const file = list.find((f) => f.id === p.serverFile?.id);
                    return file ? { ...p, serverFile: file } : p;
                  }),
                  announcement: ({ context: c }) => ({ kind: 'assembly', name: assembly.name, count: assembly.quantity, seq: (c.announcement?.seq ?? 0) + 1 }),
                });
                for (const part of context.parts) {
                  const file = list.find((f) => f.id === part.serverFile?.id);
                  if (part.configurator && file?.configuration) enqueue.sendTo(part.configurator, { type: 'configuration.replaced', configuration: file.configuration, serverQuote: file.quote });
                }
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({
                error: ({ event, context }) => ({ kind: 'assembly' as const, assemblyId: context.pendingAssemblyId ?? '', reason: reasonOf(event.error) }),
              }),
            },
          },
        },
        /**
         * Every priced part that can be ordered goes to the cart in one call, with the configuration
         * on screen (issue 34 item 2). A priced part still missing its colour is left out and asked
         * for it (its configurator shows the rule); the summary names what was left out.
         */
        addingToCart: {
          entry: assign({ error: null }),
          invoke: {
            src: 'addToCart',
            input: ({ context }) => ({ items: context.cartPlan?.items ?? [] }),
            onDone: { target: 'idle', actions: enqueueActions(({ context, enqueue }) => cartOutcome(context, context.cartPlan ?? { items: [], skipped: [] }, enqueue)) },
            onError: { target: 'idle', actions: assign({ cartPlan: null, error: ({ event }) => ({ kind: 'cart' as const, reason: reasonOf(event.error) }) }) },
          },
        },
        /**
         * The part's file becomes one part per kind of body (ADR 131): the new parts take its place
         * in the list, each configured and priced by the server with its quantity; the first is
         * selected and its configurator heading takes the focus; the change is announced.
         */
        splitting: {
          entry: assign({ error: null }),
          invoke: {
            src: 'splitFile',
            input: ({ context, event }) => ({ projectId: context.project!.id, fileId: partFileId(context, event) }),
            onDone: {
              target: 'idle',
              actions: enqueueActions(({ context, event, enqueue }) => {
                const { from, list } = event.output;
                const old = context.parts.find((p) => p.serverFile?.id === from);
                if (!old || list.length === 0) return;
                if (old.upload) enqueue(stopChild(old.upload));
                if (old.configurator) enqueue(stopChild(old.configurator));
                const fresh = list.map((file): WorkspacePart => ({ id: file.id, fileName: file.name, upload: null, configurator: null, serverFile: file, analysis: null, preview: 'none' }));
                enqueue.assign({
                  parts: ({ context: c }) => c.parts.flatMap((p) => (p.id === old.id ? fresh : [p])),
                  selectedId: fresh[0]!.id,
                  focusPartId: fresh[0]!.id,
                  announcement: ({ context: c }) => ({ kind: 'split', name: old.fileName, count: fresh.length, seq: (c.announcement?.seq ?? 0) + 1 }),
                });
                for (const part of fresh) enqueue({ type: 'startConfigurator', params: { id: part.id } });
                enqueue('loadPreviewIfNeeded');
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({ error: ({ event, context }) => ({ kind: 'split' as const, partId: context.assemblyPartId ?? '', reason: reasonOf(event.error) }) }),
            },
          },
        },
        keepingWhole: {
          entry: assign({ error: null }),
          invoke: {
            src: 'keepWhole',
            input: ({ context, event }) => ({ projectId: context.project!.id, fileId: partFileId(context, event) }),
            onDone: {
              target: 'idle',
              actions: assign({
                parts: ({ context, event }) => context.parts.map((p) => (p.serverFile?.id === event.output.id ? { ...p, serverFile: event.output } : p)),
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({ error: ({ event, context }) => ({ kind: 'split' as const, partId: context.assemblyPartId ?? '', reason: reasonOf(event.error) }) }),
            },
          },
        },
        changingProcess: {
          invoke: {
            src: 'changeProcess',
            input: ({ context, event }) => ({ projectId: context.project!.id, process: (event as { process: ProcessSlug }).process }),
            onDone: {
              target: 'idle',
              actions: enqueueActions(({ context, event, enqueue }) => {
                const { project, files } = event.output;
                enqueue.assign({
                  project,
                  process: project.process,
                  error: null,
                  parts: ({ context: c }) => c.parts.map((p) => {
                    const file = files.find((f) => f.id === p.serverFile?.id);
                    return file ? { ...p, serverFile: file } : p;
                  }),
                  announcement: ({ context: c }) => ({ kind: 'process-changed', name: project.process, seq: (c.announcement?.seq ?? 0) + 1 }),
                });
                for (const part of context.parts) {
                  const file = files.find((f) => f.id === part.serverFile?.id);
                  if (part.configurator && file?.configuration) {
                    enqueue.sendTo(part.configurator, { type: 'configuration.replaced', configuration: file.configuration, serverQuote: file.quote });
                  }
                }
              }),
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => ({ kind: 'process' as const, reason: reasonOf(event.error) }) }) },
          },
        },
      },
    },
    failed: {
      on: {
        'project.open': 'opening',
        'project.needed': 'creating',
        'process.chosen': { actions: assign({ process: ({ event }) => event.process }) },
      },
    },
  },
});

/**
 * What "add every priced part to the cart" sends: each priced part that can be ordered, with the
 * configuration on screen; a priced part still missing its colour, and every part without a price,
 * are left out (and named).
 */
export function cartPlan(context: Pick<WorkspaceContext, 'parts'>): { items: CartItemsInput['items']; skipped: CartResult['skipped'] } {
  const items: { fileId: string; configuration: NonNullable<CartItemsInput['items'][number]['configuration']> }[] = [];
  const skipped: CartResult['skipped'] = [];
  for (const part of context.parts) {
    const configurator = part.configurator?.getSnapshot();
    const row = partRow(part, { upload: part.upload?.getSnapshot(), configurator });
    if (row.status === 'priced' && row.orderable && configurator && part.serverFile) {
      items.push({ fileId: part.serverFile.id, configuration: configurator.context.configuration });
    } else {
      skipped.push({ id: part.id, name: row.name, reason: row.status === 'priced' && row.needsColour ? 'needs-colour' : 'unpriced' });
    }
  }
  return { items, skipped };
}

/** After a cart plan was carried out: its summary, and the parts missing their colour asked for it. */
function cartOutcome(
  context: WorkspaceContext,
  plan: ReturnType<typeof cartPlan>,
  enqueue: { assign: (values: Partial<WorkspaceContext>) => void; sendTo: (actor: ConfiguratorActor, event: { type: 'order.attempted' }) => void },
): void {
  for (const skip of plan.skipped) {
    const configurator = context.parts.find((p) => p.id === skip.id)?.configurator;
    // Ordering was attempted for it: its configurator now shows the colour's rule.
    if (skip.reason === 'needs-colour' && configurator) enqueue.sendTo(configurator, { type: 'order.attempted' });
  }
  enqueue.assign({ cartPlan: null, cartResult: { added: plan.items.length, skipped: plan.skipped, seq: (context.cartResult?.seq ?? 0) + 1 } });
}

/** The stored file of the part an event names. */
function partFileId(context: WorkspaceContext, event: AnyEventObject): string {
  return context.parts.find((p) => p.id === (event as { id?: string }).id)?.serverFile?.id ?? '';
}

/** The project is named after its first file, without the extension. */
function projectName(fileName: string | null): string {
  return (fileName ?? '').replace(/\.[^.]+$/, '').slice(0, 100);
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The parts whose preview must be read again from the stored file (a reopened project), by id. */
export function needsPreview(part: WorkspacePart): boolean {
  return part.analysis === null && part.upload === null && part.serverFile !== null && part.serverFile.status === 'kept' && part.preview === 'none';
}

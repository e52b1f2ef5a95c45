import { proxy, ref } from 'valtio';
import { createActor, fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { MAX_FILE_SIZE_BYTES, MAX_FILES_PER_UPLOAD } from '#domain/catalogue/limits';
import { PROJECT_NAME_MAX_LENGTH } from '#domain/rules/project-rules';
import type { ProcessSlug } from '#domain/catalogue/types';
import type { Project, QuoteFile } from '#domain/api/quote';
import type { Finding } from '#domain/geometry/findings';
import type { PartMetrics } from '#domain/geometry/metrics';
import type { PartConfiguration } from '#domain/rules/quote-configuration';
import { detectCadFormat } from '#domain/geometry/detect-format';
import { FILE_MESSAGES, validateQuoteFiles } from '#domain/rules/quote-file-rules';
import { errorMessage } from '#lib/api/error-message';
import { t } from '#lib/i18n/i18n';
import type { SessionActorRef } from '#machines/session-context';
import { quoteConfiguratorMachine } from '#machines/quote-configurator-machine';
import { uploadMachine, type FileAnalysis } from '#machines/upload-machine';
import { createProject, getProject, getQuoteFile, listProjectFiles, saveConfiguration, uploadQuoteFile } from './api.ts';
import { issueTemporaryTokenFor } from './temporary-token.ts';
import { analyseInWorker } from './geometry/geometry-client.ts';

export type UploadActor = ActorRefFrom<typeof uploadMachine>;
export type ConfiguratorActor = ActorRefFrom<typeof quoteConfiguratorMachine>;

export interface QuotePart {
  id: string;
  fileName: string;
  upload: UploadActor | null;
  /** Created once the server has the file (its id is what the configuration is saved against). */
  configurator: ConfiguratorActor | null;
  serverFile: QuoteFile | null;
  /** The mesh for the 3D preview (imported in the browser). */
  analysis: FileAnalysis | null;
}

export interface QuoteWorkspace {
  project: Project | null;
  /** The service the visitor came for (the technology query), until the project says otherwise. */
  process: ProcessSlug;
  projectStatus: 'none' | 'creating' | 'loading' | 'ready' | 'failed';
  /** Why the project is `failed`: it could not be created (with the call's catalogue message), or not opened. */
  projectError: { kind: 'create'; reason: string } | { kind: 'open' } | null;
  parts: QuotePart[];
  selectedId: string | null;
}

/** The quote page's state: the project and its parts, each part with its upload and configurator actors. */
export function createWorkspace(): QuoteWorkspace {
  return proxy<QuoteWorkspace>({ project: null, process: '3d-printing', projectStatus: 'none', projectError: null, parts: [], selectedId: null });
}

let sequence = 0;
const nextId = () => `part-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

/**
 * Checks what can be checked before reading the geometry, with the domain's upload rules and their
 * words (the server checks the same rules): count, size, and the type by content.
 */
export async function checkFile({ file, slotsLeft }: { file: File; slotsLeft: number }): Promise<void> {
  if (slotsLeft <= 0) throw new Error(FILE_MESSAGES.tooMany);
  // Only a file of an acceptable size is read: the size rule speaks first for the others.
  const format = file.size > 0 && file.size <= MAX_FILE_SIZE_BYTES ? await detectFormat(file) : null;
  const problem = validateQuoteFiles({ files: [{ name: file.name, sizeBytes: file.size, format }] }).errors['file.0']?.[0];
  if (problem) throw new Error(problem);
}

async function detectFormat(file: File) {
  const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
  // The head is enough for every format but binary STL, whose check needs the size: read it whole then.
  return detectCadFormat(head) ?? detectCadFormat(new Uint8Array(await file.arrayBuffer()));
}

function startUpload(ws: QuoteWorkspace, part: QuotePart, file: File, session: SessionActorRef): UploadActor {
  const actor = createActor(
    uploadMachine.provide({
      actors: {
        checkFile: fromPromise(({ input }) => checkFile(input)),
        importGeometry: fromCallback(({ sendBack, input }) => {
          const job = analyseInWorker(part.id, input.file, (fraction) => sendBack({ type: 'import.progress', fraction }));
          job.result.then(
            (report) => sendBack({ type: 'import.done', analysis: { metrics: report.metrics, findings: report.findings, mesh: report.mesh, orderable: report.orderable } }),
            (error: unknown) => sendBack({ type: 'import.failed', message: error instanceof Error ? error.message : t('quote.upload.unreadable') }),
          );
          return () => job.cancel();
        }),
        uploadFile: fromCallback(({ sendBack, input }) => {
          const handle = uploadQuoteFile(input.projectId, input.file, (fraction) => sendBack({ type: 'upload.progress', fraction }), () =>
            session.send({ type: 'api.unauthorized' }),
          );
          handle.result.then(
            (uploaded) => sendBack({ type: 'upload.done', uploaded }),
            (error: unknown) => sendBack({ type: 'upload.failed', message: error instanceof Error ? error.message : t('quote.upload.failed') }),
          );
          return () => handle.abort();
        }),
      },
    }),
    { input: { id: part.id, file, projectId: ws.project?.id ?? null, slotsLeft: MAX_FILES_PER_UPLOAD - ws.parts.length + 1 } },
  );
  // The server's file arrives after the upload (and, with the job queue, its analysis a moment
  // later); the configurator saves against it only once the server has measured it.
  let resolveUploaded: (file: QuoteFile) => void = () => {};
  let rejectUploaded: (error: Error) => void = () => {};
  const uploaded = new Promise<QuoteFile>((resolve, reject) => {
    resolveUploaded = resolve;
    rejectUploaded = reject;
  });
  uploaded.catch(() => {}); // a failed analysis is shown on the part; the save reports it too
  actor.subscribe((snapshot) => {
    const current = ws.parts.find((p) => p.id === part.id);
    if (!current) return;
    const analysis = snapshot.context.analysis;
    if (analysis && !current.analysis) {
      current.analysis = ref(analysis);
      // Price at once from the browser's own import (a preview); the server prices the same
      // configuration once the file is stored, and its price is the one that counts.
      if (analysis.metrics && !current.configurator) startConfigurator(ws, current, analysis.metrics, analysis.findings, uploaded);
    }
    if (snapshot.matches('ready') && snapshot.context.uploaded && !current.serverFile) {
      const file = snapshot.context.uploaded as unknown as QuoteFile;
      current.serverFile = ref(file);
      void whenAnalysed(ws, current, file).then((settled) => {
        if (settled.analysis === 'failed') return rejectUploaded(new Error(settled.analysisError ?? t('quote.upload.failed')));
        resolveUploaded(settled);
        if (settled.metrics) current.configurator?.send({ type: 'metrics.changed', metrics: settled.metrics, geometryFindings: settled.findings });
      });
    }
  });
  actor.start();
  return actor;
}

function attachServerFile(ws: QuoteWorkspace, part: QuotePart, file: QuoteFile): void {
  part.serverFile = ref(file);
  if (file.metrics) startConfigurator(ws, part, file.metrics, file.findings, Promise.resolve(file), file.configuration);
  else if (file.analysis === 'analysing') {
    void whenAnalysed(ws, part, file).then((settled) => {
      if (settled.metrics && !part.configurator) startConfigurator(ws, part, settled.metrics, settled.findings, Promise.resolve(settled), settled.configuration);
    });
  }
}

/** How often the quote page asks after a file the job queue is still analysing (ADR 115). */
export const ANALYSIS_POLL_MS = 1000;

/**
 * The server's file once its analysis is settled: with the job queue (ADR 115) the upload answers
 * `analysing` and a worker measures it a moment later, so the page asks again until it is `done` or
 * `failed` (and stops when the part is removed). Each answer is shown as it comes.
 */
async function whenAnalysed(ws: QuoteWorkspace, part: QuotePart, file: QuoteFile): Promise<QuoteFile> {
  let current = file;
  while (current.analysis === 'analysing') {
    await new Promise((resolve) => setTimeout(resolve, ANALYSIS_POLL_MS));
    if (!ws.parts.some((p) => p.id === part.id) || !ws.project) return current;
    try {
      current = await getQuoteFile(ws.project.id, current.id);
    } catch {
      continue; // a dropped connection: ask again
    }
    const live = ws.parts.find((p) => p.id === part.id);
    if (live) live.serverFile = ref(current);
  }
  return current;
}

function startConfigurator(
  ws: QuoteWorkspace,
  part: QuotePart,
  metrics: PartMetrics,
  findings: readonly Finding[],
  serverFile: Promise<QuoteFile>,
  saved?: PartConfiguration | null,
): void {
  const project = () => {
    if (!ws.project) throw new Error(t('error.projectCreate'));
    return ws.project;
  };
  const process = ws.project?.process ?? ws.process;
  const configurator = createActor(
    quoteConfiguratorMachine.provide({
      actors: {
        saveConfiguration: fromPromise(async ({ input }) => {
          const file = await serverFile;
          return (await saveConfiguration(project().id, file.id, input.configuration)).result;
        }),
      },
    }),
    {
      input: {
        metrics,
        geometryFindings: findings,
        orderedAt: Date.now(),
        process,
        ...(saved && saved.process === process ? { configuration: saved } : {}),
      },
    },
  );
  configurator.start();
  part.configurator = ref(configurator);
}

/**
 * Files dropped or chosen: each gets its own upload machine at once (checking and importing
 * need no project); the project is created on the first drop, also for an anonymous visitor
 * (through a temporary token), and each upload starts as soon as it exists.
 */
export async function addFiles(ws: QuoteWorkspace, files: File[], process: ProcessSlug, session: SessionActorRef): Promise<string | null> {
  if (!ws.project) ws.process = process;
  for (const file of files) {
    const part: QuotePart = { id: nextId(), fileName: file.name, upload: null, configurator: null, serverFile: null, analysis: null };
    ws.parts.push(part);
    const live = ws.parts[ws.parts.length - 1]!;
    live.upload = ref(startUpload(ws, live, file, session));
    ws.selectedId ??= live.id;
  }
  if (ws.project || ws.projectStatus === 'creating') return ws.project?.id ?? null;
  ws.projectStatus = 'creating';
  ws.projectError = null;
  try {
    await issueTemporaryTokenFor(session);
    // The project is named after its first file, without the extension.
    const name = (files[0]?.name ?? '').replace(/\.[^.]+$/, '').slice(0, PROJECT_NAME_MAX_LENGTH) || t('quote.project.defaultName');
    const project = await createProject({ name, process });
    ws.project = project;
    ws.projectStatus = 'ready';
    for (const part of ws.parts) part.upload?.send({ type: 'project.ready', projectId: project.id });
    return project.id;
  } catch (error) {
    ws.projectStatus = 'failed';
    ws.projectError = { kind: 'create', reason: errorMessage(error) };
    return null;
  }
}

/** Reopens a project after a reload: its files, with the server's analysis and the saved configurations. */
export async function openProject(ws: QuoteWorkspace, projectId: string, signal?: AbortSignal): Promise<void> {
  if (ws.project?.id === projectId) return;
  ws.projectStatus = 'loading';
  try {
    const [project, files] = await Promise.all([getProject(projectId, signal), listProjectFiles(projectId, signal)]);
    ws.project = project;
    ws.parts = [];
    for (const file of files.list) {
      ws.parts.push({ id: file.id, fileName: file.name, upload: null, configurator: null, serverFile: null, analysis: null });
      attachServerFile(ws, ws.parts[ws.parts.length - 1]!, file);
    }
    ws.selectedId = ws.parts[0]?.id ?? null;
    ws.projectStatus = 'ready';
  } catch (error) {
    if (signal?.aborted) return;
    ws.projectStatus = 'failed';
    ws.projectError = { kind: 'open' };
    void error;
  }
}

export function removePart(ws: QuoteWorkspace, id: string): void {
  const part = ws.parts.find((p) => p.id === id);
  part?.upload?.send({ type: 'remove' });
  part?.configurator?.stop();
  ws.parts = ws.parts.filter((p) => p.id !== id);
  if (ws.selectedId === id) ws.selectedId = ws.parts[0]?.id ?? null;
}

export function selectPart(ws: QuoteWorkspace, id: string): void {
  ws.selectedId = id;
}

/** The server re-read the file in the confirmed units: show its new measurements and price with them. */
export function applyServerFile(ws: QuoteWorkspace, partId: string, file: QuoteFile): void {
  const part = ws.parts.find((p) => p.id === partId);
  if (!part) return;
  part.serverFile = ref(file);
  if (file.metrics) part.configurator?.send({ type: 'metrics.changed', metrics: file.metrics, geometryFindings: file.findings });
}

export function applyProject(ws: QuoteWorkspace, project: Project): void {
  ws.project = project;
}

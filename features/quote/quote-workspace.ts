import { FetchError } from 'ofetch';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { MAX_FILE_SIZE_BYTES } from '#domain/catalogue/limits';
import type { QuoteFile } from '#domain/api/quote';
import type { ProcessSlug } from '#domain/catalogue/types';
import { FORMAT_HEAD_BYTES, detectCadFormat, needsWholeFile } from '#domain/geometry/detect-format';
import { FILE_MESSAGES } from '#domain/rules/quote-file-messages';
import { validateQuoteFiles } from '#domain/rules/quote-file-rules';
import { errorMessage } from '#lib/api/error-message';
import { UploadError } from '#lib/api/upload';
import { t } from '#lib/i18n/i18n';
import type { SessionActorRef } from '#machines/session-context';
import { quoteConfiguratorMachine } from '#machines/quote-configurator-machine';
import { SignInRequiredError, quoteWorkspaceMachine } from '#machines/quote-workspace-machine';
import { uploadMachine, type FileAnalysis } from '#machines/upload-machine';
import {
  addPartsToCart,
  createProject,
  getProject,
  getQuoteFile,
  keepQuoteFileWhole,
  listProjectFiles,
  readQuoteFileContent,
  requestReview,
  saveConfiguration,
  setAssemblyQuantity,
  splitQuoteFile,
  updateProject,
  uploadQuoteFile,
} from './api.ts';
import { issueTemporaryTokenFor } from './temporary-token.ts';
import { analyseInWorker } from './geometry/geometry-client.ts';

export type { ConfiguratorActor, UploadActor, WorkspacePart } from '#machines/quote-workspace-machine';
export type WorkspaceActor = ReturnType<typeof createQuoteWorkspace>;

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
  const head = new Uint8Array(await file.slice(0, FORMAT_HEAD_BYTES).arrayBuffer());
  // The head and the size tell every format but a ZIP package (3MF), whose entries are listed at its end.
  return needsWholeFile(head, file.size) ? detectCadFormat(new Uint8Array(await file.arrayBuffer())) : detectCadFormat(head, file.size);
}

/** How often the quote page asks after a file the job queue is still analysing (ADR 115). */
export const ANALYSIS_POLL_MS = 1000;
/** How often it asks after a large file's walls and holes, which take well under a second (ADR 145). */
export const CHECKS_POLL_MS = 400;

/** Whether the server has more to say about the file: its analysis (ADR 115) or its walls and holes (ADR 145). */
const serverStillMeasuring = (file: QuoteFile): boolean => file.analysis === 'analysing' || file.checks === 'pending';

/**
 * Asks after a file the server is still measuring (the job queue's analysis, ADR 115, or a large
 * file's walls and holes, ADR 145), every `pollMs` (`checksPollMs` when only the walls and holes
 * are left), until it is settled, then hands over the settled file. A failed read (a dropped
 * connection, a busy server) is asked again at the next tick. Answers the function that stops asking.
 */
export function followAnalysis(
  file: QuoteFile,
  read: (fileId: string) => Promise<QuoteFile>,
  onSettled: (file: QuoteFile) => void,
  pollMs = ANALYSIS_POLL_MS,
  checksPollMs = CHECKS_POLL_MS,
): () => void {
  let stopped = false;
  void (async () => {
    let current = file;
    while (serverStillMeasuring(current)) {
      await new Promise((resolve) => setTimeout(resolve, current.analysis === 'analysing' ? pollMs : Math.min(pollMs, checksPollMs)));
      if (stopped) return;
      try {
        current = await read(current.id);
      } catch {
        // asked again at the next tick
      }
      if (stopped) return;
    }
    onSettled(current);
  })();
  return () => {
    stopped = true;
  };
}

/** The browser's import in the geometry worker, as the machines' analysis. */
function analyse(id: string, file: File, onProgress: (fraction: number | null) => void) {
  const job = analyseInWorker(id, file, onProgress);
  const result = job.result.then((report): FileAnalysis => ({ metrics: report.metrics, findings: report.findings, mesh: report.mesh, orderable: report.orderable }));
  return { result, cancel: job.cancel };
}

/**
 * The quote page's workspace (ADR 008): the workspace machine with its calls provided. One per
 * tab, so it survives the move from /quote to /quote/{projectId}.
 */
export function createQuoteWorkspace(session: SessionActorRef, process: ProcessSlug = '3d-printing') {
  let jobs = 0;
  const unauthorized = () => session.send({ type: 'api.unauthorized' });
  const machine = quoteWorkspaceMachine.provide({
    actors: {
      upload: uploadMachine.provide({
        actors: {
          checkFile: fromPromise(({ input }) => checkFile(input)),
          importGeometry: fromCallback(({ sendBack, input }) => {
            const job = analyse(`import-${(jobs += 1)}`, input.file, (fraction) => sendBack({ type: 'import.progress', fraction }));
            job.result.then(
              (analysis) => sendBack({ type: 'import.done', analysis }),
              (error: unknown) => sendBack({ type: 'import.failed', message: error instanceof Error ? error.message : t('quote.upload.unreadable') }),
            );
            return () => job.cancel();
          }),
          uploadFile: fromCallback(({ sendBack, input }) => {
            const handle = uploadQuoteFile(input.projectId, input.file, (fraction) => sendBack({ type: 'upload.progress', fraction }), unauthorized);
            handle.result.then(
              (uploaded) => sendBack({ type: 'upload.done', uploaded }),
              (error: unknown) =>
                sendBack({
                  type: 'upload.failed',
                  message: error instanceof Error ? error.message : t('quote.upload.failed'),
                  lostConnection: error instanceof UploadError && (error.kind === 'network' || error.kind === 'timeout'),
                }),
            );
            return () => handle.abort();
          }),
        },
      }),
      configurator: quoteConfiguratorMachine.provide({
        actors: {
          saveConfiguration: fromPromise(async ({ input }) => (await saveConfiguration(input.target.projectId, input.target.fileId, input.configuration)).result),
        },
      }),
      createProject: fromPromise(async ({ input }) => {
        try {
          await issueTemporaryTokenFor(session);
          return await createProject({ name: input.name || t('quote.project.defaultName'), process: input.process });
        } catch (error) {
          // The catalogue's words for the page ("Unknown network error" offline), not the client's technical text.
          throw new Error(errorMessage(error));
        }
      }),
      openProject: fromPromise(async ({ input, signal }) => {
        try {
          const [project, files] = await Promise.all([getProject(input.projectId, signal), listProjectFiles(input.projectId, signal)]);
          return { project, files: files.list };
        } catch (error) {
          // A 401: the project is an account's and the visitor is signed out (or no longer signed
          // in): the sign-in dialog opens (spec section 4), and the page says why it waits.
          if (error instanceof FetchError && (error.response?.status ?? error.statusCode) === 401) {
            session.send({ type: 'signIn.required' });
            throw new SignInRequiredError();
          }
          throw error;
        }
      }),
      changeProcess: fromPromise(async ({ input }) => {
        const project = await updateProject(input.projectId, { process: input.process });
        const files = await listProjectFiles(input.projectId);
        return { project, files: files.list };
      }),
      splitFile: fromPromise(({ input }) => splitQuoteFile(input.projectId, input.fileId)),
      addToCart: fromPromise(({ input }) => addPartsToCart(input)),
      setAssemblyQuantity: fromPromise(({ input }) => setAssemblyQuantity(input.projectId, input.assemblyId, input.quantity)),
      requestReview: fromPromise(({ input }) => requestReview(input.projectId, input.fileId, input)),
      keepWhole: fromPromise(({ input }) => keepQuoteFileWhole(input.projectId, input.fileId)),
      followAnalysis: fromCallback(({ sendBack, input }) =>
        followAnalysis(input.file, (fileId) => getQuoteFile(input.projectId, fileId), (file) => sendBack({ type: 'part.analysed', id: input.partId, file })),
      ),
      loadPreview: fromCallback(({ sendBack, input }) => {
        const file: QuoteFile = input.file;
        const controller = new AbortController();
        let cancel = () => {};
        readQuoteFileContent(input.projectId, file.id, controller.signal)
          .then((bytes) => {
            const job = analyse(`preview-${file.id}`, new File([bytes], file.name), () => {});
            cancel = job.cancel;
            return job.result;
          })
          .then(
            (analysis) => sendBack({ type: 'preview.loaded', id: file.id, analysis }),
            () => !controller.signal.aborted && sendBack({ type: 'preview.failed', id: file.id }),
          );
        return () => {
          controller.abort();
          cancel();
        };
      }),
    },
  });
  return createActor(machine, { input: { process, now: () => Date.now() } }).start();
}

let workspace: WorkspaceActor | null = null;

/** The tab's workspace, made on first use. */
export function tabWorkspace(session: SessionActorRef, process: ProcessSlug): WorkspaceActor {
  workspace ??= createQuoteWorkspace(session, process);
  return workspace;
}

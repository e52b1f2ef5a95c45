/**
 * One geometry analysis thread (ADR 041): the same `analyseCadFile` the browser's upload worker
 * runs, on the spool file's bytes. OpenCascade (for STEP) is initialised once per thread.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { detectCadFormat } from '#domain/geometry/detect-format';
import { analyseImported, importCad } from '#domain/geometry/import-cad';
import type { ImportResult } from '#domain/geometry/mesh';
import type { OcctModule } from '#domain/geometry/step';
import type { AnalysisOutcome, AnalysisReply, AnalysisRequest, ChecksOutcome, SplitOutcome, WarmUpRequest } from './analysis-types.ts';
import { warmUpAnalysis } from './analysis-warm-up.ts';
import { splitIntoParts } from './split-parts.ts';
import { summarise } from './summarise.ts';

type OcctFactory = (options?: { print?: (text: string) => void; printErr?: (text: string) => void }) => Promise<OcctModule>;

const require = createRequire(import.meta.url);
const occt: Promise<OcctModule | undefined> = (require('occt-import-js') as OcctFactory)({ print: () => {}, printErr: () => {} }).catch(
  () => undefined, // STEP files then get an 'unreadable' finding from analyseCadFile
);

/** What `analyse` answers: the outcome to post now and, for a deferred file, what measures its walls and holes next. */
interface Analysed {
  outcome: AnalysisOutcome;
  measureChecks: (() => ChecksOutcome) | null;
}

/**
 * Reads and imports the file, or null when its content is no format we read. The file's bytes live
 * only inside this call: once it returns, nothing holds them while the mesh is measured (ADR 228).
 */
async function readAndImport(path: string): Promise<ImportResult | null> {
  const buffer = await fs.readFile(path);
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const format = detectCadFormat(bytes);
  if (format === null) return null;
  // Only STEP is read by OpenCascade: the other formats do not wait for a new thread's initialisation of it.
  return importCad(bytes, { occt: format === 'step' ? await occt : undefined });
}

/** Analyses the file; a mesh over `deferAbove` triangles is answered before its walls and holes (ADR 145). */
async function analyse(path: string, deferAbove: number | undefined, priceFor: AnalysisRequest['priceFor']): Promise<Analysed> {
  const started = performance.now();
  const imported = await readAndImport(path);
  if (imported === null) {
    return { outcome: { format: null, metrics: null, findings: [], orderable: false, summary: null, analysisMs: Math.round(performance.now() - started), checks: 'done' }, measureChecks: null };
  }
  const report = analyseImported(imported, { parts: true, deferWallsAndHolesAbove: deferAbove, ...(priceFor ? { manufacturing: { priceFor } } : {}) });
  const { completeChecks } = report;
  return {
    outcome: {
      format: report.format,
      metrics: report.metrics,
      findings: [...report.findings],
      orderable: report.orderable,
      summary: summarise(report),
      analysisMs: Math.round(performance.now() - started),
      checks: completeChecks ? 'pending' : 'done',
    },
    measureChecks: completeChecks
      ? () => {
          const done = completeChecks();
          return { ...done, findings: [...done.findings], summary: summarise({ ...report, ...done }) };
        }
      : null,
  };
}

async function split(path: string, mmPerUnit: number): Promise<SplitOutcome> {
  const buffer = await fs.readFile(path);
  return splitIntoParts(new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength), mmPerUnit, await occt);
}

const port = parentPort;
if (!port) throw new Error('analysis-worker.ts runs as a worker thread');
port.on('message', (message: AnalysisRequest | WarmUpRequest) => {
  if ('warmUp' in message) {
    void warmUpAnalysis().then((ms) => port.postMessage({ warmedUp: ms } satisfies AnalysisReply));
    return;
  }
  const request = message;
  const fail = (error: unknown) => port.postMessage({ id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies AnalysisReply);
  if (request.split) {
    split(request.path, request.split.mmPerUnit).then((outcome) => port.postMessage({ id: request.id, ok: true, outcome } satisfies AnalysisReply), fail);
    return;
  }
  analyse(request.path, request.deferWallsAndHolesAbove, request.priceFor).then(({ outcome, measureChecks }) => {
    port.postMessage({ id: request.id, ok: true, outcome } satisfies AnalysisReply);
    if (!measureChecks) return;
    // The walls and holes after the answer has gone: a failure of theirs is reported as none.
    let measured: ChecksOutcome | null = null;
    try {
      measured = measureChecks();
    } catch {
      measured = null;
    }
    port.postMessage({ id: request.id, ok: true, checks: measured } satisfies AnalysisReply);
  }, fail);
});
port.postMessage('ready');

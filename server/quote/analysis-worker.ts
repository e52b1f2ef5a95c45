/**
 * One geometry analysis thread (ADR 041): the same `analyseCadFile` the browser's upload worker
 * runs, on the spool file's bytes. OpenCascade (for STEP) is initialised once per thread.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { detectCadFormat } from '#domain/geometry/detect-format';
import { analyseCadFile, analysePartMesh } from '#domain/geometry/import-cad';
import { createMesh } from '#domain/geometry/mesh';
import type { OcctModule } from '#domain/geometry/step';
import { encodeBinaryStl } from '#domain/geometry/stl-write';
import type { AnalysisOutcome, AnalysisReply, AnalysisRequest, SplitOutcome, SplitPartOutcome } from './analysis-types.ts';
import { summarise } from './summarise.ts';

type OcctFactory = (options?: { print?: (text: string) => void; printErr?: (text: string) => void }) => Promise<OcctModule>;

const require = createRequire(import.meta.url);
const occt: Promise<OcctModule | undefined> = (require('occt-import-js') as OcctFactory)({ print: () => {}, printErr: () => {} }).catch(
  () => undefined, // STEP files then get an 'unreadable' finding from analyseCadFile
);

async function analyse(path: string): Promise<AnalysisOutcome> {
  const started = performance.now();
  const buffer = await fs.readFile(path);
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  if (detectCadFormat(bytes) === null) {
    return { format: null, metrics: null, findings: [], orderable: false, summary: null, analysisMs: Math.round(performance.now() - started) };
  }
  const report = await analyseCadFile(bytes, { occt: await occt, parts: true });
  return {
    format: report.format,
    metrics: report.metrics,
    findings: [...report.findings],
    orderable: report.orderable,
    summary: summarise(report),
    analysisMs: Math.round(performance.now() - started),
  };
}

/**
 * Splits the file into its parts (ADR 131): each part's mesh scaled to millimetres, measured and
 * checked as an upload is, and written as a binary STL. No parts when the file is one body.
 */
async function split(path: string, mmPerUnit: number): Promise<SplitOutcome> {
  const buffer = await fs.readFile(path);
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const report = await analyseCadFile(bytes, { occt: await occt, manufacturing: false, parts: true });
  const found = report.parts;
  if (!found || !found.split || found.bodies.length < 2) return { bodyCount: found?.bodies.length ?? 1, parts: [] };
  const parts = found.parts.map((part): SplitPartOutcome => {
    const positions = mmPerUnit === 1 ? part.mesh.positions : part.mesh.positions.map((v) => v * mmPerUnit);
    const measured = analysePartMesh(createMesh(positions, undefined, part.name));
    const mesh = measured.mesh as NonNullable<typeof measured.mesh>;
    return {
      name: part.name,
      count: part.count,
      stl: encodeBinaryStl(mesh, `${part.name} (mm)`),
      metrics: measured.metrics as NonNullable<typeof measured.metrics>,
      findings: [...measured.findings],
      orderable: measured.orderable,
      summary: summarise(measured) as NonNullable<ReturnType<typeof summarise>>,
    };
  });
  return { bodyCount: found.bodies.length, parts };
}

const port = parentPort;
if (!port) throw new Error('analysis-worker.ts runs as a worker thread');
port.on('message', (request: AnalysisRequest) => {
  (request.split ? split(request.path, request.split.mmPerUnit) : analyse(request.path)).then(
    (outcome) => port.postMessage({ id: request.id, ok: true, outcome } satisfies AnalysisReply),
    (error: unknown) => port.postMessage({ id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies AnalysisReply),
  );
});
port.postMessage('ready');

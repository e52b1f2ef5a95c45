/// <reference lib="webworker" />
/**
 * The geometry worker: reads a dropped file (with real progress), imports and measures it with the
 * same domain code the server runs, and hands the mesh back without copying (transferable).
 * OpenCascade (for STEP) is loaded only when the first STEP file arrives.
 */
import { MAX_FILE_SIZE_BYTES } from '#domain/catalogue/limits';
import { detectCadFormat } from '#domain/geometry/detect-format';
import { analyseCadFile } from '#domain/geometry/import-cad';
import type { OcctModule } from '#domain/geometry/step';
import { throttledProgress } from '#lib/throttled-progress';
import type { GeometryRequest, GeometryResponse } from './geometry-protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

let occt: Promise<OcctModule> | null = null;

function loadOcct(): Promise<OcctModule> {
  occt ??= Promise.all([import('occt-import-js'), import('occt-import-js/dist/occt-import-js.wasm?url')]).then(
    ([mod, wasm]) => {
      const factory = (mod.default ?? mod) as (options: object) => Promise<OcctModule>;
      return factory({ locateFile: () => wasm.default, print: () => {}, printErr: () => {} });
    },
  );
  return occt;
}

/** The files being read or analysed now. */
const inProgress = new Set<string>();
/** Of those, the ones no longer wanted (ADR 254): their read stops at its next chunk, and they are not analysed. */
const cancelled = new Set<string>();

/**
 * Reads the file whole, reporting the fraction read at most every PROGRESS_INTERVAL_MS (and at the
 * end); null when it was cancelled meanwhile.
 */
async function readWithProgress(id: string, file: File, onProgress: (fraction: number) => void): Promise<Uint8Array | null> {
  const bytes = new Uint8Array(file.size);
  const reader = file.stream().getReader();
  const report = throttledProgress(onProgress);
  let offset = 0;
  for (;;) {
    if (cancelled.has(id)) {
      void reader.cancel();
      return null;
    }
    const { done, value } = await reader.read();
    if (done) break;
    bytes.set(value, offset);
    offset += value.length;
    report(file.size ? offset / file.size : 1);
  }
  return offset === bytes.length ? bytes : bytes.subarray(0, offset);
}

/**
 * Above this size (about 200k triangles of binary STL) the browser measures the part, not its
 * manufacturing checks (ADR 126) nor its unit read from the holes (ADR 238): the server's analysis,
 * under way beside it, brings both.
 */
const BROWSER_MANUFACTURING_MAX_BYTES = 10 * 1024 * 1024;

function post(message: GeometryResponse, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

self.onmessage = async (event: MessageEvent<GeometryRequest>) => {
  if (event.data.type === 'cancel') {
    // A file already answered (or never asked for) has nothing to stop: its id is not kept.
    if (inProgress.has(event.data.id)) cancelled.add(event.data.id);
    return;
  }
  const { id, file } = event.data;
  // The import starts beside the upload's checks (ADR 254): a file over the size limit, which they
  // refuse, is not read into memory meanwhile (a 2 GB file would not fit in a phone's tab).
  if (file.size > MAX_FILE_SIZE_BYTES) {
    post({ type: 'failed', id, message: null });
    return;
  }
  inProgress.add(id);
  // User Timing marks for the benchmarks (scripts/bench-quote-ui.ts MARKS=1): where a drop's time goes.
  performance.mark('geometry:start');
  try {
    const bytes = await readWithProgress(id, file, (fraction) => post({ type: 'progress', id, fraction }));
    if (bytes === null) return;
    performance.mark('geometry:read');
    post({ type: 'progress', id, fraction: null });
    // A large file's walls, supports and holes (seconds at 1M triangles) and the hole search that may
    // settle an open unit (a quarter of a second) are left to the server's analysis, which the page
    // shows when it arrives: the browser's first price comes at once (ADR 126, ADR 238).
    const manufacturing = bytes.byteLength > BROWSER_MANUFACTURING_MAX_BYTES ? { manufacturing: false as const, unitsFromHoles: false } : {};
    const options = detectCadFormat(bytes) === 'step' ? { occt: await loadOcct(), ...manufacturing } : manufacturing;
    if (cancelled.has(id)) return;
    const report = await analyseCadFile(bytes, options);
    performance.mark('geometry:analysed');
    post({ type: 'done', id, report }, report.mesh ? [report.mesh.positions.buffer] : []);
  } catch (error) {
    post({ type: 'failed', id, message: error instanceof Error ? error.message : null });
  } finally {
    inProgress.delete(id);
    cancelled.delete(id);
  }
};

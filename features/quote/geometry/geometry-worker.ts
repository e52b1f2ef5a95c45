/// <reference lib="webworker" />
/**
 * The geometry worker: reads a dropped file (with real progress), imports and measures it with the
 * same domain code the server runs, and hands the mesh back without copying (transferable).
 * OpenCascade (for STEP) is loaded only when the first STEP file arrives.
 */
import { detectCadFormat } from '#domain/geometry/detect-format';
import { analyseCadFile } from '#domain/geometry/import-cad';
import type { OcctModule } from '#domain/geometry/step';
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

async function readWithProgress(file: File, onProgress: (fraction: number) => void): Promise<Uint8Array> {
  const bytes = new Uint8Array(file.size);
  const reader = file.stream().getReader();
  let offset = 0;
  let lastReported = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes.set(value, offset);
    offset += value.length;
    if (offset - lastReported > 1 << 20 || offset === file.size) {
      lastReported = offset;
      onProgress(file.size ? offset / file.size : 1);
    }
  }
  return offset === bytes.length ? bytes : bytes.subarray(0, offset);
}

function post(message: GeometryResponse, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

self.onmessage = async (event: MessageEvent<GeometryRequest>) => {
  const { id, file } = event.data;
  try {
    const bytes = await readWithProgress(file, (fraction) => post({ type: 'progress', id, fraction }));
    post({ type: 'progress', id, fraction: null });
    const options = detectCadFormat(bytes) === 'step' ? { occt: await loadOcct() } : {};
    const report = await analyseCadFile(bytes, options);
    post({ type: 'done', id, report }, report.mesh ? [report.mesh.positions.buffer] : []);
  } catch (error) {
    post({ type: 'failed', id, message: error instanceof Error ? error.message : null });
  }
};

/**
 * One thumbnail, drawn in its own thread (the import of a large STEP file takes seconds of CPU):
 * the stored file at `workerData.path` is imported with the domain's `importCad` (OpenCascade only
 * for STEP) and drawn by `rasteriseMesh`; the PNG goes back to the parent, or null when the file has
 * no mesh to draw.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { detectCadFormat } from '#domain/geometry/detect-format';
import { importCad } from '#domain/geometry/import-cad';
import type { OcctModule } from '#domain/geometry/step';
import { THUMBNAIL_SIZE, encodePng, rasteriseMesh } from './thumbnail-render.ts';

type OcctFactory = (options?: { print?: (text: string) => void; printErr?: (text: string) => void }) => Promise<OcctModule>;

async function draw(path: string): Promise<Buffer | null> {
  const buffer = await fs.readFile(path);
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const format = detectCadFormat(bytes);
  if (format === null) return null;
  const occt = format === 'step' ? await (createRequire(import.meta.url)('occt-import-js') as OcctFactory)({ print: () => {}, printErr: () => {} }) : undefined;
  const imported = await importCad(bytes, { occt });
  if (!imported.mesh || imported.mesh.triangleCount === 0) return null;
  return encodePng(rasteriseMesh(imported.mesh.positions, THUMBNAIL_SIZE), THUMBNAIL_SIZE, THUMBNAIL_SIZE);
}

const port = parentPort;
if (!port) throw new Error('thumbnail-worker.ts runs as a worker thread');
const { path } = workerData as { path: string };
draw(path).then(
  (png) => port.postMessage({ ok: true, png }),
  (error: unknown) => port.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) }),
);

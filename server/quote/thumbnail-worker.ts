/**
 * One thumbnail, drawn in its own thread (the import of a large STEP file takes seconds of CPU):
 * the stored file at `workerData.path` is imported with the domain's `importCad` (OpenCascade only
 * for STEP) and drawn by `rasteriseMesh`; the PNG goes back to the parent, or null when the file has
 * no mesh to draw. With `kind: 'stl'` the same import answers the tessellated mesh as a binary STL
 * instead (the staff's 3D view, ADR 231), or null when it has none or more than `maxTriangles`.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { detectCadFormat } from '#domain/geometry/detect-format';
import { importCad } from '#domain/geometry/import-cad';
import type { Mesh } from '#domain/geometry/mesh';
import type { OcctModule } from '#domain/geometry/step';
import { encodeBinaryStl } from '#domain/geometry/stl-write';
import { THUMBNAIL_SIZE, encodePng, rasteriseMesh } from './thumbnail-render.ts';

type OcctFactory = (options?: { print?: (text: string) => void; printErr?: (text: string) => void }) => Promise<OcctModule>;

/** What the thread is asked: the picture (PNG), or the mesh as a binary STL of at most `maxTriangles`. */
export type ThumbnailJob = { path: string; kind?: 'png' } | { path: string; kind: 'stl'; maxTriangles: number };

async function meshOf(path: string): Promise<Mesh | null> {
  const buffer = await fs.readFile(path);
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const format = detectCadFormat(bytes);
  if (format === null) return null;
  const occt = format === 'step' ? await (createRequire(import.meta.url)('occt-import-js') as OcctFactory)({ print: () => {}, printErr: () => {} }) : undefined;
  const imported = await importCad(bytes, { occt });
  return imported.mesh && imported.mesh.triangleCount > 0 ? imported.mesh : null;
}

/** The job's answer: the bytes, or null (nothing to draw; for `stl`, also a mesh over the bound). */
async function run(job: ThumbnailJob): Promise<Uint8Array | null> {
  const mesh = await meshOf(job.path);
  if (!mesh) return null;
  if (job.kind === 'stl') return mesh.triangleCount > job.maxTriangles ? null : encodeBinaryStl(mesh, 'tessellated part');
  return encodePng(rasteriseMesh(mesh.positions, THUMBNAIL_SIZE), THUMBNAIL_SIZE, THUMBNAIL_SIZE);
}

const port = parentPort;
if (!port) throw new Error('thumbnail-worker.ts runs as a worker thread');
run(workerData as ThumbnailJob).then(
  (bytes) => port.postMessage({ ok: true, png: bytes }),
  (error: unknown) => port.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) }),
);

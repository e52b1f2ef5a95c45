/**
 * A new analysis thread's warm-up (ADR 256): the geometry engine run on a small generated part
 * before the thread takes its first file, so that V8 has compiled the engine's loops by then.
 *
 * A thread is new on a fresh server and after every large file (ADR 228 replaces it to give its
 * memory back), and a new thread runs the engine's code unoptimised at first: the next 1M-triangle
 * upload's analysis paid for that on the upload's own clock. The warm-up pays it while the thread
 * waits (a fresh server's first thread is started as its first upload's bytes arrive, ADR 041).
 */
import { analyseImported, importCad } from '#domain/geometry/import-cad';

/**
 * A torus of `u × v × 2` triangles (a ring with a hole through it, curved every way: the weld, the
 * topology, the hole search, the ray hierarchy, the orientation search and the walls all have work)
 * as a binary STL, the format of most large uploads.
 */
export function warmUpStl(u = 96, v = 48): Uint8Array {
  const ring = (i: number, j: number): [number, number, number] => {
    const a = (2 * Math.PI * (i % u)) / u;
    const b = (2 * Math.PI * (j % v)) / v;
    const r = 30 + 10 * Math.cos(b);
    return [r * Math.cos(a), r * Math.sin(a), 10 * Math.sin(b)];
  };
  const count = u * v * 2;
  const bytes = new Uint8Array(84 + 50 * count);
  const view = new DataView(bytes.buffer);
  view.setUint32(80, count, true);
  let t = 0;
  const put = (corners: [number, number, number][]) => {
    const at = 84 + 50 * t++ + 12; // the facet's normal (12 bytes) is left zero: readers recompute it
    corners.forEach((corner, k) => corner.forEach((value, axis) => view.setFloat32(at + 12 * k + 4 * axis, value, true)));
  };
  for (let i = 0; i < u; i++) {
    for (let j = 0; j < v; j++) {
      put([ring(i, j), ring(i + 1, j), ring(i + 1, j + 1)]);
      put([ring(i, j), ring(i + 1, j + 1), ring(i, j + 1)]);
    }
  }
  return bytes;
}

/**
 * Runs the analysis as an upload runs it, for each service whose price reads different measures
 * (printing: supports; machining: holes and set-ups), its deferred walls and holes included;
 * `rounds` times (once is enough: a second round gained nothing measurable). Answers the
 * milliseconds it took. Never throws: a warm-up that fails leaves a thread as it was.
 */
export async function warmUpAnalysis(rounds = 1): Promise<number> {
  const started = performance.now();
  try {
    const bytes = warmUpStl();
    for (let round = 0; round < rounds; round++) {
      for (const priceFor of ['3d-printing', 'cnc'] as const) {
        const report = analyseImported(await importCad(bytes), { parts: true, deferWallsAndHolesAbove: 0, manufacturing: { priceFor } });
        report.completeChecks?.();
      }
    }
  } catch {
    // Only a warm-up.
  }
  return performance.now() - started;
}

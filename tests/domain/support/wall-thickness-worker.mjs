// A worker thread that measures a cup's walls with the domain code (the ray hierarchy inside a
// worker, as in the server's analysis pool): registers tsx itself, like server/quote/analysis-worker-boot.mjs.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { analyseWallThickness } = await import('../../../domain/geometry/wall-thickness.ts');
const { createMesh } = await import('../../../domain/geometry/mesh.ts');
const { cup } = await import('./solids.ts');
const result = analyseWallThickness(createMesh(cup(20, 30, 0.6, 2)), { minWallMm: 1 });
parentPort.postMessage({ minThicknessMm: result.minThicknessMm, regions: result.thinRegions.length });

import type { ProcessSlug } from '#domain/catalogue/types';
import type { Mesh } from '#domain/geometry/mesh';
import type { ModelMaps } from '#domain/geometry/model-maps';
import type { MapsRequest, MapsResponse } from './maps-protocol.ts';

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (maps: ModelMaps) => void; reject: (error: Error) => void }>();

function getWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./maps-worker.ts', import.meta.url), { type: 'module', name: 'maps' });
    worker.onmessage = (event: MessageEvent<MapsResponse>) => {
      const job = waiting.get(event.data.id);
      if (!job) return;
      waiting.delete(event.data.id);
      if (event.data.type === 'done') job.resolve(event.data.maps);
      else job.reject(new Error(event.data.message ?? 'maps'));
    };
    worker.onerror = () => {
      for (const job of waiting.values()) job.reject(new Error('maps'));
      waiting.clear();
      worker?.terminate();
      worker = null;
    };
  }
  return worker;
}

/**
 * The part's maps, measured in a worker of their own (ADR 178) from a copy of the mesh the page
 * shows (in its file's units, `mmPerUnit` millimetres each).
 */
export function measureMaps(mesh: Mesh, mmPerUnit: number, process: ProcessSlug): Promise<ModelMaps> {
  return new Promise<ModelMaps>((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve, reject });
    const positions = mesh.positions.slice(0, mesh.triangleCount * 9);
    getWorker().postMessage({ type: 'measure', id, positions, bodies: mesh.bodies, faces: mesh.faces ?? null, chordToleranceMm: mesh.chordToleranceMm ?? null, mmPerUnit, process } satisfies MapsRequest, [positions.buffer]);
  });
}

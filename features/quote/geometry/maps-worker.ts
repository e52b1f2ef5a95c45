/// <reference lib="webworker" />
/**
 * The maps worker (ADR 178): measures the wall-thickness and tool-access maps of the part the page
 * shows, with the domain's own functions, off the page's thread; started at the first map asked for.
 */
import { createMesh } from '#domain/geometry/mesh';
import { measureModelMaps } from '#domain/geometry/model-maps';
import type { MapsRequest, MapsResponse } from './maps-protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<MapsRequest>) => {
  const { id, positions, bodies, faces, chordToleranceMm, mmPerUnit, process } = event.data;
  try {
    const mesh = { ...createMesh(positions, bodies), ...(faces ? { faces } : {}), ...(chordToleranceMm ? { chordToleranceMm } : {}) };
    const maps = measureModelMaps(mesh, { mmPerUnit, process });
    const transfer: Transferable[] = [];
    if (maps.wall) transfer.push(maps.wall.thicknessMm.buffer);
    if (maps.access) transfer.push(maps.access.setupOfFacet.buffer);
    self.postMessage({ type: 'done', id, maps } satisfies MapsResponse, transfer);
  } catch (error) {
    self.postMessage({ type: 'failed', id, message: error instanceof Error ? error.message : null } satisfies MapsResponse);
  }
};

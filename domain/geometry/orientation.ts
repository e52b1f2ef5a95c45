/**
 * Orientation repair (docs/decisions/071-orientation-repair.md). Exporters often write some
 * facets of a closed surface the wrong way round; read as is, the volume comes out wrong (a cube
 * with half its facets reversed measures 0). The repair:
 *
 * 1. walks each patch of facets joined by manifold edges (breadth first over the edge adjacency)
 *    and reverses the facets that disagree with the one it started from; a closed patch is then
 *    turned so that it encloses a positive volume, an open one keeps the way most of its facets
 *    faced. A patch that cannot be made consistent (a Möbius-like band: the walk comes back to a
 *    facet with the other orientation) is left as it is, and stays an error;
 * 2. turns every closed shell to face away from the material: outwards for an outer surface,
 *    inwards for the surface of a hollow (a shell inside an odd number of others, see nesting.ts).
 *
 * Reversing a facet swaps its corners 1 and 2, which negates its cross product exactly, so the
 * repaired volume is exact: the cube with reversed facets measures its side cubed again.
 */
import type { Vec3 } from './metrics';
import { TriangleList } from './findings';
import { listShellTriangles, nestShells, type Nesting } from './nesting';
import { pairHalfEdges, type Topology } from './topology';

export interface OrientationInput {
  /** Corner positions, nine numbers a triangle. */
  readonly positions: Float32Array;
  readonly vertexIds: Uint32Array;
  readonly vertexCount: number;
  readonly topology: Topology;
  /** Per shell: signed enclosed volume as read, any unit (only signs and sizes are compared). */
  readonly shellVolumes: Float64Array;
  /** Per shell: min x, y, z, max x, y, z. */
  readonly shellBoxes: Float64Array;
  /** Per shell: the file's body it belongs to, when bodies were welded apart (a solid is never another's hollow). */
  readonly shellGroups?: Int32Array;
  /** The point volumes are measured from (the bounding-box centre). */
  readonly centre: Vec3;
}

export interface OrientationRepair {
  /** The positions with every reversed triangle's corners 1 and 2 swapped: a new array, or the input when none was reversed. */
  readonly positions: Float32Array;
  /** The vertex ids to match (the weld does not change). */
  readonly vertexIds: Uint32Array;
  /** The reversed triangles (first MAX_FINDING_TRIANGLES, and the count). */
  readonly flipped: TriangleList;
  /** How the closed shells nest (null when fewer than two shells are closed, so none nests). */
  readonly nesting: Nesting | null;
}

/** Reverses the facets that face the wrong way; returns the input arrays when all face right. */
export function repairOrientation(input: OrientationInput): OrientationRepair {
  const { topology, positions, vertexIds } = input;
  const triangleCount = topology.shellOfTriangle.length;
  let reversed: Uint8Array | null = null;
  let volumes = input.shellVolumes;
  let unorientable: Uint8Array = new Uint8Array(topology.shellCount);
  if (topology.misorientedEdgeCount > 0) {
    reversed = new Uint8Array(triangleCount);
    unorientable = orientPatches(input, reversed);
    volumes = shellVolumes(input, reversed);
  }
  const { turn, nesting } = shellsToTurn(input, volumes, unorientable, reversed);
  if (turn) {
    reversed ??= new Uint8Array(triangleCount);
    const shellOf = topology.shellOfTriangle;
    for (let t = 0; t < triangleCount; t++) if (turn[shellOf[t] as number] === 1) reversed[t] = (reversed[t] as number) ^ 1;
  }
  const flipped = new TriangleList();
  if (reversed) for (let t = 0; t < triangleCount; t++) if (reversed[t] === 1) flipped.add(t);
  if (flipped.count === 0) return { positions, vertexIds, flipped, nesting };
  return { ...applyReversal(positions, vertexIds, reversed as Uint8Array), flipped, nesting };
}

/**
 * Step 1: one breadth-first walk per patch. Returns, per shell, 1 when one of its patches could
 * not be oriented (it is then left exactly as read).
 */
function orientPatches(input: OrientationInput, reversed: Uint8Array): Uint8Array {
  const { vertexIds, vertexCount, topology, positions, centre } = input;
  const triangleCount = reversed.length;
  // The census's pairing of this weld (topology.ts), else paired here.
  const twin = topology.twins?.length === triangleCount * 3 ? topology.twins : pairHalfEdges(vertexIds, vertexCount, triangleCount);
  const seen = new Uint8Array(triangleCount);
  const queue = new Int32Array(triangleCount);
  const unorientable = new Uint8Array(topology.shellCount);
  let tail = 0;
  for (let first = 0; first < triangleCount; first++) {
    if (seen[first] === 1) continue;
    const head = tail;
    seen[first] = 1;
    queue[tail++] = first;
    let conflict = false;
    let open = false;
    let volume = 0;
    for (let q = head; q < tail; q++) {
      const t = queue[q] as number;
      const r = reversed[t] as number;
      const term = signedVolumeTerm(positions, t, centre);
      volume += r === 1 ? -term : term;
      for (let k = 0; k < 3; k++) {
        const h = t * 3 + k;
        const other = twin[h] as number;
        if (other < 0) {
          open = true;
          continue;
        }
        const n = (other / 3) | 0;
        // Consistent neighbours run along the shared edge in opposite directions.
        const sameDirection = vertexIds[h] === vertexIds[other];
        const want = sameDirection ? r ^ 1 : r;
        if (seen[n] === 0) {
          seen[n] = 1;
          reversed[n] = want;
          queue[tail++] = n;
        } else if (reversed[n] !== want) {
          conflict = true;
        }
      }
    }
    settlePatch(queue, head, tail, reversed, conflict, open, volume);
    if (conflict) unorientable[topology.shellOfTriangle[first] as number] = 1;
  }
  return unorientable;
}

/** A walked patch: left as read if it conflicts, else turned outwards (closed) or to its majority (open). */
function settlePatch(queue: Int32Array, head: number, tail: number, reversed: Uint8Array, conflict: boolean, open: boolean, volume: number): void {
  let reversedCount = 0;
  for (let q = head; q < tail; q++) reversedCount += reversed[queue[q] as number] as number;
  const size = tail - head;
  const invert = conflict ? false : open ? reversedCount * 2 > size : volume < 0;
  for (let q = head; q < tail; q++) {
    const t = queue[q] as number;
    if (conflict) reversed[t] = 0;
    else if (invert) reversed[t] = (reversed[t] as number) ^ 1;
  }
}

/** Six times the signed volume of the tetrahedron (centre, a, b, c) of triangle t. */
function signedVolumeTerm(positions: Float32Array, t: number, centre: Vec3): number {
  const i = t * 9;
  const [cx, cy, cz] = centre;
  const ax = (positions[i] as number) - cx, ay = (positions[i + 1] as number) - cy, az = (positions[i + 2] as number) - cz;
  const bx = (positions[i + 3] as number) - cx, by = (positions[i + 4] as number) - cy, bz = (positions[i + 5] as number) - cz;
  const qx = (positions[i + 6] as number) - cx, qy = (positions[i + 7] as number) - cy, qz = (positions[i + 8] as number) - cz;
  return ax * (by * qz - bz * qy) - ay * (bx * qz - bz * qx) + az * (bx * qy - by * qx);
}

/** Shell volumes (six times, from the centre) with the reversals of step 1. */
function shellVolumes(input: OrientationInput, reversed: Uint8Array): Float64Array {
  const volumes = new Float64Array(input.topology.shellCount);
  const shellOf = input.topology.shellOfTriangle;
  for (let t = 0; t < reversed.length; t++) {
    const term = signedVolumeTerm(input.positions, t, input.centre);
    const s = shellOf[t] as number;
    volumes[s] = (volumes[s] as number) + (reversed[t] === 1 ? -term : term);
  }
  return volumes;
}

/**
 * Step 2: per shell, 1 when the whole shell must be turned: a closed shell facing inwards that
 * is not a hollow, or a hollow facing outwards (`turn` is null when no shell needs turning).
 */
function shellsToTurn(
  input: OrientationInput,
  volumes: Float64Array,
  unorientable: Uint8Array,
  reversed: Uint8Array | null,
): { turn: Uint8Array | null; nesting: Nesting | null } {
  const { topology } = input;
  const count = topology.shellCount;
  const closed = new Uint8Array(count);
  let closedCount = 0;
  for (let s = 0; s < count; s++) {
    if (topology.shellIsOpen[s] === 0 && unorientable[s] === 0) {
      closed[s] = 1;
      closedCount++;
    }
  }
  let nesting: Nesting | null = null;
  if (closedCount > 1) {
    nesting = nestShells({
      positions: input.positions,
      shells: listShellTriangles(topology.shellOfTriangle, count),
      shellCount: count,
      boxes: input.shellBoxes,
      volumes,
      closed,
      reversed: reversed ?? undefined,
      groups: input.shellGroups,
    });
  }
  const depth = nesting?.depth ?? null;
  let turn: Uint8Array | null = null;
  for (let s = 0; s < count; s++) {
    if (closed[s] === 0) continue;
    const hollow = depth !== null && (depth[s] as number) % 2 === 1;
    const volume = volumes[s] as number;
    if (hollow ? volume > 0 : volume < 0) {
      turn ??= new Uint8Array(count);
      turn[s] = 1;
    }
  }
  return { turn, nesting };
}

function applyReversal(positions: Float32Array, vertexIds: Uint32Array, reversed: Uint8Array): { positions: Float32Array; vertexIds: Uint32Array } {
  const outPositions = positions.slice(0, reversed.length * 9);
  const outIds = vertexIds.slice(0, reversed.length * 3);
  for (let t = 0; t < reversed.length; t++) {
    if (reversed[t] === 0) continue;
    const i = t * 9;
    for (let k = 3; k < 6; k++) {
      const swap = outPositions[i + k] as number;
      outPositions[i + k] = outPositions[i + k + 3] as number;
      outPositions[i + k + 3] = swap;
    }
    const swap = outIds[t * 3 + 1] as number;
    outIds[t * 3 + 1] = outIds[t * 3 + 2] as number;
    outIds[t * 3 + 2] = swap;
  }
  return { positions: outPositions, vertexIds: outIds };
}

/**
 * Welding: give every distinct corner position one vertex id, so that triangles that share a
 * corner share an id. Positions are compared by their exact float32 bits (with -0 read as +0):
 * STL exporters and OpenCascade write a shared corner as the same number, and an exact weld
 * never merges corners that are merely close (which would hide real gaps).
 *
 * Three passes over typed arrays, no per-vertex objects (docs/decisions/070-geometry-engine-passes.md):
 * 1. a small direct-mapped cache resolves the corners seen a moment ago (neighbouring triangles
 *    share corners: about five corners in six on a closed mesh) to that earlier corner, and lists
 *    the others with their hash;
 * 2. the listed corners are partitioned by the top bits of their hash (a counting sort), and each
 *    partition is deduplicated in a hash table small enough to stay in the processor's cache, so
 *    no lookup waits on main memory;
 * 3. one pass in corner order numbers each first appearance and copies the number to the others.
 * Vertex ids come out in order of first appearance, as a single hash table would give them.
 */

import { scratchInt32 } from './scratch';

export interface Weld {
  /** For each triangle corner (3 per triangle), its vertex id: 0, 1, 2, … in order of first appearance. */
  readonly vertexIds: Uint32Array;
  /** How many distinct corner positions the mesh has. */
  readonly vertexCount: number;
}

/** The bits of -0 read as an int32: welded as +0. */
const NEGATIVE_ZERO_BITS = -0x80000000;

/** Slots of the direct-mapped cache (x, y, z, corner + 1 per slot: 256 KB). */
const CACHE_SLOTS = 1 << 14;

/** Corners per partition in pass 2: a table of twice as many slots (8 bytes each) fits in L2. */
const PARTITION_SIZE = 4096;

/**
 * Welds one triangle soup (nine numbers a triangle). Returns each corner's vertex id and the
 * number of distinct positions; ids follow the order in which positions first appear.
 */
export function weldVertices(positions: Float32Array): Weld {
  const corners = Math.floor(positions.length / 3);
  const bits = new Int32Array(positions.buffer, positions.byteOffset, corners * 3);
  // ids[c]: first an earlier corner at the same position (or c itself), then c's vertex id.
  const ids = new Int32Array(corners);
  const listed = cachePass(bits, corners, ids);
  resolveListed(bits, ids, listed);
  // Pass 3, in place: an earlier corner already holds its vertex id when a later one reads it.
  let vertexCount = 0;
  for (let c = 0; c < corners; c++) {
    const r = ids[c] as number;
    ids[c] = r === c ? vertexCount++ : (ids[r] as number);
  }
  return { vertexIds: new Uint32Array(ids.buffer, 0, corners), vertexCount };
}

/** Corners the cache could not resolve: (hash, corner) pairs. */
interface Listed {
  entries: Int32Array<ArrayBuffer>;
  count: number;
}

/**
 * A 32-bit hash of a position's bits; pass 1 reads its low bits, pass 2 its top bits then its low
 * bits. Each coordinate is folded in after the previous ones are mixed: a sum of separately
 * multiplied coordinates (x·A ^ y·B ^ z·C) is blind to mirror images, because flipping a sign bit
 * flips only the top bit of its product, and two flips cancel. A part symmetric about the axes
 * (a torus, most turned parts) then put 4 to 8 positions on each hash (500 000 positions of the
 * 1M-triangle torus on 127 000 hashes), and every extra one cost a coordinate comparison that
 * waits on main memory.
 */
function hash(x: number, y: number, z: number): number {
  let h = Math.imul(x, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16) ^ y, 0x85ebca77);
  h = Math.imul(h ^ (h >>> 16) ^ z, 0xc2b2ae3d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h;
}

/** Pass 1: the cache. Closed meshes list about one corner in six; room grows for soups. */
function cachePass(bits: Int32Array, corners: number, ids: Int32Array): Listed {
  const cache = scratchInt32('weld.cache', CACHE_SLOTS * 4, true);
  let room = Math.min(corners, Math.max(1024, corners >>> 2));
  let entries = scratchInt32('weld.entries', room * 2);
  let count = 0;
  for (let c = 0; c < corners; c++) {
    let x = bits[c * 3] as number;
    let y = bits[c * 3 + 1] as number;
    let z = bits[c * 3 + 2] as number;
    if (x === NEGATIVE_ZERO_BITS) x = 0;
    if (y === NEGATIVE_ZERO_BITS) y = 0;
    if (z === NEGATIVE_ZERO_BITS) z = 0;
    const h = hash(x, y, z);
    const line = (h & (CACHE_SLOTS - 1)) << 2;
    if (cache[line] === x && cache[line + 1] === y && cache[line + 2] === z && cache[line + 3] !== 0) {
      ids[c] = (cache[line + 3] as number) - 1;
      continue;
    }
    ids[c] = c;
    cache[line] = x;
    cache[line + 1] = y;
    cache[line + 2] = z;
    cache[line + 3] = c + 1;
    if (count === room) {
      room = Math.min(corners, room * 2);
      entries = grow(entries, room * 2);
    }
    entries[count * 2] = h;
    entries[count * 2 + 1] = c;
    count++;
  }
  return { entries, count };
}

function grow(array: Int32Array, length: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(length);
  next.set(array);
  return next;
}

/** Pass 2: partition the listed corners by hash, then deduplicate each partition on its own. */
function resolveListed(bits: Int32Array, ids: Int32Array, listed: Listed): void {
  const { count } = listed;
  let partitionBits = 0;
  while (count >>> partitionBits > PARTITION_SIZE && partitionBits < 16) partitionBits++;
  const partitions = 1 << partitionBits;
  const start = new Int32Array(partitions + 1);
  let { entries } = listed;
  if (partitionBits === 0) {
    start[1] = count;
  } else {
    const shift = 32 - partitionBits;
    for (let i = 0; i < count; i++) {
      const p = ((entries[i * 2] as number) >>> shift) + 1;
      start[p] = (start[p] as number) + 1;
    }
    for (let p = 0; p < partitions; p++) start[p + 1] = (start[p + 1] as number) + (start[p] as number);
    entries = scatter(entries, count, start, shift);
  }
  let largest = 0;
  for (let p = 0; p < partitions; p++) largest = Math.max(largest, (start[p + 1] as number) - (start[p] as number));
  const table = scratchInt32('weld.table', tableSlots(largest) * 2, true);
  for (let p = 0; p < partitions; p++) {
    const from = start[p] as number;
    const to = start[p + 1] as number;
    const slots = tableSlots(to - from);
    dedupePartition(bits, ids, entries, from, to, table, slots - 1);
    table.fill(0, 0, slots * 2);
  }
}

function tableSlots(entries: number): number {
  let slots = 16;
  while (slots < entries * 2) slots *= 2;
  return slots;
}

/** The listed (hash, corner) pairs in partition order (stable: corner order within a partition). */
function scatter(entries: Int32Array, count: number, start: Int32Array, shift: number): Int32Array<ArrayBuffer> {
  const out = scratchInt32('weld.scatter', count * 2);
  const fill = start.slice(0, start.length - 1);
  for (let i = 0; i < count; i++) {
    const h = entries[i * 2] as number;
    const p = h >>> shift;
    const at = fill[p] as number;
    fill[p] = at + 1;
    out[at * 2] = h;
    out[at * 2 + 1] = entries[i * 2 + 1] as number;
  }
  return out;
}

/**
 * Open addressing over one partition; a slot holds (hash, first corner at that position + 1).
 * Slots are compared on the hash; the coordinates are read only when the hashes agree (the
 * same position, or a rare collision).
 */
function dedupePartition(bits: Int32Array, ids: Int32Array, entries: Int32Array, from: number, to: number, table: Int32Array, mask: number): void {
  for (let k = from; k < to; k++) {
    const h = entries[k * 2] as number;
    const c = entries[k * 2 + 1] as number;
    let slot = h & mask;
    for (;;) {
      const s = slot << 1;
      const stored = table[s + 1] as number;
      if (stored === 0) {
        table[s] = h;
        table[s + 1] = c + 1;
        break;
      }
      if (table[s] === h && samePosition(bits, stored - 1, c)) {
        ids[c] = stored - 1;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
}

/** Whether corners p and q have the same coordinates, -0 equal to +0. */
function samePosition(bits: Int32Array, p: number, q: number): boolean {
  for (let k = 0; k < 3; k++) {
    const a = bits[p * 3 + k] as number;
    const b = bits[q * 3 + k] as number;
    if (a !== b && !((a === 0 || a === NEGATIVE_ZERO_BITS) && (b === 0 || b === NEGATIVE_ZERO_BITS))) return false;
  }
  return true;
}

export interface TriangleRange {
  readonly firstTriangle: number;
  readonly triangleCount: number;
}

/**
 * Welds each body on its own: bodies of an assembly that touch (a bolt in its hole, parts
 * sharing a face) stay separate shells instead of becoming one non-manifold surface.
 * Ranges must be consecutive and cover all triangles; otherwise the mesh is welded as one.
 * Returns the corners' vertex ids numbered across bodies (body by body) and the total count.
 */
export function weldBodies(positions: Float32Array, triangleCount: number, bodies: readonly TriangleRange[]): Weld {
  if (bodies.length <= 1 || !coversConsecutively(bodies, triangleCount)) {
    return weldVertices(positions.subarray(0, triangleCount * 9));
  }
  const vertexIds = new Uint32Array(triangleCount * 3);
  let vertexCount = 0;
  for (const body of bodies) {
    const start = body.firstTriangle * 9;
    const weld = weldVertices(positions.subarray(start, start + body.triangleCount * 9));
    const offset = body.firstTriangle * 3;
    for (let k = 0; k < weld.vertexIds.length; k++) vertexIds[offset + k] = (weld.vertexIds[k] as number) + vertexCount;
    vertexCount += weld.vertexCount;
  }
  return { vertexIds, vertexCount };
}

function coversConsecutively(bodies: readonly TriangleRange[], triangleCount: number): boolean {
  let next = 0;
  for (const body of bodies) {
    if (body.firstTriangle !== next) return false;
    next += body.triangleCount;
  }
  return next === triangleCount;
}

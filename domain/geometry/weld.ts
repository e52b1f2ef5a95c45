/**
 * Welding: give every distinct corner position one vertex id, so that triangles that share a
 * corner share an id. Positions are compared by their exact float32 bits (with -0 read as +0):
 * STL exporters and OpenCascade write a shared corner as the same number, and an exact weld
 * never merges corners that are merely close (which would hide real gaps).
 * An open-addressing hash table on typed arrays keeps it to one pass and no per-vertex objects.
 */

export interface Weld {
  /** For each triangle corner (3 per triangle), its vertex id. */
  readonly vertexIds: Uint32Array;
  readonly vertexCount: number;
}

const EMPTY = -1;
const NEGATIVE_ZERO_BITS = 0x80000000;

/** Slots of the small direct-mapped cache in front of the table (x, y, z, id + 1 per slot). */
const CACHE_SLOTS = 1 << 14;

export function weldVertices(positions: Float32Array): Weld {
  const corners = Math.floor(positions.length / 3);
  const bits = new Uint32Array(positions.buffer, positions.byteOffset, corners * 3);
  const vertexIds = new Uint32Array(corners);
  // Neighbouring triangles share corners, so most lookups hit a small cache that stays in the
  // processor's cache; the big table is only probed for the rest.
  const cache = new Uint32Array(CACHE_SLOTS * 4);
  // Closed meshes have about half as many vertices as triangles: start at a load of ~1/4 and grow.
  let capacity = nextPowerOfTwo(Math.max(64, Math.ceil(corners / 3)));
  let table = new Int32Array(capacity).fill(EMPTY);
  let mask = capacity - 1;
  let unique = new Uint32Array(Math.max(3, Math.ceil(corners / 4)) * 3);
  let vertexCount = 0;

  for (let c = 0; c < corners; c++) {
    let x = bits[c * 3] as number;
    let y = bits[c * 3 + 1] as number;
    let z = bits[c * 3 + 2] as number;
    if (x === NEGATIVE_ZERO_BITS) x = 0;
    if (y === NEGATIVE_ZERO_BITS) y = 0;
    if (z === NEGATIVE_ZERO_BITS) z = 0;
    const h = hash(x, y, z);
    const line = (h & (CACHE_SLOTS - 1)) * 4;
    if (cache[line + 3] !== 0 && cache[line] === x && cache[line + 1] === y && cache[line + 2] === z) {
      vertexIds[c] = (cache[line + 3] as number) - 1;
      continue;
    }
    let slot = h & mask;
    let id: number;
    for (;;) {
      id = table[slot] as number;
      if (id === EMPTY) {
        id = vertexCount++;
        if (vertexCount * 3 > unique.length) unique = growUint32(unique);
        unique[id * 3] = x;
        unique[id * 3 + 1] = y;
        unique[id * 3 + 2] = z;
        table[slot] = id;
        if (vertexCount * 2 > capacity) {
          capacity *= 2;
          mask = capacity - 1;
          table = rehash(unique, vertexCount, capacity);
        }
        break;
      }
      if (unique[id * 3] === x && unique[id * 3 + 1] === y && unique[id * 3 + 2] === z) break;
      slot = (slot + 1) & mask;
    }
    vertexIds[c] = id;
    cache[line] = x;
    cache[line + 1] = y;
    cache[line + 2] = z;
    cache[line + 3] = id + 1;
  }
  return { vertexIds, vertexCount };
}

function hash(x: number, y: number, z: number): number {
  let h = Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca77) ^ Math.imul(z, 0xc2b2ae3d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h;
}

function rehash(unique: Uint32Array, count: number, capacity: number): Int32Array<ArrayBuffer> {
  const table = new Int32Array(capacity).fill(EMPTY);
  const mask = capacity - 1;
  for (let id = 0; id < count; id++) {
    let slot = hash(unique[id * 3] as number, unique[id * 3 + 1] as number, unique[id * 3 + 2] as number) & mask;
    while (table[slot] !== EMPTY) slot = (slot + 1) & mask;
    table[slot] = id;
  }
  return table;
}

function growUint32(array: Uint32Array): Uint32Array<ArrayBuffer> {
  const next = new Uint32Array(array.length * 2);
  next.set(array);
  return next;
}

function nextPowerOfTwo(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

export interface TriangleRange {
  readonly firstTriangle: number;
  readonly triangleCount: number;
}

/**
 * Welds each body on its own: bodies of an assembly that touch (a bolt in its hole, parts
 * sharing a face) stay separate shells instead of becoming one non-manifold surface.
 * Ranges must be consecutive and cover all triangles; otherwise the mesh is welded as one.
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

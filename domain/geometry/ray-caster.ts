/**
 * Rays against a mesh through a bounding volume hierarchy over its facets, on typed arrays
 * (docs/decisions/143-own-ray-hierarchy.md). Used by the wall thickness (wall-thickness.ts, ADR
 * 073) and the support volume (overhangs.ts, ADR 110), which cast tens of thousands of rays.
 *
 * A ray meets a facet by the same arithmetic, in the same order, as three.js's
 * `Ray.intersectTriangle` and three-mesh-bvh's `raycastFirst` (which this replaced): the distance
 * and the side met are the same numbers to the last bit, so the measures did not change. Only
 * between facets met at exactly the same distance (a ray through an edge) may another of them be
 * named.
 */

/** The first facet a ray meets. */
export interface RayHit {
  /** Distance from the ray's origin, mesh units. */
  readonly distance: number;
  /** Index of the facet in the mesh. */
  readonly triangle: number;
  /**
   * True when the ray meets the facet's front (its normal faces the ray's origin): the ray was
   * outside the material and enters it there. False: it leaves the material (it started inside).
   */
  readonly entering: boolean;
}

/** At most this many facets in a leaf (4, 8, 16 and 32 measured on a 1M-triangle analysis, ADR 143). */
const LEAF_SIZE = 16;
/** Marks a leaf in `nodes[2i + 1]` (its count in the lower bits). */
const LEAF = 0x80000000;

export class MeshRayCaster {
  /** Length of the mesh's bounding-box diagonal, mesh units. */
  readonly diagonal: number;
  private readonly positions: Float32Array;
  /** Facet indices in leaf order. */
  private readonly order: Uint32Array;
  /** Per node: min x, y, z then max x, y, z (padded outward, so rounding never loses a facet). */
  private readonly bounds: Float64Array;
  /** Per node: [second child, split axis] for a branch (first child follows it), [offset, LEAF | count] for a leaf. */
  private readonly nodes: Uint32Array;
  private readonly stack: Uint32Array;

  /** Builds the hierarchy over the first `triangleCount` facets of `positions` (no copy). */
  constructor(positions: Float32Array, triangleCount = positions.length / 9) {
    this.positions = positions;
    const n = triangleCount;
    const built = build(positions, n);
    this.order = built.order;
    this.bounds = built.bounds;
    this.nodes = built.nodes;
    this.stack = new Uint32Array(built.depth + 2);
    this.diagonal = built.diagonal;
  }

  /** The first facet met from (ox, oy, oz) along the unit direction (dx, dy, dz), or null. */
  castFirst(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number): RayHit | null {
    const { positions: p, order, bounds, nodes, stack } = this;
    if (order.length === 0) return null;
    // The watertight test's projection (three.js's `Ray.intersectTriangle`): the direction's
    // largest axis kz; kx and ky swap when it is negative along kz, which keeps the winding.
    const adx = Math.abs(dx), ady = Math.abs(dy), adz = Math.abs(dz);
    let kx: number, ky: number, kz: number;
    if (adx >= ady && adx >= adz) [kz, kx, ky] = dx >= 0 ? [0, 1, 2] : [0, 2, 1];
    else if (ady >= adz) [kz, kx, ky] = dy >= 0 ? [1, 2, 0] : [1, 0, 2];
    else [kz, kx, ky] = dz >= 0 ? [2, 0, 1] : [2, 1, 0];
    const d = [dx, dy, dz], o = [ox, oy, oz];
    const dkz = d[kz]!;
    if (dkz === 0) return null;
    const sx = d[kx]! / dkz, sy = d[ky]! / dkz, sz = 1 / dkz;
    const okx = o[kx]!, oky = o[ky]!, okz = o[kz]!;
    const ix = 1 / dx, iy = 1 / dy, iz = 1 / dz;
    let best = Infinity;
    let bestTriangle = -1;
    let sp = 0;
    stack[sp++] = 0;
    while (sp > 0) {
      const node = stack[--sp]!;
      // The ray against the node's box (slabs); NaN (a ray in a box's face) counts as a meeting.
      const b = node * 6;
      let t0 = ((ix >= 0 ? bounds[b]! : bounds[b + 3]!) - ox) * ix;
      let t1 = ((ix >= 0 ? bounds[b + 3]! : bounds[b]!) - ox) * ix;
      const y0 = ((iy >= 0 ? bounds[b + 1]! : bounds[b + 4]!) - oy) * iy;
      const y1 = ((iy >= 0 ? bounds[b + 4]! : bounds[b + 1]!) - oy) * iy;
      if (t0 > y1 || y0 > t1) continue;
      if (y0 > t0 || t0 !== t0) t0 = y0;
      if (y1 < t1 || t1 !== t1) t1 = y1;
      const z0 = ((iz >= 0 ? bounds[b + 2]! : bounds[b + 5]!) - oz) * iz;
      const z1 = ((iz >= 0 ? bounds[b + 5]! : bounds[b + 2]!) - oz) * iz;
      if (t0 > z1 || z0 > t1) continue;
      if (z0 > t0 || t0 !== t0) t0 = z0;
      if (z1 < t1 || t1 !== t1) t1 = z1;
      if (t1 < 0 || t0 > best) continue;
      const info = nodes[node * 2 + 1]!;
      if (info & LEAF) {
        const start = nodes[node * 2]!;
        const end = start + (info & ~LEAF);
        for (let k = start; k < end; k++) {
          const t = order[k]!;
          const i = t * 9;
          // three.js's watertight `Ray.intersectTriangle(a, b, c, false)`, operation for operation.
          const akx = p[i + kx]! - okx, aky = p[i + ky]! - oky, akz = p[i + kz]! - okz;
          const bkx = p[i + 3 + kx]! - okx, bky = p[i + 3 + ky]! - oky, bkz = p[i + 3 + kz]! - okz;
          const ckx = p[i + 6 + kx]! - okx, cky = p[i + 6 + ky]! - oky, ckz = p[i + 6 + kz]! - okz;
          const ax = akx - sx * akz, ay = aky - sy * akz;
          const bx = bkx - sx * bkz, by = bky - sy * bkz;
          const cx = ckx - sx * ckz, cy = cky - sy * ckz;
          const u = cx * by - cy * bx;
          const v = ax * cy - ay * cx;
          const w = bx * ay - by * ax;
          if ((u < 0 || v < 0 || w < 0) && (u > 0 || v > 0 || w > 0)) continue;
          const det = u + v + w;
          if (det === 0) continue;
          const tScaled = sz * (u * akz + v * bkz + w * ckz);
          if (det > 0 ? tScaled < 0 : tScaled > 0) continue;
          const at = tScaled / det;
          // `origin.distanceTo(origin + direction × at)`, as three-mesh-bvh measures a hit.
          const rx = ox - (ox + dx * at), ry = oy - (oy + dy * at), rz = oz - (oz + dz * at);
          const distance = Math.sqrt(rx * rx + ry * ry + rz * rz);
          if (distance < best) {
            best = distance;
            bestTriangle = t;
          }
        }
      } else {
        // The child on the ray's side of the split first (popped first), the other after.
        const second = nodes[node * 2]!;
        const forward = d[info]! >= 0;
        stack[sp++] = forward ? second : node + 1;
        stack[sp++] = forward ? node + 1 : second;
      }
    }
    if (bestTriangle < 0) return null;
    return { distance: best, triangle: bestTriangle, entering: faces(p, bestTriangle * 9, dx, dy, dz) };
  }
}

/** Whether the facet's front faces the ray's origin: three.js's `Triangle.getNormal` · direction < 0. */
function faces(p: Float32Array, i: number, dx: number, dy: number, dz: number): boolean {
  const bx = p[i + 3]!, by = p[i + 4]!, bz = p[i + 5]!;
  const ux = p[i + 6]! - bx, uy = p[i + 7]! - by, uz = p[i + 8]! - bz;
  const vx = p[i]! - bx, vy = p[i + 1]! - by, vz = p[i + 2]! - bz;
  let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const lengthSq = nx * nx + ny * ny + nz * nz;
  if (lengthSq > 0) {
    const s = 1 / Math.sqrt(lengthSq);
    nx *= s;
    ny *= s;
    nz *= s;
  } else nx = ny = nz = 0;
  return nx * dx + ny * dy + nz * dz < 0;
}

interface Built {
  order: Uint32Array;
  bounds: Float64Array;
  nodes: Uint32Array;
  depth: number;
  /** Of the facets' bounding box, as three.js's `computeBoundingBox` then `max.distanceTo(min)`. */
  diagonal: number;
}

/** Spreads the low 10 bits of `v` to every third bit (bit k to bit 3k). */
function spread(v: number): number {
  v = (v | (v << 16)) & 0x030000ff;
  v = (v | (v << 8)) & 0x0300f00f;
  v = (v | (v << 4)) & 0x030c30c3;
  v = (v | (v << 2)) & 0x09249249;
  return v;
}

/**
 * A linear build (Morton order): the facets' centres quantised to a 1024³ grid, sorted by their
 * interleaved bits (z at bit 3k + 2, y at 3k + 1, x at 3k), then each node splits its run where
 * its highest differing bit turns on, which is the middle of its grid cell along that bit's axis;
 * runs of equal codes split in half. Nodes are laid out depth first: a branch's first child
 * follows it. The boxes are made bottom-up.
 */
function build(p: Float32Array, n: number): Built {
  const centres = new Float64Array(n * 3);
  let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (let t = 0, i = 0; t < n; t++, i += 9) {
    const x = (p[i]! + p[i + 3]! + p[i + 6]!) / 3, y = (p[i + 1]! + p[i + 4]! + p[i + 7]!) / 3, z = (p[i + 2]! + p[i + 5]! + p[i + 8]!) / 3;
    centres[t * 3] = x;
    centres[t * 3 + 1] = y;
    centres[t * 3 + 2] = z;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  const sx = maxX > minX ? 1023.999 / (maxX - minX) : 0, sy = maxY > minY ? 1023.999 / (maxY - minY) : 0, sz = maxZ > minZ ? 1023.999 / (maxZ - minZ) : 0;
  let codes = new Uint32Array(n);
  let order = new Uint32Array(n);
  for (let t = 0; t < n; t++) {
    const c = t * 3;
    codes[t] = (spread(((centres[c]! - minX) * sx) | 0) | (spread(((centres[c + 1]! - minY) * sy) | 0) << 1) | (spread(((centres[c + 2]! - minZ) * sz) | 0) << 2)) >>> 0;
    order[t] = t;
  }
  // Radix sort, 10 bits a pass, stable.
  let codesOut = new Uint32Array(n);
  let orderOut = new Uint32Array(n);
  const counts = new Uint32Array(1024);
  for (let shift = 0; shift < 30; shift += 10) {
    counts.fill(0);
    for (let k = 0; k < n; k++) counts[(codes[k]! >>> shift) & 1023]!++;
    for (let b = 0, sum = 0; b < 1024; b++) {
      const c = counts[b]!;
      counts[b] = sum;
      sum += c;
    }
    for (let k = 0; k < n; k++) {
      const at = counts[(codes[k]! >>> shift) & 1023]!++;
      codesOut[at] = codes[k]!;
      orderOut[at] = order[k]!;
    }
    [codes, codesOut] = [codesOut, codes];
    [order, orderOut] = [orderOut, order];
  }
  // Most leaves hold at least half of LEAF_SIZE: start there, grow when needed.
  let capacity = Math.max(16, Math.ceil((4 * n) / LEAF_SIZE));
  let nodes = new Uint32Array(capacity * 2);
  let count = 0;
  let depth = 0;
  // Work list, 4 numbers an entry: start, end, depth, parent whose second child it is (or -1).
  const work: number[] = [0, n, 0, -1];
  while (work.length > 0) {
    const e = work.length - 4;
    const start = work[e]!, end = work[e + 1]!, level = work[e + 2]!, parent = work[e + 3]!;
    work.length = e;
    if (count >= capacity) {
      capacity *= 2;
      const grown = new Uint32Array(capacity * 2);
      grown.set(nodes);
      nodes = grown;
    }
    const node = count++;
    if (parent >= 0) nodes[parent * 2] = node;
    if (level > depth) depth = level;
    const size = end - start;
    if (size <= LEAF_SIZE) {
      nodes[node * 2] = start;
      nodes[node * 2 + 1] = LEAF | size;
      continue;
    }
    const first = codes[start]!, last = codes[end - 1]!;
    let mid: number, axis: number;
    if (first === last) {
      mid = start + (size >> 1);
      axis = 0;
    } else {
      // The highest bit where the run's codes differ: the first code with it on starts the second half.
      const bit = 31 - Math.clz32(first ^ last);
      const mask = 1 << bit;
      let lo = start, hi = end - 1; // codes[lo] has the bit off, codes[hi] on
      while (hi - lo > 1) {
        const m = (lo + hi) >>> 1;
        if (codes[m]! & mask) hi = m;
        else lo = m;
      }
      mid = hi;
      axis = bit % 3;
    }
    nodes[node * 2 + 1] = axis;
    // The first child is taken next (so it follows its parent); the second names itself in its parent.
    work.push(mid, end, level + 1, node);
    work.push(start, mid, level + 1, -1);
  }
  nodes = nodes.subarray(0, count * 2);
  // Boxes bottom-up: a leaf's from its facets, a branch's around its children's (which come after it).
  const bounds = new Float64Array(count * 6);
  let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
  for (let node = count - 1; node >= 0; node--) {
    const b = node * 6;
    const info = nodes[node * 2 + 1]!;
    if (info & LEAF) {
      let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
      for (let k = nodes[node * 2]!, last = k + (info & ~LEAF); k < last; k++) {
        const i = order[k]! * 9;
        for (let v = i; v < i + 9; v += 3) {
          const x = p[v]!, y = p[v + 1]!, z = p[v + 2]!;
          if (x < minX) minX = x;
          if (x > maxX) maxX = x;
          if (y < minY) minY = y;
          if (y > maxY) maxY = y;
          if (z < minZ) minZ = z;
          if (z > maxZ) maxZ = z;
        }
      }
      if (minX < x0) x0 = minX;
      if (minY < y0) y0 = minY;
      if (minZ < z0) z0 = minZ;
      if (maxX > x1) x1 = maxX;
      if (maxY > y1) y1 = maxY;
      if (maxZ > z1) z1 = maxZ;
      // Padded outward, so no rounding of the slab test can miss a facet on the box's face.
      const pad = 1e-6 * Math.max(maxX - minX, maxY - minY, maxZ - minZ, Math.abs(minX), Math.abs(minY), Math.abs(minZ), Math.abs(maxX), Math.abs(maxY), Math.abs(maxZ));
      bounds[b] = minX - pad;
      bounds[b + 1] = minY - pad;
      bounds[b + 2] = minZ - pad;
      bounds[b + 3] = maxX + pad;
      bounds[b + 4] = maxY + pad;
      bounds[b + 5] = maxZ + pad;
    } else {
      const l = (node + 1) * 6, r = nodes[node * 2]! * 6;
      for (let a = 0; a < 3; a++) {
        bounds[b + a] = Math.min(bounds[l + a]!, bounds[r + a]!);
        bounds[b + 3 + a] = Math.max(bounds[l + 3 + a]!, bounds[r + 3 + a]!);
      }
    }
  }
  const dx = x1 - x0, dy = y1 - y0, dz = z1 - z0;
  return { order, bounds, nodes, depth, diagonal: n > 0 ? Math.sqrt(dx * dx + dy * dy + dz * dz) : 0 };
}

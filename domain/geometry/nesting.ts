/**
 * Which closed shells lie inside which: a hollow's inner surface is inside the outer surface of
 * its body, a ball in a hollow sphere is inside both. Decided with the generalized winding number
 * (the solid angle a closed surface subtends at a point, divided by 4π: ±1 inside, 0 outside),
 * which needs no ray and has no special cases at edges or vertices. A shell counts as inside
 * another when all six of its extreme vertices (lowest and highest in x, y and z) are: two
 * bodies that merely intersect have some vertex outside.
 */

/** Triangles of each shell, as one list (a counting sort of triangles by shell). */
export interface ShellTriangles {
  /** Triangles of shell s: `triangles[start[s]] … triangles[start[s + 1] - 1]`, in mesh order. */
  readonly start: Int32Array;
  readonly triangles: Int32Array;
}

/** Lists the triangles of every shell from each triangle's shell index. */
export function listShellTriangles(shellOfTriangle: Int32Array, shellCount: number): ShellTriangles {
  const start = new Int32Array(shellCount + 1);
  for (let t = 0; t < shellOfTriangle.length; t++) {
    const s = (shellOfTriangle[t] as number) + 1;
    start[s] = (start[s] as number) + 1;
  }
  for (let s = 0; s < shellCount; s++) start[s + 1] = (start[s + 1] as number) + (start[s] as number);
  const fill = start.slice(0, shellCount);
  const triangles = new Int32Array(shellOfTriangle.length);
  for (let t = 0; t < shellOfTriangle.length; t++) {
    const s = shellOfTriangle[t] as number;
    const at = fill[s] as number;
    fill[s] = at + 1;
    triangles[at] = t;
  }
  return { start, triangles };
}

/**
 * The generalized winding number of point (px, py, pz) with respect to the triangles
 * `list[from] … list[to - 1]` (Van Oosterom and Strackee's solid angle of each triangle): about +1
 * inside an outward closed surface, −1 inside an inward one, 0 outside. `reversed[t] = 1` counts
 * triangle t as if its winding were reversed (a repair not yet applied).
 */
export function windingNumber(
  positions: Float32Array,
  list: Int32Array,
  from: number,
  to: number,
  px: number,
  py: number,
  pz: number,
  reversed?: Uint8Array,
): number {
  let total = 0;
  for (let k = from; k < to; k++) {
    const t = list[k] as number;
    const i = t * 9;
    const ax = (positions[i] as number) - px, ay = (positions[i + 1] as number) - py, az = (positions[i + 2] as number) - pz;
    const bx = (positions[i + 3] as number) - px, by = (positions[i + 4] as number) - py, bz = (positions[i + 5] as number) - pz;
    const cx = (positions[i + 6] as number) - px, cy = (positions[i + 7] as number) - py, cz = (positions[i + 8] as number) - pz;
    const la = Math.sqrt(ax * ax + ay * ay + az * az);
    const lb = Math.sqrt(bx * bx + by * by + bz * bz);
    const lc = Math.sqrt(cx * cx + cy * cy + cz * cz);
    const det = ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
    const div = la * lb * lc + (ax * bx + ay * by + az * bz) * lc + (ax * cx + ay * cy + az * cz) * lb + (bx * cx + by * cy + bz * cz) * la;
    const angle = 2 * Math.atan2(det, div);
    total += reversed && reversed[t] === 1 ? -angle : angle;
  }
  return total / (4 * Math.PI);
}

/** What `nestShells` needs to know of each shell. */
export interface NestingInput {
  readonly positions: Float32Array;
  readonly shells: ShellTriangles;
  readonly shellCount: number;
  /** Per shell: min x, y, z, max x, y, z. */
  readonly boxes: Float64Array;
  /** Per shell: its enclosed volume (any sign; only the size is compared), mm³. */
  readonly volumes: Float64Array;
  /** Per shell: 1 when it is closed and consistently oriented, so it can contain others. */
  readonly closed: Uint8Array;
  readonly reversed?: Uint8Array;
  /** Per shell: a group (the file's body); a shell is only nested in shells of its own group. */
  readonly groups?: Int32Array;
}

export interface Nesting {
  /** Per shell: the smallest closed shell it lies inside, or -1. */
  readonly parent: Int32Array;
  /** Per shell: how many closed shells it lies inside (odd: the shell bounds a hollow). */
  readonly depth: Int32Array;
}

/** Only the largest closed shells are nested (bounded work on files of thousands of shells). */
export const MAX_NESTED_SHELLS = 2000;

/**
 * Most triangle visits spent on winding numbers per mesh (~1 s here); past it, the remaining
 * shells count as not nested (outer bodies), which is the reading without the check.
 */
export const MAX_WINDING_WORK = 30_000_000;

/**
 * Finds, for every closed shell, the closed shells around it. Candidates are pruned by volume
 * (a container is larger) and by bounding box before any winding number is computed, so a
 * single part or an assembly of bodies side by side costs next to nothing.
 */
export function nestShells(input: NestingInput): Nesting {
  const { shellCount, volumes, boxes, closed } = input;
  const parent = new Int32Array(shellCount).fill(-1);
  const depth = new Int32Array(shellCount);
  const order: number[] = [];
  for (let s = 0; s < shellCount; s++) if (closed[s] === 1) order.push(s);
  order.sort((a, b) => Math.abs(volumes[b] as number) - Math.abs(volumes[a] as number) || a - b);
  order.length = Math.min(order.length, MAX_NESTED_SHELLS);
  const work = { left: MAX_WINDING_WORK };
  for (let i = 1; i < order.length && work.left > 0; i++) {
    const inner = order[i] as number;
    let points: number[] | null = null;
    // Larger shells first, so the last container found is the smallest: the parent.
    for (let j = 0; j < i; j++) {
      const outer = order[j] as number;
      if (Math.abs(volumes[outer] as number) <= Math.abs(volumes[inner] as number) || !boxInside(boxes, inner, outer)) continue;
      if (input.groups && input.groups[outer] !== input.groups[inner]) continue;
      points ??= extremePoints(input, inner);
      if (allInside(input, outer, points, work)) {
        depth[inner] = (depth[inner] as number) + 1;
        parent[inner] = outer;
      }
    }
  }
  return { parent, depth };
}

function boxInside(boxes: Float64Array, inner: number, outer: number): boolean {
  const i = inner * 6;
  const o = outer * 6;
  for (let k = 0; k < 3; k++) {
    if ((boxes[i + k] as number) < (boxes[o + k] as number) || (boxes[i + 3 + k] as number) > (boxes[o + 3 + k] as number)) return false;
  }
  return true;
}

/** The corners of a shell with the lowest and highest x, y and z (x y z triples). */
function extremePoints(input: NestingInput, shell: number): number[] {
  const { positions, shells } = input;
  const best = new Int32Array(6).fill(-1);
  for (let k = shells.start[shell] as number; k < (shells.start[shell + 1] as number); k++) {
    const t = shells.triangles[k] as number;
    for (let corner = 0; corner < 3; corner++) {
      const i = t * 9 + corner * 3;
      for (let axis = 0; axis < 3; axis++) {
        const v = positions[i + axis] as number;
        const low = best[axis] as number;
        const high = best[axis + 3] as number;
        if (low < 0 || v < (positions[low + axis] as number)) best[axis] = i;
        if (high < 0 || v > (positions[high + axis] as number)) best[axis + 3] = i;
      }
    }
  }
  const points: number[] = [];
  for (const i of best) if (i >= 0) points.push(positions[i] as number, positions[i + 1] as number, positions[i + 2] as number);
  return points;
}

function allInside(input: NestingInput, outer: number, points: number[], work: { left: number }): boolean {
  const { positions, shells, reversed } = input;
  const from = shells.start[outer] as number;
  const to = shells.start[outer + 1] as number;
  for (let p = 0; p < points.length; p += 3) {
    work.left -= to - from;
    const w = windingNumber(positions, shells.triangles, from, to, points[p] as number, points[p + 1] as number, points[p + 2] as number, reversed);
    if (!(Math.abs(w) > 0.5)) return false;
  }
  return points.length > 0;
}

/**
 * Polygons into triangles: ear clipping in the polygon's plane, for OBJ faces of more than three
 * corners (obj.ts) and the holes the repair fills (repair.ts). A fan from the first corner is
 * right only for convex outlines; an OBJ exporter writes concave faces (an L-shaped face, a letter)
 * as one polygon.
 */

/**
 * Polygons with more corners are fanned: ear clipping is cubic at worst (a 500-corner outline is
 * about 10^8 steps at worst, a few hundred thousand when convex), and such polygons are round caps.
 */
export const MAX_CLIPPED_CORNERS = 500;

/**
 * The triangles of a planar polygon (corner positions, in order) as index triples in the
 * polygon's own turning direction: ear clipping in the plane of its Newell normal; a fan from the
 * first corner when the outline crosses itself (no ear is found).
 */
export function triangulatePolygon(points: readonly (readonly [number, number, number])[]): number[] {
  const n = points.length;
  const fan = () => Array.from({ length: Math.max(0, n - 2) * 3 }, (_, k) => (k % 3 === 0 ? 0 : Math.floor(k / 3) + (k % 3)));
  if (n < 4 || n > MAX_CLIPPED_CORNERS) return fan();
  const [nx, ny, nz] = newellNormal(points);
  // Drop the axis the normal is closest to: the projection keeps the outline's shape and turn.
  const ax = Math.abs(nx), ay = Math.abs(ny), az = Math.abs(nz);
  const [u, v] = az >= ax && az >= ay ? [0, 1] : ax >= ay ? [1, 2] : [2, 0];
  const xs = points.map((p) => p[u] as number);
  const ys = points.map((p) => p[v] as number);
  return earClip(xs, ys) ?? fan();
}

/** A polygon's Newell normal (its corners in order): twice its area along each axis, facing its turn. */
export function newellNormal(points: readonly (readonly [number, number, number])[]): [number, number, number] {
  let nx = 0, ny = 0, nz = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1, z1] = points[i] as readonly [number, number, number];
    const [x2, y2, z2] = points[(i + 1) % points.length] as readonly [number, number, number];
    nx += (y1 - y2) * (z1 + z2);
    ny += (z1 - z2) * (x1 + x2);
    nz += (x1 - x2) * (y1 + y2);
  }
  return [nx, ny, nz];
}

/**
 * Ear clipping of a simple polygon (x, y): triangles as index triples in the polygon's own turning
 * direction, or null when no ear is found (the outline crosses itself).
 */
export function earClip(xs: number[], ys: number[]): number[] | null {
  let area = 0;
  for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) area += (xs[j] as number) * (ys[i] as number) - (xs[i] as number) * (ys[j] as number);
  const sign = area >= 0 ? 1 : -1;
  const cross = (a: number, b: number, c: number) =>
    ((xs[b] as number) - (xs[a] as number)) * ((ys[c] as number) - (ys[a] as number)) - ((ys[b] as number) - (ys[a] as number)) * ((xs[c] as number) - (xs[a] as number));
  const remaining = xs.map((_, i) => i);
  const out: number[] = [];
  let guard = remaining.length * remaining.length;
  let i = 0;
  while (remaining.length > 3 && guard-- > 0) {
    const m = remaining.length;
    const a = remaining[(i + m - 1) % m] as number, b = remaining[i % m] as number, c = remaining[(i + 1) % m] as number;
    let ear = cross(a, b, c) * sign > 0;
    for (let k = 0; ear && k < m; k++) {
      const p = remaining[k] as number;
      if (p === a || p === b || p === c) continue;
      if (cross(a, b, p) * sign >= 0 && cross(b, c, p) * sign >= 0 && cross(c, a, p) * sign >= 0) ear = false;
    }
    if (ear) {
      out.push(a, b, c);
      remaining.splice(i % m, 1);
      i = Math.max(0, (i % m) - 1);
    } else {
      i = (i + 1) % m;
    }
  }
  if (remaining.length !== 3) return null;
  out.push(remaining[0] as number, remaining[1] as number, remaining[2] as number);
  return out;
}


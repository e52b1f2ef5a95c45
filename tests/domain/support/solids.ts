/**
 * Solids generated with a known volume and area, written as triangle soups and as binary or
 * ASCII STL: the independent side of the geometry tests, and the large files of the benchmark.
 * Every solid is closed, with outward (counter-clockwise) triangles, and shares corner values
 * exactly between neighbouring triangles, like a real exporter.
 */

export type Vec3 = [number, number, number];

/** Collects triangles from an indexed vertex grid so shared corners get identical floats. */
class SoupWriter {
  readonly positions: Float32Array;
  private offset = 0;

  constructor(triangleCount: number) {
    this.positions = new Float32Array(triangleCount * 9);
  }

  triangle(a: Vec3, b: Vec3, c: Vec3): void {
    this.positions.set(a, this.offset);
    this.positions.set(b, this.offset + 3);
    this.positions.set(c, this.offset + 6);
    this.offset += 9;
  }

  quad(a: Vec3, b: Vec3, c: Vec3, d: Vec3): void {
    this.triangle(a, b, c);
    this.triangle(a, c, d);
  }
}

/**
 * A cube of side `side` at `origin`, each face split into k × k squares (12 k² triangles).
 * With dyadic sizes (side a power of two, k dividing it into powers of two) every coordinate is
 * exact in float32, so the exact volume is side³ and the exact area 6 side².
 */
export function subdividedCube(side: number, k: number, origin: Vec3 = [0, 0, 0]): Float32Array {
  const w = new SoupWriter(12 * k * k);
  const step = side / k;
  const [ox, oy, oz] = origin;
  // Each face: a fixed axis and value, two running axes, oriented so the normal points out.
  const faces: { axis: 0 | 1 | 2; high: boolean }[] = [
    { axis: 0, high: false }, { axis: 0, high: true },
    { axis: 1, high: false }, { axis: 1, high: true },
    { axis: 2, high: false }, { axis: 2, high: true },
  ];
  for (const { axis, high } of faces) {
    const u = ((axis + 1) % 3) as 0 | 1 | 2;
    const v = ((axis + 2) % 3) as 0 | 1 | 2;
    const point = (i: number, j: number): Vec3 => {
      const p: Vec3 = [ox, oy, oz];
      p[axis] += high ? side : 0;
      p[u] += i * step;
      p[v] += j * step;
      return p;
    };
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < k; j++) {
        const a = point(i, j), b = point(i + 1, j), c = point(i + 1, j + 1), d = point(i, j + 1);
        if (high) w.quad(a, b, c, d);
        else w.quad(a, d, c, b);
      }
    }
  }
  return w.positions;
}

/** A right prism over a regular n-gon: volume (n/2) r² sin(2π/n) h exactly. */
export function regularPrism(n: number, r: number, h: number): Float32Array {
  const w = new SoupWriter(4 * n);
  const ring = (z: number) => Array.from({ length: n }, (_, i): Vec3 => [r * Math.cos((2 * Math.PI * i) / n), r * Math.sin((2 * Math.PI * i) / n), z]);
  const bottom = ring(0);
  const top = ring(h);
  const cb: Vec3 = [0, 0, 0];
  const ct: Vec3 = [0, 0, h];
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    w.quad(bottom[i]!, bottom[j]!, top[j]!, top[i]!);
    w.triangle(ct, top[i]!, top[j]!);
    w.triangle(cb, bottom[j]!, bottom[i]!);
  }
  return w.positions;
}

export function regularPrismVolume(n: number, r: number, h: number): number {
  return (n / 2) * r * r * Math.sin((2 * Math.PI) / n) * h;
}

/** A torus with u segments around the axis and v around the tube: 2uv triangles. */
export function torus(majorRadius: number, minorRadius: number, u: number, v: number): Float32Array {
  const grid = new Float32Array(u * v * 3);
  for (let i = 0; i < u; i++) {
    const a = (2 * Math.PI * i) / u;
    for (let j = 0; j < v; j++) {
      const b = (2 * Math.PI * j) / v;
      const ring = majorRadius + minorRadius * Math.cos(b);
      grid.set([ring * Math.cos(a), ring * Math.sin(a), minorRadius * Math.sin(b)], (i * v + j) * 3);
    }
  }
  const out = new Float32Array(u * v * 18);
  let o = 0;
  const put = (i: number, j: number) => {
    const s = ((i % u) * v + (j % v)) * 3;
    out[o++] = grid[s] as number;
    out[o++] = grid[s + 1] as number;
    out[o++] = grid[s + 2] as number;
  };
  for (let i = 0; i < u; i++) {
    for (let j = 0; j < v; j++) {
      put(i, j); put(i + 1, j); put(i + 1, j + 1);
      put(i, j); put(i + 1, j + 1); put(i, j + 1);
    }
  }
  return out;
}

/** A UV sphere (poles as triangle fans): converges to 4/3 π r³ as the segments grow. */
export function uvSphere(r: number, segments: number, rings: number): Float32Array {
  const w = new SoupWriter(2 * segments * (rings - 1));
  const point = (ring: number, s: number): Vec3 => {
    const phi = (Math.PI * ring) / rings;
    const theta = (2 * Math.PI * (s % segments)) / segments;
    if (ring === 0) return [0, 0, r];
    if (ring === rings) return [0, 0, -r];
    return [r * Math.sin(phi) * Math.cos(theta), r * Math.sin(phi) * Math.sin(theta), r * Math.cos(phi)];
  };
  for (let ring = 0; ring < rings; ring++) {
    for (let s = 0; s < segments; s++) {
      const a = point(ring, s), b = point(ring + 1, s), c = point(ring + 1, s + 1), d = point(ring, s + 1);
      if (ring === 0) w.triangle(a, b, c);
      else if (ring === rings - 1) w.triangle(a, b, d);
      else w.quad(a, b, c, d);
    }
  }
  return w.positions;
}

/** Concatenates soups (separate bodies in one file). */
export function concat(...soups: Float32Array[]): Float32Array {
  const out = new Float32Array(soups.reduce((n, s) => n + s.length, 0));
  let o = 0;
  for (const s of soups) {
    out.set(s, o);
    o += s.length;
  }
  return out;
}

/** The same soup with every triangle's winding reversed (inside-out). */
export function flipped(soup: Float32Array): Float32Array {
  const out = soup.slice();
  for (let t = 0; t < soup.length; t += 9) {
    out.set(soup.subarray(t + 3, t + 6), t + 6);
    out.set(soup.subarray(t + 6, t + 9), t + 3);
  }
  return out;
}

/** Moves every corner by an offset (done in float64, stored as float32). */
export function translated(soup: Float32Array, offset: Vec3): Float32Array {
  return soup.map((v, i) => v + offset[i % 3]!);
}

/** A binary STL: 80-byte header, count, 50 bytes a triangle (normal, corners, attribute). */
export function binaryStl(soup: Float32Array, header = 'generated'): Uint8Array {
  const count = soup.length / 9;
  const bytes = new Uint8Array(84 + 50 * count);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(header.slice(0, 80)));
  view.setUint32(80, count, true);
  for (let t = 0; t < count; t++) {
    const o = 84 + 50 * t;
    const n = normal(soup, t * 9);
    for (let k = 0; k < 3; k++) view.setFloat32(o + 4 * k, n[k]!, true);
    for (let k = 0; k < 9; k++) view.setFloat32(o + 12 + 4 * k, soup[t * 9 + k]!, true);
  }
  return bytes;
}

/** An ASCII STL with full float32 precision (9 significant digits round-trip exactly). */
export function asciiStl(soup: Float32Array, name = 'generated'): Uint8Array {
  const lines = [`solid ${name}`];
  const f = (v: number) => v.toPrecision(9);
  for (let t = 0; t < soup.length; t += 9) {
    const n = normal(soup, t);
    lines.push(`  facet normal ${n.map(f).join(' ')}`, '    outer loop');
    for (let k = 0; k < 9; k += 3) lines.push(`      vertex ${f(soup[t + k]!)} ${f(soup[t + k + 1]!)} ${f(soup[t + k + 2]!)}`);
    lines.push('    endloop', '  endfacet');
  }
  lines.push(`endsolid ${name}`);
  return new TextEncoder().encode(lines.join('\n') + '\n');
}

function normal(soup: Float32Array, i: number): Vec3 {
  const ux = soup[i + 3]! - soup[i]!, uy = soup[i + 4]! - soup[i + 1]!, uz = soup[i + 5]! - soup[i + 2]!;
  const vx = soup[i + 6]! - soup[i]!, vy = soup[i + 7]! - soup[i + 1]!, vz = soup[i + 8]! - soup[i + 2]!;
  const n: Vec3 = [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx];
  const length = Math.hypot(...n) || 1;
  return [n[0] / length, n[1] / length, n[2] / length];
}

/** A 3 × 3 rotation matrix, row by row. */
export type Matrix3 = [number, number, number, number, number, number, number, number, number];

/** The rotation by `angle` radians about a unit axis (Rodrigues' formula). */
export function rotationMatrix(axis: Vec3, angle: number): Matrix3 {
  const length = Math.hypot(...axis);
  const [x, y, z] = [axis[0] / length, axis[1] / length, axis[2] / length];
  const c = Math.cos(angle), s = Math.sin(angle), k = 1 - c;
  return [
    c + x * x * k, x * y * k - z * s, x * z * k + y * s,
    y * x * k + z * s, c + y * y * k, y * z * k - x * s,
    z * x * k - y * s, z * y * k + x * s, c + z * z * k,
  ];
}

/**
 * Every corner multiplied by a matrix (computed in float64, stored as float32): the same corner
 * value always maps to the same result, so shared corners stay shared.
 */
export function transformed(soup: Float32Array, m: Matrix3, offset: Vec3 = [0, 0, 0]): Float32Array {
  const out = new Float32Array(soup.length);
  for (let i = 0; i < soup.length; i += 3) {
    const x = soup[i]!, y = soup[i + 1]!, z = soup[i + 2]!;
    out[i] = m[0] * x + m[1] * y + m[2] * z + offset[0];
    out[i + 1] = m[3] * x + m[4] * y + m[5] * z + offset[1];
    out[i + 2] = m[6] * x + m[7] * y + m[8] * z + offset[2];
  }
  return out;
}

/** The mirror image through the plane x = 0, with the winding reversed so it still faces outwards. */
export function mirrored(soup: Float32Array): Float32Array {
  return flipped(soup.map((v, i) => (i % 3 === 0 ? -v : v)));
}

/** The same soup with the listed triangles' winding reversed (as careless exporters write them). */
export function withReversedFacets(soup: Float32Array, triangles: Iterable<number>): Float32Array {
  const out = soup.slice();
  for (const t of triangles) out.set(flipped(soup.subarray(t * 9, t * 9 + 9)), t * 9);
  return out;
}

/**
 * A Möbius band of `segments` quads (radius r, half-width w): a surface with one side, which no
 * choice of facet orientation makes consistent.
 */
export function mobiusBand(r: number, w: number, segments: number): Float32Array {
  const w2 = new SoupWriter(2 * segments);
  const point = (i: number, side: number): Vec3 => {
    const u = (2 * Math.PI * i) / segments;
    const s = side * w;
    return [(r + s * Math.cos(u / 2)) * Math.cos(u), (r + s * Math.cos(u / 2)) * Math.sin(u), s * Math.sin(u / 2)];
  };
  for (let i = 0; i < segments; i++) {
    // The last quad joins the first with the sides swapped: the half twist.
    const next = i + 1 === segments ? [point(0, 1), point(0, -1)] : [point(i + 1, -1), point(i + 1, 1)];
    w2.quad(point(i, -1), next[0]!, next[1]!, point(i, 1));
  }
  return w2.positions;
}

/** Every coordinate multiplied per axis (a unit cube becomes a box). */
export function scaled(soup: Float32Array, factors: Vec3): Float32Array {
  return soup.map((v, i) => v * factors[i % 3]!);
}

/** A box of the given sides with its lowest corner at the origin (12 triangles). */
export function box(x: number, y: number, z: number): Float32Array {
  return scaled(subdividedCube(1, 1), [x, y, z]);
}

/**
 * A solid of revolution about the z axis: the profile is a list of (radius, height) points,
 * turned in `segments` steps. An open profile runs from a point on the axis to another (a bolt:
 * bottom centre, out, up, back to the top centre); a `closed` profile is a loop away from the
 * axis (a nut or a ring). Listed anticlockwise in the (r, z) plane, the facets face outwards.
 */
export function lathe(profile: [number, number][], segments: number, closed = false): Float32Array {
  const ring = (r: number, z: number, j: number): Vec3 => {
    const a = (2 * Math.PI * (j % segments)) / segments;
    return r === 0 ? [0, 0, z] : [r * Math.cos(a), r * Math.sin(a), z];
  };
  const triangles: Vec3[][] = [];
  const steps = closed ? profile.length : profile.length - 1;
  for (let i = 0; i < steps; i++) {
    const [r0, z0] = profile[i]!;
    const [r1, z1] = profile[(i + 1) % profile.length]!;
    for (let j = 0; j < segments; j++) {
      const a = ring(r0, z0, j), b = ring(r0, z0, j + 1), c = ring(r1, z1, j + 1), d = ring(r1, z1, j);
      if (r0 === 0) triangles.push([a, c, d]);
      else if (r1 === 0) triangles.push([a, b, c]);
      else triangles.push([a, b, c], [a, c, d]);
    }
  }
  const w = new SoupWriter(triangles.length);
  for (const [a, b, c] of triangles) w.triangle(a!, b!, c!);
  return w.positions;
}

/** A bolt: a round shank and a head (radii and lengths in mm), with `segments` sides. */
export function bolt(length = 20, segments = 24, shankRadius = 3, headRadius = 5, headHeight = 4): Float32Array {
  return lathe([[0, 0], [shankRadius, 0], [shankRadius, length], [headRadius, length], [headRadius, length + headHeight], [0, length + headHeight]], segments);
}

/** A hexagonal nut: a six-sided ring with a six-sided hole. */
export function nut(outer = 5, inner = 3, height = 3): Float32Array {
  return lathe([[inner, 0], [outer, 0], [outer, height], [inner, height]], 6, true);
}

/**
 * A tetrahedron with six different edge lengths: chiral, so its mirror image is a different
 * solid that no rotation turns into it.
 */
export function irregularTetrahedron(): Float32Array {
  const p: Vec3[] = [[0, 0, 0], [4, 0, 0], [0, 3, 0], [0, 0, 2]];
  const w = new SoupWriter(4);
  w.triangle(p[0]!, p[2]!, p[1]!);
  w.triangle(p[0]!, p[1]!, p[3]!);
  w.triangle(p[0]!, p[3]!, p[2]!);
  w.triangle(p[1]!, p[2]!, p[3]!);
  return w.positions;
}

/**
 * A prism: a polygon in the xy plane (anticlockwise seen from +z) extruded from z = 0 to `depth`.
 * `caps` triangulates the polygon (indices into `outline`, anticlockwise), so caps and sides share
 * corners exactly.
 */
export function extruded(outline: [number, number][], caps: [number, number, number][], depth: number): Float32Array {
  const w = new SoupWriter(caps.length * 2 + outline.length * 2);
  const at = (i: number, z: number): Vec3 => [outline[i]![0], outline[i]![1], z];
  for (const [a, b, c] of caps) {
    w.triangle(at(a, depth), at(b, depth), at(c, depth));
    w.triangle(at(a, 0), at(c, 0), at(b, 0));
  }
  for (let i = 0; i < outline.length; i++) {
    const j = (i + 1) % outline.length;
    w.quad(at(i, 0), at(j, 0), at(j, depth), at(i, depth));
  }
  return w.positions;
}

/**
 * A cup turned about z: outer radius, height, side wall and bottom thickness (mm); each edge of
 * its profile is cut into `steps` pieces (a finer mesh of the same solid).
 */
export function cup(radius: number, height: number, wall: number, bottom: number, segments = 64, steps = 1): Float32Array {
  const corners: [number, number][] = [[0, 0], [radius, 0], [radius, height], [radius - wall, height], [radius - wall, bottom], [0, bottom]];
  const profile: [number, number][] = [];
  for (let i = 0; i + 1 < corners.length; i++) {
    const [r0, z0] = corners[i]!;
    const [r1, z1] = corners[i + 1]!;
    for (let k = 0; k < steps; k++) profile.push([r0 + ((r1 - r0) * k) / steps, z0 + ((z1 - z0) * k) / steps]);
  }
  profile.push(corners[corners.length - 1]!);
  return lathe(profile, segments);
}

/**
 * A 40 × 40 × 10 mm block with one rib on top, `rib` mm thick and 10 mm high, running the
 * block's length (extruded T-shaped section).
 */
export function blockWithRib(rib: number): Float32Array {
  const l = 20 - rib / 2, r = 20 + rib / 2;
  const outline: [number, number][] = [[0, 0], [40, 0], [40, 10], [r, 10], [r, 20], [l, 20], [l, 10], [0, 10]];
  const caps: [number, number, number][] = [[0, 1, 2], [0, 2, 3], [0, 3, 6], [0, 6, 7], [6, 3, 4], [6, 4, 5]];
  return extruded(outline, caps, 40);
}

/** A hollow ball: a sphere of radius `outer` with a spherical hollow of radius `inner`. */
export function sphereShell(outer: number, inner: number, segments = 64, rings = 32): Float32Array {
  return concat(uvSphere(outer, segments, rings), flipped(uvSphere(inner, segments, rings)));
}

/**
 * A T standing on its stem: a stem `stem` mm wide and `stemHeight` high under a bar `bar` wide
 * and `barHeight` thick, both `length` deep (along -y). The bar's undersides, (bar − stem) ×
 * length mm² at `stemHeight` above the plate, face straight down.
 */
export function tShape(stem = 10, stemHeight = 20, bar = 40, barHeight = 10, length = 40): Float32Array {
  const l = (bar - stem) / 2, r = (bar + stem) / 2, top = stemHeight + barHeight;
  // Outline in the (x, z) plane, anticlockwise: 0-1-2-7 the stem, 6-7-2-3-4-5 the bar.
  const outline: [number, number][] = [[l, 0], [r, 0], [r, stemHeight], [bar, stemHeight], [bar, top], [0, top], [0, stemHeight], [l, stemHeight]];
  const caps: [number, number, number][] = [[0, 1, 2], [0, 2, 7], [7, 2, 4], [7, 4, 5], [6, 7, 5], [2, 3, 4]];
  // Extruded along z, then turned a quarter about x (exactly: y → z, z → −y).
  return transformed(extruded(outline, caps, length), [1, 0, 0, 0, 0, -1, 0, 1, 0]);
}

/** The same soup turned half a turn about x (upside down), exactly. */
export function upsideDown(soup: Float32Array): Float32Array {
  return transformed(soup, [1, 0, 0, 0, -1, 0, 0, 0, -1]);
}

/**
 * A shelf over a base, joined by a column at the left (a "]" turned round, `length` deep along
 * −y): base 40 × 10 mm, column 10 × 20, shelf 40 × 10 on top. The shelf's underside beyond the
 * column, 30 × length mm², faces down 20 mm above the base's top: its supports stand on the part.
 */
export function shelf(length = 40): Float32Array {
  const outline: [number, number][] = [[0, 0], [40, 0], [40, 10], [10, 10], [10, 30], [40, 30], [40, 40], [0, 40]];
  const caps: [number, number, number][] = [[0, 1, 2], [0, 2, 3], [0, 3, 4], [0, 4, 7], [7, 4, 5], [7, 5, 6]];
  return transformed(extruded(outline, caps, length), [1, 0, 0, 0, 0, -1, 0, 1, 0]);
}

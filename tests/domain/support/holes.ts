/**
 * A block with drilled holes, generated with its B-rep-like faces the way a STEP reader returns
 * them (each face a run of triangles): the top and bottom faces with their openings, four sides,
 * and per hole its cylindrical walls (optionally split in two halves along a seam, as OpenCascade
 * often does), the shoulders between stepped diameters and the bottom (flat or a 118° drill
 * point). Closed, outward-oriented, corners shared exactly between neighbouring faces.
 */
import type { MeshFace } from '#domain/geometry/mesh';
import type { Vec3 } from './solids';

export interface HoleSpec {
  /** Diameters and depths from the top down: each step's diameter and the depth it reaches, mm. */
  readonly steps: readonly { readonly diameter: number; readonly to: number }[];
  /** How the last step ends: through to the bottom, a flat bottom, or a drill point. */
  readonly bottom: 'through' | 'flat' | 'point';
  /** Split each cylindrical wall into two faces along a seam. */
  readonly halves?: boolean;
}

export interface GeneratedBlock {
  readonly positions: Float32Array;
  readonly faces: MeshFace[];
  /** Volume of the block less its holes (the holes as n-gon prisms and cones), mm³. */
  readonly volume: number;
}

/**
 * A row of square cells `cell` mm wide, `height` mm high, one cell per entry of `cells` (null: no
 * hole), each hole centred in its cell and tessellated with `segments` sides (a multiple of 8).
 */
export function blockWithHoles(cells: readonly (HoleSpec | null)[], cell = 20, height = 20, segments = 64): GeneratedBlock {
  const n = segments;
  const h = cell / 2;
  const faces = new Map<string, number[]>();
  let volume = cells.length * cell * cell * height;
  const emit = (face: string, a: Vec3, b: Vec3, c: Vec3, towards: Vec3): void => {
    const ux = b[0] - a[0], uy = b[1] - a[1], uz = b[2] - a[2];
    const vx = c[0] - a[0], vy = c[1] - a[1], vz = c[2] - a[2];
    const normal: Vec3 = [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx];
    let list = faces.get(face);
    if (!list) {
      list = [];
      faces.set(face, list);
    }
    const [second, third] = normal[0] * towards[0] + normal[1] * towards[1] + normal[2] * towards[2] >= 0 ? [b, c] : [c, b];
    list.push(a[0], a[1], a[2], second[0], second[1], second[2], third[0], third[1], third[2]);
  };
  // Offsets along a cell's side, shared exactly by neighbouring cells: h·tan(2πj/n), |j| ≤ n/8.
  const tangents = Array.from({ length: n / 8 + 1 }, (_, j) => (j === n / 8 ? h : h * Math.tan((2 * Math.PI * j) / n)));
  const offset = (m: number) => Math.sign(m) * (tangents[Math.abs(m)] as number);
  const perimeter = (k: number): [number, number] => {
    const q = ((k % n) + n) % n;
    const m = q > (7 * n) / 8 ? q - n : q;
    if (m <= n / 8) return [h, offset(m)];
    if (m <= (3 * n) / 8) return [offset(n / 4 - m), h];
    if (m <= (5 * n) / 8) return [-h, offset(n / 2 - m)];
    return [offset(m - (3 * n) / 4), -h];
  };
  const angle = (k: number) => (2 * Math.PI * (k % n)) / n;
  cells.forEach((spec, index) => {
    const cx = index * cell + h, cy = 0;
    const rim = (k: number, z: number): Vec3 => {
      const [x, y] = perimeter(k);
      return [cx + x, cy + y, z];
    };
    const circle = (r: number, k: number, z: number): Vec3 => [cx + r * Math.cos(angle(k)), cy + r * Math.sin(angle(k)), z];
    const centre = (z: number): Vec3 => [cx, cy, z];
    const up: Vec3 = [0, 0, 1], down: Vec3 = [0, 0, -1];
    const inwards = (k: number): Vec3 => [-Math.cos(angle(k + 0.5)), -Math.sin(angle(k + 0.5)), 0];
    if (!spec) {
      for (let k = 0; k < n; k++) {
        emit('top', centre(height), rim(k, height), rim(k + 1, height), up);
        emit('bottom', centre(0), rim(k, 0), rim(k + 1, 0), down);
      }
      return;
    }
    const steps = spec.steps;
    const radius = (i: number) => (steps[i] as { diameter: number }).diameter / 2;
    const polygon = (r: number) => (n / 2) * r * r * Math.sin((2 * Math.PI) / n);
    let z = height;
    for (let k = 0; k < n; k++) {
      emit('top', circle(radius(0), k, height), rim(k, height), rim(k + 1, height), up);
      emit('top', circle(radius(0), k, height), rim(k + 1, height), circle(radius(0), k + 1, height), up);
    }
    steps.forEach((step, i) => {
      const r = step.diameter / 2;
      const zEnd = height - step.to;
      volume -= polygon(r) * (z - zEnd);
      for (let k = 0; k < n; k++) {
        const face = `wall ${index}.${i}${spec.halves ? (k < n / 2 ? 'a' : 'b') : ''}`;
        emit(face, circle(r, k, z), circle(r, k + 1, z), circle(r, k + 1, zEnd), inwards(k));
        emit(face, circle(r, k, z), circle(r, k + 1, zEnd), circle(r, k, zEnd), inwards(k));
      }
      const next = steps[i + 1];
      if (next) {
        for (let k = 0; k < n; k++) {
          emit(`shoulder ${index}.${i}`, circle(r, k, zEnd), circle(next.diameter / 2, k, zEnd), circle(next.diameter / 2, k + 1, zEnd), up);
          emit(`shoulder ${index}.${i}`, circle(r, k, zEnd), circle(next.diameter / 2, k + 1, zEnd), circle(r, k + 1, zEnd), up);
        }
      }
      z = zEnd;
    });
    const last = radius(steps.length - 1);
    if (spec.bottom === 'through') {
      for (let k = 0; k < n; k++) {
        emit('bottom', circle(last, k, 0), rim(k, 0), rim(k + 1, 0), down);
        emit('bottom', circle(last, k, 0), rim(k + 1, 0), circle(last, k + 1, 0), down);
      }
      return;
    }
    // A drill point of 118°: the cone's apex lies r / tan(59°) below the wall's end.
    const apex = spec.bottom === 'point' ? z - last / Math.tan((59 * Math.PI) / 180) : z;
    if (spec.bottom === 'point') volume -= (polygon(last) * (z - apex)) / 3;
    for (let k = 0; k < n; k++) {
      emit(`floor ${index}`, centre(apex), circle(last, k, z), circle(last, k + 1, z), up);
      emit('bottom', centre(0), rim(k, 0), rim(k + 1, 0), down);
    }
  });
  // The four sides: strips between the top and bottom rims.
  const length = cells.length * cell;
  const side = (name: string, points: [number, number][], towards: Vec3) => {
    for (let i = 0; i + 1 < points.length; i++) {
      const [x0, y0] = points[i]!, [x1, y1] = points[i + 1]!;
      emit(name, [x0, y0, 0], [x1, y1, 0], [x1, y1, height], towards);
      emit(name, [x0, y0, 0], [x1, y1, height], [x0, y0, height], towards);
    }
  };
  const front: [number, number][] = [], back: [number, number][] = [];
  cells.forEach((_, index) => {
    const cx = index * cell + h;
    for (let k = (5 * n) / 8; k <= (7 * n) / 8; k++) {
      if (index > 0 && k === (5 * n) / 8) continue;
      const [x, y] = perimeter(k);
      front.push([cx + x, y]);
    }
    for (let k = (3 * n) / 8; k >= n / 8; k--) {
      if (index > 0 && k === (3 * n) / 8) continue;
      const [x, y] = perimeter(k);
      back.push([cx + x, y]);
    }
  });
  side('front', front, [0, -1, 0]);
  side('back', back, [0, 1, 0]);
  const ends = (cx: number, from: number, to: number): [number, number][] => {
    const out: [number, number][] = [];
    for (let k = from; k <= to; k++) {
      const [x, y] = perimeter(k);
      out.push([cx + x, y]);
    }
    return out;
  };
  side('left', ends(h, (3 * n) / 8, (5 * n) / 8), [-1, 0, 0]);
  side('right', ends(length - h, -n / 8, n / 8), [1, 0, 0]);
  const positions = new Float32Array([...faces.values()].reduce((sum, list) => sum + list.length, 0));
  const runs: MeshFace[] = [];
  let at = 0;
  for (const list of faces.values()) {
    runs.push({ firstTriangle: at / 9, triangleCount: list.length / 9 });
    positions.set(list, at);
    at += list.length;
  }
  return { positions, faces: runs, volume };
}

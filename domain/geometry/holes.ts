/**
 * Cylindrical holes for machining (docs/decisions/111-holes-from-cylinder-fits.md).
 *
 * A STEP file keeps its B-rep faces (step.ts: each face a run of triangles). Each face is fitted
 * to a cylinder: the axis is the direction its facet normals leave out (the eigenvector of the
 * smallest eigenvalue of Σ area · n nᵀ), the radius comes from a circle fitted to its corners
 * projected across the axis, and the face is a cylinder when every corner lies on that circle
 * (within 0.1 % of the radius). An **inner** cylinder (normals pointing to the axis: the wall of
 * a hole, not a shaft) joins the coaxial faces of the same radius (OpenCascade often splits a
 * cylinder into halves along a seam). A hole is such a surface that goes all the way round.
 *
 * At each end, the faces across the hole's rim tell the rest: a face lying within the hole's
 * radius (a flat bottom, a drill point, the shoulder of a smaller hole) closes that end; a face
 * reaching outside (the part's surface, a chamfer, a counterbore's floor) opens it. Through:
 * both ends open; blind: one. A cylinder closed at both ends is a sealed cavity, not a hole.
 *
 * A mesh without faces (STL, OBJ, 3MF) is cut into smooth patches instead: facets joined across
 * edges where the surface turns by less than `smoothAngleDeg` (default 25°). A hole tessellated
 * with at least 16 sides is one patch bounded by sharp edges, and is found the same way; coarser
 * holes (a hexagon, a 12-gon) are not.
 */
import { createFinding, type Finding, type FindingSeverity } from './findings';
import { DEFAULT_SIZE_TOLERANCE_MM, standardDrillSize, threadForTapDrill, type ThreadSize } from './drill-sizes';
import { symmetricEigen3 } from './eigen3';
import type { Mesh } from './mesh';
import { facetsFor, type Facets } from './facets';
import { pairHalfEdges, type MeshEdges } from './topology';
import { weldBodies } from './weld';

export type { ThreadSize } from './drill-sizes';

/** A direction or point in the mesh's coordinates. */
export type Vector3Tuple = readonly [number, number, number];

export interface HoleOptions {
  /** Millimetres per unit of the mesh's coordinates (1 for mm, 25.4 for inches). Default 1. */
  readonly mmPerUnit?: number;
  /** How far a diameter may be from a standard drill or tap drill and still match it, mm. Default 0.01. */
  readonly sizeToleranceMm?: number;
  /** Meshes without faces: the largest turn between neighbouring facets of one smooth patch, degrees. Default 25. */
  readonly smoothAngleDeg?: number;
  /** The mesh's weld (and edge neighbours), when already known (`MeshAnalysis.structure` of the analysed mesh). */
  readonly weld?: MeshEdges;
  /** The facets' normals and areas, when already computed for this mesh (facets.ts). */
  readonly facets?: Facets;
}

export interface Hole {
  /** Diameter, mm. */
  readonly diameterMm: number;
  /** Length of the cylindrical wall along the axis, mm (a drill point beyond it is not counted). */
  readonly depthMm: number;
  /** Open at both ends (true) or closed at one (blind). */
  readonly through: boolean;
  /** Depth over diameter. */
  readonly depthToDiameter: number;
  /** Unit axis, pointing from the opening into the part (a through hole: from its first end). */
  readonly axis: Vector3Tuple;
  /** Centre of the opening, in the mesh's coordinates (its file units, like the triangles). */
  readonly entry: Vector3Tuple;
  /** The wall's triangles, ascending: to highlight the hole on the model. */
  readonly triangles: Int32Array;
  /** Index of the mesh body (STEP solid) the hole is in. */
  readonly body: number;
  /** The standard metric drill (mm) the diameter matches, or null. */
  readonly standardDrillMm: number | null;
  /** The thread (M2–M12) whose tap drill the diameter matches, or null. */
  readonly thread: ThreadSize | null;
}

export interface HoleAnalysis {
  /** The holes, in the order of their faces in the file. */
  readonly holes: readonly Hole[];
  /** Holes a tapping or thread-insert option can use: those drilled to an M2–M12 tap drill. */
  readonly tappableHoles: number;
  /** Where the surfaces came from: the file's B-rep faces (STEP) or smooth patches of the mesh. */
  readonly source: 'brep-faces' | 'smooth-patches';
}

const DEFAULT_SMOOTH_ANGLE_DEG = 25;
/** Bins around the axis (about 5° each): a hole's wall must touch all but two of them. */
const BINS = 72;

/**
 * Finds the cylindrical holes of an outward-oriented mesh (analyse it first). Diameters and
 * depths in mm through `mmPerUnit`; axis, entry point and triangles in the mesh's own frame.
 */
export function findHoles(mesh: Mesh, options: HoleOptions = {}): HoleAnalysis {
  const scale = options.mmPerUnit ?? 1;
  const tolerance = options.sizeToleranceMm ?? DEFAULT_SIZE_TOLERANCE_MM;
  const surface = new Surface(mesh, options.weld, options.facets);
  const source = mesh.faces && mesh.faces.length > 0 ? 'brep-faces' : 'smooth-patches';
  const faces = source === 'brep-faces' ? surface.brepFaces(mesh.faces ?? []) : surface.smoothPatches(options.smoothAngleDeg ?? DEFAULT_SMOOTH_ANGLE_DEG);
  const cylinders: CylinderFit[] = [];
  faces.lists.forEach((triangles, face) => {
    const fit = surface.fitCylinder(triangles, face);
    if (fit?.inner) cylinders.push(fit);
  });
  const holes: Hole[] = [];
  const walls = coaxialGroups(cylinders, surface.lengthTolerance)
    .map((group) => surface.wall(group, faces.lists))
    .filter((wall): wall is Wall => wall !== null);
  const ends = surface.closedEnds(walls, faces);
  walls.forEach((wall, index) => {
    const [lowClosed, highClosed] = [ends[index * 2] === 1, ends[index * 2 + 1] === 1];
    // Closed at both ends: a sealed cylindrical cavity, not a hole.
    if (lowClosed && highClosed) return;
    const fromHigh = lowClosed;
    const towards = fromHigh ? -1 : 1;
    const entryW = fromHigh ? wall.high : wall.low;
    const diameterMm = 2 * wall.radius * scale;
    const depthMm = (wall.high - wall.low) * scale;
    holes.push({
      diameterMm,
      depthMm,
      through: !lowClosed && !highClosed,
      depthToDiameter: depthMm / diameterMm,
      axis: [towards * wall.axis[0] + 0, towards * wall.axis[1] + 0, towards * wall.axis[2] + 0], // + 0: no -0
      entry: [wall.centre[0] + entryW * wall.axis[0], wall.centre[1] + entryW * wall.axis[1], wall.centre[2] + entryW * wall.axis[2]],
      triangles: wall.triangles,
      body: wall.body,
      standardDrillMm: standardDrillSize(diameterMm, tolerance),
      thread: threadForTapDrill(diameterMm, tolerance),
    });
  });
  return { holes, tappableHoles: holes.filter((h) => h.thread !== null).length, source };
}

export interface HoleFindingOptions {
  /** The smallest drill or end mill the shop uses, mm (catalogue data). Default 1. */
  readonly smallestToolMm?: number;
  /** The deepest hole a standard drill makes, in diameters. Default 6. */
  readonly maxDepthToDiameter?: number;
  /** Severity of both findings (the quote's to choose per process). Default warning. */
  readonly severity?: FindingSeverity;
}

/**
 * Findings for holes too deep for a standard drill (deeper than `maxDepthToDiameter` × the
 * diameter) and holes narrower than the smallest tool, each located on its holes' walls. Holes of
 * the same diameter and depth share one finding ("4 holes of Ø2.5 mm, 20 mm deep").
 */
export function holeFindings(analysis: HoleAnalysis, options: HoleFindingOptions = {}): Finding[] {
  const smallest = options.smallestToolMm ?? 1;
  const maxRatio = options.maxDepthToDiameter ?? 6;
  const severity = options.severity ?? 'warning';
  const findings: Finding[] = [];
  const small = analysis.holes.filter((h) => h.diameterMm < smallest);
  for (const same of alike(small)) {
    const [first] = same;
    const triangles = same.flatMap((h) => Array.from(h.triangles));
    findings.push(
      createFinding('small-hole', `${holesOf(same.length)} of Ø${mm(first!.diameterMm)} mm: smaller than our smallest drill (${smallest} mm).`, {
        severity,
        fixHint: `Make the hole at least ${smallest} mm across, or leave it out and have it drilled separately (EDM or laser, at extra cost).`,
        triangles,
        count: triangles.length,
      }),
    );
  }
  const deep = analysis.holes.filter((h) => h.diameterMm >= smallest && h.depthToDiameter > maxRatio);
  for (const same of alike(deep)) {
    const [first] = same;
    const triangles = same.flatMap((h) => Array.from(h.triangles));
    findings.push(
      createFinding(
        'deep-hole',
        `${holesOf(same.length)} of Ø${mm(first!.diameterMm)} mm, ${mm(first!.depthMm)} mm deep: ${+first!.depthToDiameter.toFixed(1)}× the diameter, deeper than the ${maxRatio}× a standard drill reaches.`,
        {
          severity,
          fixHint: `Deeper than ${maxRatio}× its diameter: a standard drill cannot reach; make it shallower or larger, or accept EDM at extra cost.`,
          triangles,
          count: triangles.length,
        },
      ),
    );
  }
  return findings;
}

const mm = (value: number): string => `${+value.toFixed(2)}`;
const holesOf = (count: number): string => (count === 1 ? '1 hole' : `${count} holes`);

/** Holes grouped by diameter, depth and kind (to 0.01 mm), in order of first appearance. */
function alike(holes: readonly Hole[]): Hole[][] {
  const groups = new Map<string, Hole[]>();
  for (const hole of holes) {
    const key = `${mm(hole.diameterMm)}|${mm(hole.depthMm)}|${hole.through}`;
    const group = groups.get(key);
    if (group) group.push(hole);
    else groups.set(key, [hole]);
  }
  return [...groups.values()];
}

/** One face fitted to a cylinder (mesh units). */
interface CylinderFit {
  readonly face: number;
  readonly body: number;
  readonly axis: Vector3Tuple;
  /** The point of the axis halfway along the face (axes are compared there, near the faces). */
  readonly centre: Vector3Tuple;
  readonly radius: number;
  readonly area: number;
  /** Axial extent of the face's corners (p · axis). */
  readonly low: number;
  readonly high: number;
  /** Normals pointing to the axis (the wall of a hole), not away from it (a shaft). */
  readonly inner: boolean;
}

/**
 * Faces fitted to the same cylinder: parallel axes (within 0.5°), the same radius, each one's axis
 * through the other's, extents that overlap or touch, in one body. Union-find over pairs.
 */
function coaxialGroups(cylinders: CylinderFit[], lengthTolerance: number): CylinderFit[][] {
  const parent = cylinders.map((_, i) => i);
  const find = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    return r;
  };
  const parallel = Math.cos((0.5 * Math.PI) / 180);
  for (let i = 0; i < cylinders.length; i++) {
    for (let j = i + 1; j < cylinders.length; j++) {
      const a = cylinders[i]!, b = cylinders[j]!;
      if (a.body !== b.body) continue;
      const cos = dot(a.axis, b.axis);
      if (Math.abs(cos) < parallel) continue;
      // Radii within 0.5 %, axes within 1 % of the radius of each other (two holes of one size
      // are at least a diameter apart), extents overlapping or touching.
      const radius = Math.max(a.radius, b.radius);
      if (Math.abs(a.radius - b.radius) > Math.max(5e-3 * radius, lengthTolerance)) continue;
      if (distanceToAxis(b.centre, a) > Math.max(1e-2 * radius, lengthTolerance)) continue;
      const offset = dot(a.axis, [b.centre[0] - a.centre[0], b.centre[1] - a.centre[1], b.centre[2] - a.centre[2]]);
      const halfA = (a.high - a.low) / 2, halfB = (b.high - b.low) / 2;
      if (Math.abs(offset) > halfA + halfB + Math.max(1e-3 * radius, lengthTolerance)) continue;
      const ri = find(i), rj = find(j);
      if (ri !== rj) parent[Math.max(ri, rj)] = Math.min(ri, rj);
    }
  }
  const groups = new Map<number, CylinderFit[]>();
  cylinders.forEach((c, i) => {
    const root = find(i);
    const group = groups.get(root);
    if (group) group.push(c);
    else groups.set(root, [c]);
  });
  return [...groups.values()];
}

function dot(a: Vector3Tuple, b: Vector3Tuple): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/** Distance from point p to the axis of a fitted cylinder. */
function distanceToAxis(p: Vector3Tuple, c: { axis: Vector3Tuple; centre: Vector3Tuple }): number {
  const dx = p[0] - c.centre[0], dy = p[1] - c.centre[1], dz = p[2] - c.centre[2];
  const along = dx * c.axis[0] + dy * c.axis[1] + dz * c.axis[2];
  return Math.hypot(dx - along * c.axis[0], dy - along * c.axis[1], dz - along * c.axis[2]);
}

/** The wall of a candidate hole: coaxial inner cylinder faces that go all the way round. */
interface Wall {
  readonly faces: number[];
  readonly body: number;
  /** Unit axis and the point of it where the axial coordinate is 0 (mesh units). */
  readonly axis: Vector3Tuple;
  readonly centre: Vector3Tuple;
  readonly radius: number;
  /** Axial extent of the wall's corners. */
  readonly low: number;
  readonly high: number;
  /** The wall's triangles, ascending, and each one's corners' axial coordinates (3 a triangle). */
  readonly triangles: Int32Array;
  readonly along: Float64Array;
}

interface Faces {
  /** Face of each triangle (-1: none). */
  readonly faceOf: Int32Array;
  /** Triangles of each face. */
  readonly lists: Int32Array[];
}

/** The mesh's facets (unit normals, areas) and edge neighbours, with the fits built on them. */
class Surface {
  private readonly positions: Float32Array;
  private readonly triangleCount: number;
  private readonly normals: Float64Array;
  private readonly areas: Float64Array;
  private twinValue: Int32Array | undefined;
  private weldValue: MeshEdges | undefined;
  /** Lengths closer than this are equal (rounding of float32 corners), mesh units. */
  readonly lengthTolerance: number;

  constructor(
    private readonly mesh: Mesh,
    private readonly weld: HoleOptions['weld'],
    facets?: Facets,
  ) {
    this.triangleCount = mesh.triangleCount;
    this.positions = mesh.positions.subarray(0, this.triangleCount * 9);
    ({ normals: this.normals, areas: this.areas } = facetsFor(this.positions, this.triangleCount, facets));
    const p = this.positions;
    let extent = 0;
    for (let i = 0; i < p.length; i++) {
      const v = p[i] as number;
      if (v > extent) extent = v;
      else if (-v > extent) extent = -v;
    }
    // float32 corners are exact to about 6e-8 of their magnitude.
    this.lengthTolerance = Math.max(extent, 1e-30) * 1e-6;
  }

  /** The weld: the analysis's when given for this mesh, else welded here (per body). */
  private get welded(): MeshEdges {
    this.weldValue ??= this.weld?.vertexIds.length === this.triangleCount * 3 ? this.weld : weldBodies(this.positions, this.triangleCount, this.mesh.bodies);
    return this.weldValue;
  }

  private get twin(): Int32Array {
    this.twinValue ??= this.welded.twins ?? pairHalfEdges(this.welded.vertexIds, this.welded.vertexCount, this.triangleCount);
    return this.twinValue;
  }

  /**
   * Which ends of each wall are closed (1) or open (0), two entries per wall (its low end, then
   * its high end along the axis). One pass over the mesh's corners: a corner of a face that
   * touches a wall's vertex lies across that wall's rim, at the end the vertex is nearer; a face
   * there that lies within the wall's radius (a flat bottom, a drill point, a shoulder) closes it.
   * A vertex shared by two walls (where holes cross) is counted for the first one only.
   */
  closedEnds(walls: Wall[], faces: Faces): Uint8Array {
    const { vertexIds, vertexCount } = this.welded;
    const closed = new Uint8Array(walls.length * 2);
    // The wall and end of each wall vertex, as 1 + 2 × wall + end (0: none).
    const endOf = new Int32Array(vertexCount);
    const wallOfFace = new Int32Array(faces.lists.length).fill(-1);
    walls.forEach((wall, index) => {
      for (const face of wall.faces) wallOfFace[face] = index;
      const middle = (wall.low + wall.high) / 2;
      wall.triangles.forEach((t, j) => {
        for (let k = 0; k < 3; k++) {
          const v = vertexIds[t * 3 + k] as number;
          if (endOf[v] === 0) endOf[v] = 1 + 2 * index + ((wall.along[j * 3 + k] as number) < middle ? 0 : 1);
        }
      });
    });
    const candidates = new Map<number, Set<number>>();
    for (let c = 0; c < this.triangleCount * 3; c++) {
      const mark = endOf[vertexIds[c] as number] as number;
      if (mark === 0) continue;
      const face = faces.faceOf[(c / 3) | 0] as number;
      if (face < 0 || wallOfFace[face] === (mark - 1) >> 1) continue;
      const set = candidates.get(mark - 1);
      if (set) set.add(face);
      else candidates.set(mark - 1, new Set([face]));
    }
    for (const [slot, set] of candidates) {
      const wall = walls[slot >> 1]!;
      const limit = wall.radius + Math.max(1e-3 * wall.radius, this.lengthTolerance);
      for (const face of set) {
        if (this.withinRadius(faces.lists[face] ?? new Int32Array(0), wall.centre, wall.axis, limit)) {
          closed[slot] = 1;
          break;
        }
      }
    }
    return closed;
  }

  /** The file's B-rep faces. */
  brepFaces(faces: readonly { firstTriangle: number; triangleCount: number }[]): Faces {
    const faceOf = new Int32Array(this.triangleCount).fill(-1);
    const lists = faces.map((face, index) => {
      const first = Math.max(0, face.firstTriangle), end = Math.min(this.triangleCount, face.firstTriangle + face.triangleCount);
      const list = new Int32Array(Math.max(0, end - first));
      for (let t = first; t < end; t++) {
        faceOf[t] = index;
        list[t - first] = t;
      }
      return list;
    });
    return { faceOf, lists };
  }

  /** Facets joined over edges where the surface turns by less than `angleDeg`. */
  smoothPatches(angleDeg: number): Faces {
    const n = this.triangleCount;
    const twin = this.twin;
    const normals = this.normals;
    const limit = Math.cos((angleDeg * Math.PI) / 180);
    const parent = new Int32Array(n);
    for (let t = 0; t < n; t++) parent[t] = t;
    const find = (t: number): number => {
      let r = t;
      while (parent[r] !== r) {
        parent[r] = parent[parent[r] as number] as number;
        r = parent[r] as number;
      }
      return r;
    };
    for (let h = 0; h < n * 3; h++) {
      const other = twin[h] as number;
      if (other < h) continue; // each edge once, and none where there is no neighbour
      const a = (h / 3) | 0, b = (other / 3) | 0;
      const cos = (normals[a * 3] as number) * (normals[b * 3] as number) + (normals[a * 3 + 1] as number) * (normals[b * 3 + 1] as number) + (normals[a * 3 + 2] as number) * (normals[b * 3 + 2] as number);
      if (cos < limit) continue;
      const ra = find(a), rb = find(b);
      if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
    }
    // Number the patches in order of their first facet, then list each one's facets.
    const faceOf = new Int32Array(n);
    const sizes: number[] = [];
    for (let t = 0; t < n; t++) {
      const root = find(t);
      if (root === t) {
        faceOf[t] = sizes.length;
        sizes.push(0);
      } else {
        faceOf[t] = faceOf[root] as number;
      }
      sizes[faceOf[t] as number]!++;
    }
    const lists = sizes.map((size) => new Int32Array(size));
    const filled = new Int32Array(sizes.length);
    for (let t = 0; t < n; t++) {
      const face = faceOf[t] as number;
      lists[face]![filled[face]!++] = t;
    }
    return { faceOf, lists };
  }

  /** The body (index in mesh.bodies) of triangle t. */
  private bodyOf(t: number): number {
    const bodies = this.mesh.bodies;
    for (let b = 0; b < bodies.length; b++) {
      const body = bodies[b]!;
      if (t >= body.firstTriangle && t < body.firstTriangle + body.triangleCount) return b;
    }
    return 0;
  }

  /**
   * A cylinder through the face's corners, or null: normals all across one direction (the axis)
   * and spread around it, corners on one circle about it within 0.1 % of the radius.
   */
  fitCylinder(triangles: Int32Array, face: number): CylinderFit | null {
    if (triangles.length < 4) return null;
    const n = this.normals, p = this.positions;
    let xx = 0, yy = 0, zz = 0, xy = 0, xz = 0, yz = 0, area = 0;
    for (const t of triangles) {
      const a = this.areas[t] as number;
      const nx = n[t * 3] as number, ny = n[t * 3 + 1] as number, nz = n[t * 3 + 2] as number;
      xx += a * nx * nx; yy += a * ny * ny; zz += a * nz * nz;
      xy += a * nx * ny; xz += a * nx * nz; yz += a * ny * nz;
      area += a;
    }
    if (!(area > 0)) return null;
    const { values, vectors } = symmetricEigen3(xx, yy, zz, xy, xz, yz);
    // Normals perpendicular to one direction (up to tessellation), and not all alike (a plane).
    if (values[0] > 0.01 * area || values[1] < 0.02 * area) return null;
    const axis: Vector3Tuple = [vectors[0], vectors[3], vectors[6]];
    const e1: Vector3Tuple = [vectors[1], vectors[4], vectors[7]];
    const e2: Vector3Tuple = [vectors[2], vectors[5], vectors[8]];
    // Circle through the corners projected across the axis (Kåsa's algebraic fit, centred).
    const count = triangles.length * 3;
    let mu = 0, mv = 0;
    for (const t of triangles) {
      for (let k = 0; k < 9; k += 3) {
        const x = p[t * 9 + k] as number, y = p[t * 9 + k + 1] as number, z = p[t * 9 + k + 2] as number;
        mu += x * e1[0] + y * e1[1] + z * e1[2];
        mv += x * e2[0] + y * e2[1] + z * e2[2];
      }
    }
    mu /= count;
    mv /= count;
    let suu = 0, svv = 0, suv = 0, suz = 0, svz = 0, sz = 0;
    let low = Number.POSITIVE_INFINITY, high = Number.NEGATIVE_INFINITY;
    for (const t of triangles) {
      for (let k = 0; k < 9; k += 3) {
        const x = p[t * 9 + k] as number, y = p[t * 9 + k + 1] as number, z = p[t * 9 + k + 2] as number;
        const u = x * e1[0] + y * e1[1] + z * e1[2] - mu, v = x * e2[0] + y * e2[1] + z * e2[2] - mv;
        const w = x * axis[0] + y * axis[1] + z * axis[2];
        const q = u * u + v * v;
        suu += u * u; svv += v * v; suv += u * v; suz += u * q; svz += v * q; sz += q;
        if (w < low) low = w;
        if (w > high) high = w;
      }
    }
    const det = suu * svv - suv * suv;
    if (!(Math.abs(det) > 0)) return null;
    const d = (-suz * svv + svz * suv) / det, e = (-svz * suu + suz * suv) / det, f = -sz / count;
    const cu = -d / 2, cv = -e / 2;
    const radius = Math.sqrt(cu * cu + cv * cv - f);
    if (!(radius > 0)) return null;
    const tolerance = Math.max(1e-3 * radius, this.lengthTolerance);
    let inner = 0;
    const origin: Vector3Tuple = [
      (cu + mu) * e1[0] + (cv + mv) * e2[0],
      (cu + mu) * e1[1] + (cv + mv) * e2[1],
      (cu + mu) * e1[2] + (cv + mv) * e2[2],
    ];
    for (const t of triangles) {
      let gx = 0, gy = 0, gz = 0;
      for (let k = 0; k < 9; k += 3) {
        const x = p[t * 9 + k] as number, y = p[t * 9 + k + 1] as number, z = p[t * 9 + k + 2] as number;
        const u = x * e1[0] + y * e1[1] + z * e1[2] - mu - cu, v = x * e2[0] + y * e2[1] + z * e2[2] - mv - cv;
        if (Math.abs(Math.sqrt(u * u + v * v) - radius) > tolerance) return null;
        gx += x / 3; gy += y / 3; gz += z / 3;
      }
      // The facet's normal against the direction from the axis to its centroid.
      const rx = gx - origin[0], ry = gy - origin[1], rz = gz - origin[2];
      const along = rx * axis[0] + ry * axis[1] + rz * axis[2];
      const radial = (rx - along * axis[0]) * (n[t * 3] as number) + (ry - along * axis[1]) * (n[t * 3 + 1] as number) + (rz - along * axis[2]) * (n[t * 3 + 2] as number);
      if (radial < 0) inner += this.areas[t] as number;
    }
    const middle = (low + high) / 2;
    const centre: Vector3Tuple = [origin[0] + middle * axis[0], origin[1] + middle * axis[1], origin[2] + middle * axis[2]];
    return { face, body: this.bodyOf(triangles[0] as number), axis, centre, radius, area, low, high, inner: inner >= 0.9 * area };
  }

  /**
   * The wall a group of coaxial inner cylinder faces makes: its axis, radius, extent and
   * triangles, or null when it does not go all the way round (a fillet, a half-hole at an edge).
   */
  wall(group: CylinderFit[], lists: Int32Array[]): Wall | null {
    // The group's axis and a point on it: area-weighted means of its faces' (axes turned one way).
    const main = group.reduce((a, b) => (b.area > a.area ? b : a));
    const area = group.reduce((sum, c) => sum + c.area, 0);
    const mean = (pick: (c: CylinderFit) => number) => group.reduce((sum, c) => sum + pick(c) * c.area, 0) / area;
    const sign = (c: CylinderFit) => (dot(c.axis, main.axis) < 0 ? -1 : 1);
    const sum: Vector3Tuple = [mean((c) => sign(c) * c.axis[0]), mean((c) => sign(c) * c.axis[1]), mean((c) => sign(c) * c.axis[2])];
    const length = Math.hypot(...sum);
    const axis: Vector3Tuple = [sum[0] / length, sum[1] / length, sum[2] / length];
    const centre: Vector3Tuple = [mean((c) => c.centre[0]), mean((c) => c.centre[1]), mean((c) => c.centre[2])];
    const [e1, e2] = across(axis);
    const triangles = Int32Array.from(group.flatMap((c) => Array.from(lists[c.face] ?? []))).sort();
    // Each corner's position along the axis and angle around it.
    const p = this.positions;
    const along = new Float64Array(triangles.length * 3), angles = new Float64Array(triangles.length * 3);
    let low = Number.POSITIVE_INFINITY, high = Number.NEGATIVE_INFINITY;
    for (let j = 0; j < triangles.length; j++) {
      const t = triangles[j] as number;
      for (let k = 0; k < 3; k++) {
        const i = t * 9 + k * 3;
        const x = (p[i] as number) - centre[0], y = (p[i + 1] as number) - centre[1], z = (p[i + 2] as number) - centre[2];
        const w = x * axis[0] + y * axis[1] + z * axis[2];
        along[j * 3 + k] = w;
        angles[j * 3 + k] = pseudoAngle(x * e1[0] + y * e1[1] + z * e1[2], x * e2[0] + y * e2[1] + z * e2[2]);
        if (w < low) low = w;
        if (w > high) high = w;
      }
    }
    // Does the wall go all the way round? Mark the angular bins its edges pass over.
    const bins = new Uint8Array(BINS);
    for (let c = 0; c < angles.length; c++) markArc(bins, angles[c] as number, angles[c - (c % 3) + ((c + 1) % 3)] as number);
    if (bins.reduce((total, v) => total + v, 0) < BINS - 2) return null;
    return { faces: group.map((c) => c.face), body: main.body, axis, centre, radius: mean((c) => c.radius), low, high, triangles, along };
  }

  /** True when every corner of the triangles lies within `limit` of the axis. */
  private withinRadius(triangles: Int32Array, centre: Vector3Tuple, axis: Vector3Tuple, limit: number): boolean {
    const p = this.positions;
    const limit2 = limit * limit;
    for (const t of triangles) {
      for (let k = 0; k < 9; k += 3) {
        const x = (p[t * 9 + k] as number) - centre[0], y = (p[t * 9 + k + 1] as number) - centre[1], z = (p[t * 9 + k + 2] as number) - centre[2];
        const w = x * axis[0] + y * axis[1] + z * axis[2];
        const rx = x - w * axis[0], ry = y - w * axis[1], rz = z - w * axis[2];
        if (rx * rx + ry * ry + rz * rz > limit2) return false;
      }
    }
    return triangles.length > 0;
  }
}

/** Two unit vectors completing `axis` to an orthonormal basis. */
function across(axis: Vector3Tuple): [Vector3Tuple, Vector3Tuple] {
  const [x, y, z] = axis;
  const helper: Vector3Tuple = Math.abs(x) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  // e1 = helper × axis, normalised; e2 = axis × e1.
  let e1: Vector3Tuple = [helper[1] * z - helper[2] * y, helper[2] * x - helper[0] * z, helper[0] * y - helper[1] * x];
  const length = Math.hypot(...e1);
  e1 = [e1[0] / length, e1[1] / length, e1[2] / length];
  const e2: Vector3Tuple = [y * e1[2] - z * e1[1], z * e1[0] - x * e1[2], x * e1[1] - y * e1[0]];
  return [e1, e2];
}

/**
 * A monotonic stand-in for the angle of (x, y) around the origin, in [0, 4) (a quarter turn per
 * unit), without a trigonometric call: enough to tell which way round a wall goes.
 */
function pseudoAngle(x: number, y: number): number {
  const sum = Math.abs(x) + Math.abs(y);
  if (sum === 0) return 0;
  const r = x / sum;
  return y >= 0 ? 1 - r : 3 + r;
}

/** Marks the bins (of the pseudo-angle's [0, 4)) the shorter arc from a to b passes over. */
function markArc(bins: Uint8Array, a: number, b: number): void {
  let delta = b - a;
  if (delta > 2) delta -= 4;
  if (delta < -2) delta += 4;
  const start = delta >= 0 ? a : a + delta;
  const width = 4 / BINS;
  const first = Math.floor(start / width);
  const last = Math.floor((start + Math.abs(delta)) / width);
  for (let i = first; i <= last; i++) bins[((i % BINS) + BINS) % BINS] = 1;
}

/**
 * Machined features (docs/decisions/177-cnc-features-and-time.md): pockets and slots with their
 * depth, opening width, floor area and inside corner radii, deep narrow features, and walls thinner
 * than machining allows.
 *
 * A **floor** is a connected flat region facing one of the six set-up directions (within 1°), not a
 * face of the blank. Across each edge of its outline the neighbouring facet rises (a wall) or drops
 * (the part's edge). A floor with walls is a recess: its **depth** is how far the wall's material
 * goes up from the floor (a ray from just inside each wall, along the direction, leaves the material
 * at the wall's top); its **width** is the shortest chord through the floor's pole of inaccessibility
 * (the point farthest from its outline, polylabel's search), measured by rays across it at the
 * floor, halfway up and at the top (the narrowest, so a neck counts). Every ray meeting a wall at
 * the floor makes it a **pocket** (closed all round); a finite width with a way out is a **slot**;
 * no two walls facing each other, a **step** (not a recess: it is cut with the outside).
 *
 * The **inside corners** are read from the floor's outline where two walls meet: walking the outline
 * with the floor on the left, a run of small left turns between walls is a fillet (radius = its
 * length / its turn), a single turn of 50° or more is a sharp corner (radius 0). A floor that belongs
 * to a hole (its walls are a hole's), or that a cutter from its direction mostly does not reach
 * (the floor of a T-slot or a dovetail: an undercut, tool-access.ts), is not a pocket.
 */
import {
  END_MILL_DIAMETERS_MM,
  MACHINING_THIN_WALL_MM,
  MAX_REACH_DIAMETERS,
  METAL_MIN_WALL_MM,
  MIN_RECESS_DEPTH_MM,
  PLASTIC_MIN_WALL_MM,
  SMALLEST_END_MILL_MM,
  STANDARD_REACH_DIAMETERS,
  endMillFor,
} from '#domain/catalogue/cnc-tools';
import { AXIS_DIRECTIONS, AXIS_VECTORS, type AxisDirection } from './axis-directions';
import type { Facets } from './facets';
import { createFinding, type Finding } from './findings';
import type { Mesh } from './mesh';
import type { Vec3 } from './part-metrics';
import type { MeshRayCaster } from './ray-caster';
import type { ToolAccess } from './tool-access';
import { formatWallMm, isThinnerThan } from './wall-allowance';

/** A floor faces its direction within 1°. */
const FLOOR = Math.cos(Math.PI / 180);
/** A turn of the outline this sharp or sharper is a corner of its own, not a step of a fillet. */
const SHARP_TURN = (50 * Math.PI) / 180;
/** Turns smaller than this are straight (tessellation). */
const STRAIGHT_TURN = (0.5 * Math.PI) / 180;
/** Fillets and corners turning less than this in all are not inside corners a cutter must fit. */
const CORNER_TURN = (60 * Math.PI) / 180;
/** A floor reached from its direction on less of its area than this is an undercut, not a pocket. */
const REACHED_SHARE = 0.9;
/** Walls sampled for a recess's depth, at most. */
const DEPTH_RAYS = 24;
/** Recesses kept in the metrics and listed as findings, at most (largest first). */
export const MAX_RECESSES = 40;

export type RecessKind = 'pocket' | 'slot';

/** A recess measured (lengths in mm). */
export interface Recess {
  readonly kind: RecessKind;
  /** The set-up direction it opens to. */
  readonly direction: AxisDirection;
  readonly depthMm: number;
  /** The narrowest width across it (its opening, or a neck below). */
  readonly widthMm: number;
  readonly floorAreaMm2: number;
  /** Its smallest inside vertical corner radius; null when it has none. */
  readonly cornerRadiusMm: number | null;
  /** Inside corners sharper than the smallest end mill's radius. */
  readonly sharpCorners: number;
}

/** A recess with where it is on the model. */
export interface LocatedRecess extends Recess {
  /** Its floor and wall facets, ascending. */
  readonly triangles: Int32Array;
  /** Wall facets at its sharp corners. */
  readonly cornerTriangles: readonly number[];
  /** The centre of its floor (the pole), in the mesh's frame. */
  readonly centre: Vec3;
}

/** Inside corners of steps and the outside (not recesses): their smallest radius and sharp ones. */
export interface OpenCorners {
  readonly cornerRadiusMm: number | null;
  readonly sharpCorners: number;
  readonly cornerTriangles: readonly number[];
}

export interface FeatureOptions {
  readonly mmPerUnit: number;
  readonly caster: MeshRayCaster;
  readonly facets: Facets;
  /** Vertex id of every corner (the weld) and the edge neighbours. */
  readonly vertexIds: Uint32Array;
  readonly twins: Int32Array;
  readonly access: ToolAccess;
  /** Facets of the holes found (holes.ts): their floors are holes, not pockets. */
  readonly holeFacets?: Uint8Array;
  /**
   * The set-up directions (a mask, setups.ts): a floor facing another direction is cut from the
   * side by one of these (a wall, to the cutter), so its outline's corners are not inside corners.
   */
  readonly setupMask?: number;
}

export interface FeatureAnalysis {
  /** Pockets and slots, largest floor first. */
  readonly recesses: readonly LocatedRecess[];
  readonly open: OpenCorners;
}

/** The recesses and inside corners of a closed, outward-oriented mesh. */
export function findFeatures(mesh: Mesh, options: FeatureOptions): FeatureAnalysis {
  const n = mesh.triangleCount;
  const p = mesh.positions;
  const { normals, areas } = options.facets;
  const scale = options.mmPerUnit;
  const blank = options.access.blankFacet;
  const size = options.access.scale || 1;
  const tolerance = Math.max(size * 1e-6, 1e-9);
  // Which direction each facet is a floor for (index + 1), or 0: its normal's largest component,
  // within 1° of an axis, in the set-up directions.
  const floorOf = new Uint8Array(n);
  const allowed = options.setupMask ?? 0b111111;
  for (let t = 0; t < n; t++) {
    if (blank[t] || !(areas[t]! > 0)) continue;
    const x = normals[t * 3]!, y = normals[t * 3 + 1]!, z = normals[t * 3 + 2]!;
    // AXIS_DIRECTIONS order: top, bottom, front (−y), back, left (−x), right.
    const d = z >= FLOOR ? 0 : z <= -FLOOR ? 1 : y <= -FLOOR ? 2 : y >= FLOOR ? 3 : x <= -FLOOR ? 4 : x >= FLOOR ? 5 : -1;
    if (d >= 0 && (allowed >> d) & 1) floorOf[t] = d + 1;
  }
  const regionOf = new Int32Array(n).fill(-1);
  const recesses: LocatedRecess[] = [];
  let openRadius: number | null = null;
  let openSharp = 0;
  const openCornerTriangles: number[] = [];
  let regions = 0;
  const geometry = new FeatureGeometry(p, normals, options.caster, tolerance, size);
  for (let start = 0; start < n; start++) {
    if (!floorOf[start] || regionOf[start]! >= 0) continue;
    const d = floorOf[start]! - 1;
    const direction = AXIS_DIRECTIONS[d]!;
    const up = AXIS_VECTORS[direction];
    const height = heightOf(p, start, up);
    // The flat region: floor facets of the same direction and height, joined over edges.
    const members = [start];
    regionOf[start] = regions;
    for (let q = 0; q < members.length; q++) {
      const t = members[q]!;
      for (let k = 0; k < 3; k++) {
        const other = options.twins[t * 3 + k]!;
        if (other < 0) continue;
        const u = (other / 3) | 0;
        if (regionOf[u]! >= 0 || floorOf[u] !== d + 1 || Math.abs(heightOf(p, u, up) - height) > tolerance * 10) continue;
        regionOf[u] = regions;
        members.push(u);
      }
    }
    const region = regions++;
    let area = 0, reached = 0;
    const bit = 1 << d;
    for (const t of members) {
      area += areas[t]!;
      if (options.access.facetAccess[t]! & bit) reached += areas[t]! * (1 - options.access.undercutShare[t]!);
    }
    // Not reached from its direction: an undercut's floor (tool-access.ts says where), or a wall of
    // a recess cut from another side.
    if (reached < area * REACHED_SHARE) continue;
    const floor = new Floor(members, region, regionOf, up, height, p, normals, options.twins, options.vertexIds, tolerance);
    if (floor.walls.length === 0) continue; // a plateau: nothing rises around it
    if (options.holeFacets && floor.walls.every((w) => options.holeFacets![w.neighbour] === 1)) continue; // a hole's floor
    const corners = floor.corners(scale);
    const depth = geometry.depth(floor);
    // Shallower than the finest tolerance we machine to: the finishing pass leaves it (a tessellated
    // curve's flat facets, a modelling sliver), not a feature to cut, price or review.
    if (depth > 0 && depth * scale < MIN_RECESS_DEPTH_MM) continue;
    const pole = floor.pole();
    const across = depth > 0 ? geometry.width(floor, pole, depth) : { width: Infinity, closed: false };
    if (!Number.isFinite(across.width) || depth <= 0) {
      // A step: its inside corners count, it is not a recess.
      if (corners.radius !== null) openRadius = openRadius === null ? corners.radius : Math.min(openRadius, corners.radius);
      openSharp += corners.sharp;
      openCornerTriangles.push(...corners.triangles);
      continue;
    }
    const wallFacets = new Set<number>(floor.walls.map((w) => w.neighbour));
    recesses.push({
      kind: across.closed ? 'pocket' : 'slot',
      direction,
      depthMm: depth * scale,
      widthMm: across.width * scale,
      floorAreaMm2: area * scale * scale,
      cornerRadiusMm: corners.radius,
      sharpCorners: corners.sharp,
      triangles: Int32Array.from([...members, ...wallFacets].sort((a, b) => a - b)),
      cornerTriangles: corners.triangles,
      centre: floor.point(pole.x, pole.y),
    });
  }
  recesses.sort((a, b) => b.floorAreaMm2 - a.floorAreaMm2);
  return { recesses: recesses.slice(0, MAX_RECESSES), open: { cornerRadiusMm: openRadius, sharpCorners: openSharp, cornerTriangles: openCornerTriangles } };
}

/** Height of a facet's first corner along a direction. */
function heightOf(p: Float32Array, t: number, up: Vec3): number {
  const i = t * 9;
  return p[i]! * up[0] + p[i + 1]! * up[1] + p[i + 2]! * up[2];
}

/** An outline edge of a floor with its rising neighbour (a wall). */
interface Wall {
  /** The floor facet and its half-edge. */
  readonly halfEdge: number;
  readonly neighbour: number;
}

interface OutlineEdge {
  readonly from: number;
  readonly to: number;
  readonly rising: boolean;
  readonly neighbour: number;
  /** 2D ends in the floor's plane. */
  readonly ax: number;
  readonly ay: number;
  readonly bx: number;
  readonly by: number;
  /** 3D midpoint. */
  readonly mid: Vec3;
}

/** The across-the-floor basis (e1, e2) of each direction, with e1 × e2 = the direction. */
const BASES: Readonly<Record<AxisDirection, readonly [Vec3, Vec3]>> = {
  top: [[1, 0, 0], [0, 1, 0]],
  bottom: [[1, 0, 0], [0, -1, 0]],
  front: [[1, 0, 0], [0, 0, 1]],
  back: [[-1, 0, 0], [0, 0, 1]],
  right: [[0, 1, 0], [0, 0, 1]],
  left: [[0, -1, 0], [0, 0, 1]],
};

/** One flat region and its outline, in its own plane's coordinates. */
class Floor {
  readonly edges: OutlineEdge[] = [];
  readonly walls: Wall[] = [];
  readonly e1: Vec3;
  readonly e2: Vec3;
  private readonly minX: number;
  private readonly minY: number;
  private readonly maxX: number;
  private readonly maxY: number;

  constructor(
    readonly members: readonly number[],
    region: number,
    regionOf: Int32Array,
    readonly up: Vec3,
    readonly height: number,
    p: Float32Array,
    private readonly normals: Float64Array,
    twins: Int32Array,
    vertexIds: Uint32Array,
    tolerance: number,
  ) {
    const direction = AXIS_DIRECTIONS.find((d) => AXIS_VECTORS[d] === up)!;
    [this.e1, this.e2] = BASES[direction];
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const t of members) {
      for (let k = 0; k < 3; k++) {
        const h = t * 3 + k;
        const other = twins[h]!;
        const u = other < 0 ? -1 : (other / 3) | 0;
        if (u >= 0 && regionOf[u] === region) continue;
        const i = t * 9 + k * 3, j = t * 9 + ((k + 1) % 3) * 3;
        let rising = false;
        if (u >= 0) {
          // The neighbour's corner off the edge: above the floor, a wall rises there.
          for (let c = 0; c < 3; c++) {
            const o = u * 9 + c * 3;
            if (p[o]! * up[0] + p[o + 1]! * up[1] + p[o + 2]! * up[2] > height + tolerance * 10) rising = true;
          }
        }
        const ax = this.x(p[i]!, p[i + 1]!, p[i + 2]!), ay = this.y(p[i]!, p[i + 1]!, p[i + 2]!);
        const bx = this.x(p[j]!, p[j + 1]!, p[j + 2]!), by = this.y(p[j]!, p[j + 1]!, p[j + 2]!);
        this.edges.push({
          from: vertexIds[h]!,
          to: vertexIds[t * 3 + ((k + 1) % 3)]!,
          rising,
          neighbour: u,
          ax,
          ay,
          bx,
          by,
          mid: [(p[i]! + p[j]!) / 2, (p[i + 1]! + p[j + 1]!) / 2, (p[i + 2]! + p[j + 2]!) / 2],
        });
        if (rising) this.walls.push({ halfEdge: h, neighbour: u });
        minX = Math.min(minX, ax, bx);
        minY = Math.min(minY, ay, by);
        maxX = Math.max(maxX, ax, bx);
        maxY = Math.max(maxY, ay, by);
      }
    }
    this.minX = minX;
    this.minY = minY;
    this.maxX = maxX;
    this.maxY = maxY;
  }

  private x(px: number, py: number, pz: number): number {
    return px * this.e1[0] + py * this.e1[1] + pz * this.e1[2];
  }

  private y(px: number, py: number, pz: number): number {
    return px * this.e2[0] + py * this.e2[1] + pz * this.e2[2];
  }

  /** A point of the floor's plane from its 2D coordinates. */
  point(x: number, y: number): Vec3 {
    const { e1, e2, up, height } = this;
    return [x * e1[0] + y * e2[0] + height * up[0], x * e1[1] + y * e2[1] + height * up[1], x * e1[2] + y * e2[2] + height * up[2]];
  }

  /** The wall normal (into the recess) of a wall neighbour. */
  wallNormal(neighbour: number): Vec3 {
    const n = this.normals;
    return [n[neighbour * 3]!, n[neighbour * 3 + 1]!, n[neighbour * 3 + 2]!];
  }

  /** The outline as segments (x0, y0, x1, y1), straight runs of edges joined into one (a refined mesh splits its sides). */
  private segments: Float64Array | null = null;

  private outline(): Float64Array {
    if (this.segments) return this.segments;
    const out: number[] = [];
    for (const loop of this.loops()) {
      const count = loop.length;
      // Start after a bend, so that a straight run is never cut at the loop's start.
      const bends = loop.map((e, i) => {
        const b = loop[(i - 1 + count) % count]!;
        const cross = (b.bx - b.ax) * (e.by - e.ay) - (b.by - b.ay) * (e.bx - e.ax);
        const lengths = Math.hypot(b.bx - b.ax, b.by - b.ay) * Math.hypot(e.bx - e.ax, e.by - e.ay);
        return Math.abs(cross) > 1e-9 * lengths || (b.bx - b.ax) * (e.bx - e.ax) + (b.by - b.ay) * (e.by - e.ay) < 0;
      });
      const first = Math.max(0, bends.indexOf(true));
      let sx = loop[first]!.ax, sy = loop[first]!.ay;
      for (let k = 0; k < count; k++) {
        const e = loop[(first + k) % count]!;
        const nextBends = bends[(first + k + 1) % count]!;
        if (nextBends || k === count - 1) {
          out.push(sx, sy, e.bx, e.by);
          const following = loop[(first + k + 1) % count]!;
          sx = following.ax;
          sy = following.ay;
        }
      }
    }
    this.segments = Float64Array.from(out);
    return this.segments;
  }

  /** Signed distance from (x, y) to the outline: positive inside the floor. */
  private signedDistance(x: number, y: number): number {
    const s = this.outline();
    let inside = false;
    let best = Infinity;
    for (let i = 0; i < s.length; i += 4) {
      const ax = s[i]!, ay = s[i + 1]!, bx = s[i + 2]!, by = s[i + 3]!;
      if (ay > y !== by > y && x < ((bx - ax) * (y - ay)) / (by - ay) + ax) inside = !inside;
      const d = segmentDistanceSq(x, y, ax, ay, bx, by);
      if (d < best) best = d;
    }
    return (inside ? 1 : -1) * Math.sqrt(best);
  }

  /** The outline's loops, each in order with the floor on its left. */
  loops(): OutlineEdge[][] {
    const next = new Map<number, number[]>();
    this.edges.forEach((e, i) => {
      const list = next.get(e.from);
      if (list) list.push(i);
      else next.set(e.from, [i]);
    });
    const used = new Uint8Array(this.edges.length);
    const loops: OutlineEdge[][] = [];
    for (let s = 0; s < this.edges.length; s++) {
      if (used[s]) continue;
      const loop: OutlineEdge[] = [];
      let i = s;
      while (i >= 0 && !used[i]) {
        used[i] = 1;
        const e = this.edges[i]!;
        loop.push(e);
        i = (next.get(e.to) ?? []).find((j) => !used[j]) ?? -1;
      }
      loops.push(loop);
    }
    return loops;
  }

  /** The point of the floor farthest from its outline (polylabel's cell search), and that distance. */
  pole(): { x: number; y: number; distance: number } {
    const width = this.maxX - this.minX, height = this.maxY - this.minY;
    const cell = Math.min(width, height);
    // The width is measured across the pole (a chord square to a wall is the same anywhere along it): 1 % is plenty.
    const precision = Math.max(cell * 1e-2, 1e-9);
    let best = { x: (this.minX + this.maxX) / 2, y: (this.minY + this.maxY) / 2, distance: -Infinity };
    best.distance = this.signedDistance(best.x, best.y);
    if (!(cell > 0)) return best;
    const queue = new CellQueue();
    const add = (x: number, y: number, h: number) => {
      const distance = this.signedDistance(x, y);
      queue.push({ x, y, h, distance, max: distance + h * Math.SQRT2 });
      if (distance > best.distance) best = { x, y, distance };
    };
    for (let x = this.minX; x < this.maxX; x += cell) for (let y = this.minY; y < this.maxY; y += cell) add(x + cell / 2, y + cell / 2, cell / 2);
    let evaluations = 0;
    while (queue.size > 0 && evaluations < 1000) {
      const c = queue.pop()!;
      if (c.max - best.distance <= precision) break;
      const h = c.h / 2;
      add(c.x - h, c.y - h, h);
      add(c.x + h, c.y - h, h);
      add(c.x - h, c.y + h, h);
      add(c.x + h, c.y + h, h);
      evaluations += 4;
    }
    return best;
  }

  /**
   * Inside vertical corners: walking each outline loop with the floor on the left, runs of small
   * left turns between walls are fillets, single turns of 50° or more sharp corners.
   */
  corners(scale: number): { radius: number | null; sharp: number; triangles: number[] } {
    let radius: number | null = null;
    let sharp = 0;
    const triangles: number[] = [];
    for (const loop of this.loops()) {
      const found = loopCorners(loop, scale);
      for (const c of found) {
        if (radius === null || c.radius < radius) radius = c.radius;
        if (c.radius < SMALLEST_END_MILL_MM / 2) {
          sharp++;
          triangles.push(...c.walls);
        }
      }
    }
    return { radius, sharp, triangles };
  }
}

/**
 * The corners of one outline loop: fillets (radius = length / turn) and sharp turns (radius 0). A
 * fillet is a chain of short edges between small left turns; an edge much longer than the edges
 * beside it is a straight wall between two fillets (a rounded rectangle turns a little at every
 * corner, its sides included), so the chain stops there.
 */
function loopCorners(loop: readonly OutlineEdge[], scale: number): { radius: number; walls: number[] }[] {
  const count = loop.length;
  if (count < 3) return [];
  const at = (i: number) => ((i % count) + count) % count;
  // turn[i]: at the start of edge i (between edge i − 1 and edge i), left positive.
  const turn = loop.map((e, i) => {
    const before = loop[at(i - 1)]!;
    const ux = before.bx - before.ax, uy = before.by - before.ay;
    const vx = e.bx - e.ax, vy = e.by - e.ay;
    return Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  });
  const length = loop.map((e) => Math.hypot(e.bx - e.ax, e.by - e.ay));
  const walls = (i: number) => loop[i]!.rising && loop[at(i - 1)]!.rising;
  const arcVertex = (i: number) => turn[i]! > STRAIGHT_TURN && turn[i]! < SHARP_TURN && walls(i);
  const corners: { radius: number; walls: number[] }[] = [];
  for (let i = 0; i < count; i++) if (turn[i]! >= SHARP_TURN && walls(i)) corners.push({ radius: 0, walls: [loop[i]!.neighbour, loop[at(i - 1)]!.neighbour] });
  // Edge i is a fillet's chord when both its ends turn a little and it is not much longer than a chord beside it.
  const arcEdge = loop.map((_, i) => {
    if (!arcVertex(i) || !arcVertex(at(i + 1))) return false;
    const beside = Math.min(length[at(i - 1)]!, length[at(i + 1)]!);
    return length[i]! <= 2.5 * beside;
  });
  const corner = (edges: number[]) => {
    // The turns at both ends of the chain and between its edges; its length.
    let total = 0, chain = 0;
    const wallFacets: number[] = [];
    for (const j of edges) {
      total += turn[j]!;
      chain += length[j]!;
      wallFacets.push(loop[j]!.neighbour);
    }
    total += turn[at(edges.at(-1)! + 1)]!;
    if (total >= CORNER_TURN) corners.push({ radius: (chain / total) * scale, walls: wallFacets });
  };
  if (arcEdge.every(Boolean)) {
    // A round outline: one fillet all the way round.
    const total = turn.reduce((sum, a) => sum + a, 0);
    if (total >= CORNER_TURN) corners.push({ radius: (length.reduce((sum, l) => sum + l, 0) / total) * scale, walls: loop.map((e) => e.neighbour) });
    return corners;
  }
  const first = arcEdge.findIndex((a) => !a);
  let chain: number[] = [];
  for (let k = 1; k <= count; k++) {
    const i = at(first + k);
    if (arcEdge[i]) chain.push(i);
    else if (chain.length > 0) {
      corner(chain);
      chain = [];
    }
  }
  if (chain.length > 0) corner(chain);
  return corners;
}

function segmentDistanceSq(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax, dy = by - ay;
  const lengthSq = dx * dx + dy * dy;
  let t = lengthSq > 0 ? ((x - ax) * dx + (y - ay) * dy) / lengthSq : 0;
  t = Math.max(0, Math.min(1, t));
  const px = ax + t * dx - x, py = ay + t * dy - y;
  return px * px + py * py;
}

interface Cell {
  readonly x: number;
  readonly y: number;
  readonly h: number;
  readonly distance: number;
  readonly max: number;
}

/** A max-heap of cells by their best possible distance. */
class CellQueue {
  private readonly items: Cell[] = [];

  get size(): number {
    return this.items.length;
  }

  push(cell: Cell): void {
    const a = this.items;
    a.push(cell);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (a[parent]!.max >= a[i]!.max) break;
      [a[parent], a[i]] = [a[i]!, a[parent]!];
      i = parent;
    }
  }

  pop(): Cell | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1, r = l + 1;
        let m = i;
        if (l < a.length && a[l]!.max > a[m]!.max) m = l;
        if (r < a.length && a[r]!.max > a[m]!.max) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i]!, a[m]!];
        i = m;
      }
    }
    return top;
  }
}

/** Depth and width of a recess, by rays through the shared hierarchy. */
class FeatureGeometry {
  private readonly step: number;

  constructor(
    private readonly p: Float32Array,
    private readonly normals: Float64Array,
    private readonly caster: MeshRayCaster,
    private readonly tolerance: number,
    size: number,
  ) {
    this.step = Math.max(size * 1e-5, tolerance * 10);
  }

  /**
   * How high the walls rise above the floor: from just inside each wall's material, a little above
   * the floor, a ray along the direction leaves the material at the wall's top. The highest, over
   * up to 24 of the longest wall edges.
   */
  depth(floor: Floor): number {
    const { up } = floor;
    const walls = floor.edges
      .filter((e) => e.rising)
      .map((e) => ({ e, length: Math.hypot(e.bx - e.ax, e.by - e.ay) }))
      .sort((a, b) => b.length - a.length)
      .slice(0, DEPTH_RAYS);
    let depth = 0;
    for (const { e } of walls) {
      const n = floor.wallNormal(e.neighbour);
      // Into the wall: against its normal, across the floor's direction only.
      const along = n[0] * up[0] + n[1] * up[1] + n[2] * up[2];
      let ix = -(n[0] - along * up[0]), iy = -(n[1] - along * up[1]), iz = -(n[2] - along * up[2]);
      const l = Math.hypot(ix, iy, iz);
      if (!(l > 1e-6)) continue;
      ix /= l;
      iy /= l;
      iz /= l;
      const s = this.step;
      const hit = this.caster.castFirst(e.mid[0] + ix * s + up[0] * s, e.mid[1] + iy * s + up[1] * s, e.mid[2] + iz * s + up[2] * s, up[0], up[1], up[2]);
      if (!hit || hit.entering) continue; // not inside the material (a wall thinner than the step)
      depth = Math.max(depth, hit.distance + s);
    }
    return depth;
  }

  /**
   * The narrowest chord through the pole, across the direction, at the floor, halfway up and near
   * the top (eight chords a level), and whether at the floor every ray meets a wall (closed).
   */
  width(floor: Floor, pole: { x: number; y: number }, depth: number): { width: number; closed: boolean } {
    const { up, e1, e2 } = floor;
    const base = floor.point(pole.x, pole.y);
    const lift = Math.min(depth * 0.05, depth / 2);
    let width = Infinity;
    let closed = true;
    const levels = [lift, depth / 2, depth - lift];
    levels.forEach((level, index) => {
      const o: Vec3 = [base[0] + up[0] * level, base[1] + up[1] * level, base[2] + up[2] * level];
      const distances: number[] = [];
      let inMaterial = false;
      for (let k = 0; k < 16; k++) {
        const a = (k * Math.PI) / 8;
        const c = Math.cos(a), s = Math.sin(a);
        const dx = c * e1[0] + s * e2[0], dy = c * e1[1] + s * e2[1], dz = c * e1[2] + s * e2[2];
        const hit = this.caster.castFirst(o[0], o[1], o[2], dx, dy, dz);
        if (hit && !hit.entering) inMaterial = true;
        distances.push(hit ? hit.distance : Infinity);
      }
      if (inMaterial) return; // the pole is under an overhang at this level: not measured here
      if (index === 0 && distances.some((d) => !Number.isFinite(d))) closed = false;
      for (let k = 0; k < 8; k++) width = Math.min(width, distances[k]! + distances[k + 8]!);
    });
    return { width, closed: closed && Number.isFinite(width) };
  }
}

/** How a recess is cut: the end mill that fits its width and corners, and how deep that is in its diameters. */
export interface RecessTooling {
  /** The widest standard end mill that fits across it; null when even the smallest does not. */
  readonly roughingToolMm: number | null;
  /** The end mill its inside corners allow (their radius × 2), at most the roughing one; the smallest for a sharp corner. */
  readonly cornerToolMm: number | null;
  /** Depth in diameters of the roughing end mill (the widest that fits): how far it must reach. */
  readonly reachDiameters: number;
}

export function recessTooling(recess: Pick<Recess, 'widthMm' | 'depthMm' | 'cornerRadiusMm'>): RecessTooling {
  const roughing = endMillFor(recess.widthMm);
  const corner = recess.cornerRadiusMm === null ? roughing : endMillFor(Math.max(2 * recess.cornerRadiusMm, SMALLEST_END_MILL_MM));
  const cornerTool = roughing === null || corner === null ? corner : Math.min(roughing, corner);
  return { roughingToolMm: roughing, cornerToolMm: cornerTool, reachDiameters: roughing === null ? Infinity : recess.depthMm / roughing };
}

/** True when a recess is deeper than any standard tool that fits it reaches (an engineer decides how). */
export function beyondReach(recess: Pick<Recess, 'widthMm' | 'depthMm' | 'cornerRadiusMm'>): boolean {
  return recessTooling(recess).reachDiameters > MAX_REACH_DIAMETERS;
}

const mm = (v: number) => `${+v.toFixed(v < 10 ? 2 : 1)}`;
const WORDS: Record<AxisDirection, string> = { top: 'the top', bottom: 'the bottom', front: 'the front', back: 'the back', left: 'the left', right: 'the right' };

/** Findings of the recesses: one per pocket or slot (info), sharp corners and deep narrow ones (warnings). */
export function featureFindings(features: FeatureAnalysis): Finding[] {
  const findings: Finding[] = [];
  const { recesses } = features;
  recesses.forEach((r, index) => {
    const name = `${r.kind === 'pocket' ? 'Pocket' : 'Slot'} ${index + 1} of ${recesses.length}, from ${WORDS[r.direction]}`;
    const tooling = recessTooling(r);
    const corners = r.cornerRadiusMm === null ? '' : r.cornerRadiusMm < SMALLEST_END_MILL_MM / 2 ? ', sharp inside corners' : `, inside corners R${mm(r.cornerRadiusMm)}`;
    const tool = tooling.roughingToolMm === null ? '' : ` (cut with a Ø${tooling.roughingToolMm} mm end mill)`;
    findings.push(
      createFinding('pocket', `${name}: ${mm(r.depthMm)} mm deep, ${mm(r.widthMm)} mm wide, floor ${+r.floorAreaMm2.toPrecision(3)} mm²${corners}${tool}.`, {
        triangles: r.triangles,
        count: r.triangles.length,
      }),
    );
    if (r.sharpCorners > 0) {
      const best = Math.max(SMALLEST_END_MILL_MM / 2, Math.min(r.depthMm / 3, 3));
      findings.push(
        createFinding(
          'sharp-corner',
          `${name}: ${r.sharpCorners === 1 ? '1 inside corner is' : `${r.sharpCorners} inside corners are`} sharper than our smallest end mill (Ø${SMALLEST_END_MILL_MM} mm) can cut; it leaves a radius of ${SMALLEST_END_MILL_MM / 2} mm there, as priced.`,
          {
            triangles: r.cornerTriangles,
            count: r.cornerTriangles.length,
            fixHint: `Add a radius of at least ${SMALLEST_END_MILL_MM / 2} mm to the highlighted corners (${mm(best)} mm or more is faster: about a third of the depth), or tell us if they must be sharp (EDM, priced by an engineer).`,
          },
        ),
      );
    }
    const reach = tooling.reachDiameters;
    const roughing = tooling.roughingToolMm;
    if (roughing === null) {
      // No end mill fits across it, however shallow.
      findings.push(
        createFinding('deep-feature', `${name}, is ${mm(r.widthMm)} mm wide and ${mm(r.depthMm)} mm deep: narrower than our smallest end mill (Ø${SMALLEST_END_MILL_MM} mm). An engineer decides how to make it.`, {
          triangles: r.triangles,
          count: r.triangles.length,
          fixHint: `Make it at least ${SMALLEST_END_MILL_MM} mm wide (with inside corners of at least R${mm(SMALLEST_END_MILL_MM / 2)}), or tell us how it must be made (a smaller cutter, EDM, a laser: priced by an engineer).`,
        }),
      );
    } else if (reach > STANDARD_REACH_DIAMETERS) {
      const toolText = `the Ø${roughing} mm end mill that fits it`;
      // The width at which a standard tool reaches the depth at full speed, and the depth the fitting tool reaches.
      const wider = END_MILL_DIAMETERS_MM.find((d) => d * STANDARD_REACH_DIAMETERS >= r.depthMm);
      const fix = `Make it at least ${wider ?? mm(r.depthMm / STANDARD_REACH_DIAMETERS)} mm wide (with inside corners of at least R${mm((wider ?? r.depthMm / STANDARD_REACH_DIAMETERS) / 2)}), or no deeper than ${mm(roughing * STANDARD_REACH_DIAMETERS)} mm.`;
      findings.push(
        reach > MAX_REACH_DIAMETERS
          ? createFinding('deep-feature', `${name}, is ${mm(r.depthMm)} mm deep: ${+reach.toFixed(1)} diameters of ${toolText}, beyond the ${MAX_REACH_DIAMETERS} diameters a long-reach tool reaches. An engineer decides how to make it.`, {
              triangles: r.triangles,
              count: r.triangles.length,
              fixHint: fix,
            })
          : createFinding('deep-feature', `${name}, is ${mm(r.depthMm)} mm deep: ${+reach.toFixed(1)} diameters of ${toolText}, so it is cut with a long-reach tool at half speed, as priced.`, {
              triangles: r.triangles,
              count: r.triangles.length,
              fixHint: fix,
            }),
      );
    }
  });
  const open = features.open;
  if (open.sharpCorners > 0) {
    findings.push(
      createFinding('sharp-corner', `${open.sharpCorners === 1 ? '1 inside corner' : `${open.sharpCorners} inside corners`} of the outline or a step ${open.sharpCorners === 1 ? 'is' : 'are'} sharper than our smallest end mill (Ø${SMALLEST_END_MILL_MM} mm) can cut; it leaves a radius of ${SMALLEST_END_MILL_MM / 2} mm there, as priced.`, {
        triangles: open.cornerTriangles,
        count: open.cornerTriangles.length,
        fixHint: `Add a radius of at least ${SMALLEST_END_MILL_MM / 2} mm to the highlighted corners, or tell us if they must be sharp (EDM, priced by an engineer).`,
      }),
    );
  }
  return findings;
}

/** Thin-wall regions located for machining, at most. */
const MAX_THIN_WALL_FINDINGS = 10;

/**
 * Walls thinner than machining allows (`MACHINING_THIN_WALL_MM`, the plastics' 1.5 mm), from the
 * wall thickness measured per facet (wall-thickness.ts): connected facets thinner than that, one
 * located finding each (thinnest first), naming the metals' and the plastics' minimums.
 */
export function machiningThinWallFindings(positions: Float32Array, thicknessMm: Float32Array, twins: Int32Array, areas: Float64Array, mmPerUnit: number, chordToleranceMm = 0): Finding[] {
  const n = thicknessMm.length;
  const thin = (t: number) => isThinnerThan(thicknessMm[t]!, MACHINING_THIN_WALL_MM, chordToleranceMm);
  const seen = new Uint8Array(n);
  const regions: { triangles: number[]; min: number; area: number }[] = [];
  for (let start = 0; start < n; start++) {
    if (seen[start] || !thin(start)) continue;
    const members = [start];
    seen[start] = 1;
    let min = Infinity, area = 0;
    for (let q = 0; q < members.length; q++) {
      const t = members[q]!;
      min = Math.min(min, thicknessMm[t]!);
      area += areas[t]! * mmPerUnit * mmPerUnit;
      for (let k = 0; k < 3; k++) {
        const other = twins[t * 3 + k]!;
        if (other < 0) continue;
        const u = (other / 3) | 0;
        if (seen[u] || !thin(u)) continue;
        seen[u] = 1;
        members.push(u);
      }
    }
    regions.push({ triangles: members.sort((a, b) => a - b), min, area });
  }
  // The two faces of one wall are two regions over edges (the wall's top joins them only when it is
  // thin too): regions whose boxes come within the machining minimum of each other are one wall.
  const limit = MACHINING_THIN_WALL_MM / mmPerUnit;
  const merged: { triangles: number[]; min: number; area: number; box: Box }[] = [];
  for (const r of regions) {
    const box = boxOf(positions, r.triangles);
    const near = merged.find((m) => boxesMeet(m.box, box, limit));
    if (near) {
      near.triangles.push(...r.triangles);
      near.min = Math.min(near.min, r.min);
      near.area += r.area;
      near.box = unionBox(near.box, box);
    } else merged.push({ ...r, box });
  }
  merged.sort((a, b) => a.min - b.min);
  return merged.slice(0, MAX_THIN_WALL_FINDINGS).map((r, i) => {
    const label = merged.length > 1 ? `Thin wall ${i + 1} of ${merged.length}` : 'Thin wall';
    const underMetal = isThinnerThan(r.min, METAL_MIN_WALL_MM, chordToleranceMm);
    const metal = underMetal ? `, below the ${METAL_MIN_WALL_MM} mm we machine in metals and the ${PLASTIC_MIN_WALL_MM} mm in plastics` : `, below the ${PLASTIC_MIN_WALL_MM} mm we machine in plastics (metals: ${METAL_MIN_WALL_MM} mm)`;
    r.triangles.sort((a, b) => a - b);
    return createFinding('machining-thin-wall', `${label}: ${formatWallMm(r.min, underMetal ? METAL_MIN_WALL_MM : PLASTIC_MIN_WALL_MM)} mm thick over ${+r.area.toPrecision(3)} mm²${metal}.`, {
      triangles: r.triangles,
      count: r.triangles.length,
      fixHint: `Thicken the highlighted wall to at least ${underMetal ? `${METAL_MIN_WALL_MM} mm for metals and ` : ''}${PLASTIC_MIN_WALL_MM} mm for plastics: thinner walls vibrate under the cutter and bend.`,
    });
  });
}

type Box = [number, number, number, number, number, number];

function boxOf(p: Float32Array, triangles: readonly number[]): Box {
  const b: Box = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  for (const t of triangles) {
    for (let i = t * 9; i < t * 9 + 9; i += 3) {
      for (let k = 0; k < 3; k++) {
        b[k] = Math.min(b[k]!, p[i + k]!);
        b[k + 3] = Math.max(b[k + 3]!, p[i + k]!);
      }
    }
  }
  return b;
}

function boxesMeet(a: Box, b: Box, margin: number): boolean {
  for (let k = 0; k < 3; k++) if (a[k]! > b[k + 3]! + margin || b[k]! > a[k + 3]! + margin) return false;
  return true;
}

function unionBox(a: Box, b: Box): Box {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.min(a[2], b[2]), Math.max(a[3], b[3]), Math.max(a[4], b[4]), Math.max(a[5], b[5])];
}

/** The imported mesh: a flat triangle list in typed arrays, ready to transfer from a worker. */
import type { Finding } from './findings';

export type CadFormat = 'stl-binary' | 'stl-ascii' | 'step' | 'obj' | '3mf';

/** A named body of an assembly or multi-solid file: a run of consecutive triangles. */
export interface MeshBody {
  readonly name: string;
  readonly firstTriangle: number;
  readonly triangleCount: number;
}

/**
 * A face of the CAD model's boundary (a STEP B-rep face: a plane, a cylinder, a fillet, ...) as a
 * run of consecutive triangles. Only files that carry faces (STEP) have them.
 */
export interface MeshFace {
  readonly firstTriangle: number;
  readonly triangleCount: number;
}

export interface Mesh {
  /**
   * The corners of every triangle, x y z of corner 0, 1, 2, nine numbers a triangle, counter-
   * clockwise seen from outside. Exactly `triangleCount * 9` long (its buffer can be transferred).
   */
  readonly positions: Float32Array;
  readonly triangleCount: number;
  readonly bodies: readonly MeshBody[];
  /** The B-rep faces, in triangle order, when the file has them (STEP); absent otherwise. */
  readonly faces?: readonly MeshFace[];
  /**
   * How far a facet may stand off the curved surface it was cut from, mm: the chord tolerance a
   * STEP file was tessellated with (step.ts). Absent for a mesh file, whose facets are the part.
   */
  readonly chordToleranceMm?: number;
}

/** Length unit the file itself declares (STEP, 3MF), after conversion to mm; null for STL and OBJ. */
export type DeclaredUnit = 'mm' | null;

export interface ImportResult {
  /** Format detected from the content; null when not recognised. */
  readonly format: CadFormat | null;
  /** The geometry read, or null when nothing usable could be read. */
  readonly mesh: Mesh | null;
  readonly findings: readonly Finding[];
  /** 'mm' when the file declared its units and the mesh was converted to millimetres. */
  readonly declaredUnit: DeclaredUnit;
}

/**
 * Growable triangle buffer for parsers that do not know the triangle count in advance
 * (ASCII STL, OBJ, STEP). Doubles its capacity as needed; `finish` trims to the exact length.
 */
export class TriangleBuffer {
  private data: Float32Array;
  private length = 0;

  constructor(initialTriangles = 1024) {
    this.data = new Float32Array(Math.max(1, initialTriangles) * 9);
  }

  get triangleCount(): number {
    return this.length / 9;
  }

  push(
    ax: number, ay: number, az: number,
    bx: number, by: number, bz: number,
    cx: number, cy: number, cz: number,
  ): void {
    if (this.length + 9 > this.data.length) this.grow();
    const d = this.data;
    const i = this.length;
    d[i] = ax; d[i + 1] = ay; d[i + 2] = az;
    d[i + 3] = bx; d[i + 4] = by; d[i + 5] = bz;
    d[i + 6] = cx; d[i + 7] = cy; d[i + 8] = cz;
    this.length = i + 9;
  }

  finish(): Float32Array {
    return this.length === this.data.length ? this.data : this.data.slice(0, this.length);
  }

  private grow(): void {
    const next = new Float32Array(this.data.length * 2);
    next.set(this.data);
    this.data = next;
  }
}

/** A mesh from positions and bodies; one unnamed body when none are given. */
export function createMesh(positions: Float32Array, bodies?: readonly MeshBody[], name = ''): Mesh {
  const triangleCount = positions.length / 9;
  return {
    positions,
    triangleCount,
    bodies: bodies && bodies.length > 0 ? bodies : [{ name, firstTriangle: 0, triangleCount }],
  };
}

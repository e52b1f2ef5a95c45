/**
 * STEP through OpenCascade compiled to WebAssembly (occt-import-js). Loading the WASM differs
 * between Node and a browser worker, so the caller injects the initialised module:
 *
 *   const importStep = createStepImporter(await occtimportjs());
 *   const result = importStep(bytes);
 *
 * OpenCascade converts the file's units to millimetres and tessellates every face; the
 * assembly tree is flattened into named bodies.
 */
import { MAX_TRIANGLES } from '#domain/catalogue/limits';
import { createFinding, TriangleList, type Finding } from './findings';
import { TriangleBuffer, createMesh, type ImportResult, type MeshBody, type MeshFace } from './mesh';
import { inRange } from './stl-binary';

/** The part of occt-import-js's API we use (it ships no types). */
export interface OcctModule {
  ReadStepFile(content: Uint8Array, params: OcctParams | null): OcctResult;
}

export interface OcctParams {
  linearUnit?: 'millimeter' | 'centimeter' | 'meter' | 'inch' | 'foot';
  linearDeflectionType?: 'bounding_box_ratio' | 'absolute_value';
  linearDeflection?: number;
  angularDeflection?: number;
}

export interface OcctNode {
  name?: string;
  meshes?: number[];
  children?: OcctNode[];
}

export interface OcctMesh {
  name?: string;
  color?: number[];
  /** The B-rep faces: triangle ranges (inclusive) of `index`, one per face of the solid. */
  brep_faces?: { first: number; last: number }[];
  attributes: { position: { array: ArrayLike<number> } };
  index: { array: ArrayLike<number> };
}

export interface OcctResult {
  success: boolean;
  root?: OcctNode;
  meshes?: OcctMesh[];
}

export interface StepOptions {
  /**
   * Chord tolerance as a ratio of the model's size (OpenCascade's 'bounding_box_ratio'). Volumes
   * of curved bodies converge as it shrinks; 0.001 keeps a cylinder's volume within about 0.1 %.
   */
  readonly linearDeflection?: number;
  /** Angular tolerance in radians. */
  readonly angularDeflection?: number;
  readonly maxTriangles?: number;
}

export type StepImporter = (bytes: Uint8Array, options?: StepOptions) => ImportResult;

export const DEFAULT_STEP_OPTIONS = { linearDeflection: 0.001, angularDeflection: 0.2 } as const;

export function createStepImporter(occt: OcctModule): StepImporter {
  return (bytes, options = {}) => importStep(occt, bytes, options);
}

function importStep(occt: OcctModule, bytes: Uint8Array, options: StepOptions): ImportResult {
  const fail = (finding: Finding): ImportResult => ({ format: 'step', mesh: null, findings: [finding], declaredUnit: 'mm' });
  if (bytes.length === 0) return fail(createFinding('empty-file', 'The file is empty (0 bytes).'));
  const angularDeflection = options.angularDeflection ?? DEFAULT_STEP_OPTIONS.angularDeflection;
  let result: OcctResult;
  // The chord tolerance the kept tessellation was cut with, mm (the mesh's `chordToleranceMm`).
  let chordToleranceMm = 0;
  try {
    result = occt.ReadStepFile(bytes, {
      linearUnit: 'millimeter',
      linearDeflectionType: 'bounding_box_ratio',
      linearDeflection: options.linearDeflection ?? DEFAULT_STEP_OPTIONS.linearDeflection,
      angularDeflection,
    });
    // A thin or finely curved part: the chord tolerance of its size leaves the volume too far off
    // the exact solid's; read it again with a chord tolerance tied to its own volume and area.
    // One pass over the first read's corners for its box: the finer chord's and the tolerance's.
    const diagonal = boxDiagonal(result.meshes ?? []);
    const finer = options.linearDeflection === undefined && result.success ? finerDeflection(result.meshes ?? [], diagonal) : null;
    chordToleranceMm = (options.linearDeflection ?? DEFAULT_STEP_OPTIONS.linearDeflection) * diagonal;
    if (finer !== null) {
      const again = occt.ReadStepFile(bytes, { linearUnit: 'millimeter', linearDeflectionType: 'absolute_value', linearDeflection: finer, angularDeflection });
      if (again.success && (again.meshes ?? []).length > 0) {
        result = again;
        chordToleranceMm = finer;
      }
    }
  } catch (error) {
    return fail(createFinding('unreadable', `OpenCascade could not read the file (${describe(error)}).`));
  }
  if (!result.success) return fail(createFinding('unreadable', 'OpenCascade could not read this STEP file: its syntax or structure is damaged.'));
  const meshes = result.meshes ?? [];
  if (meshes.length === 0) return fail(emptyStepFinding(bytes));
  const flat = flatten(result.root ?? {}, meshes, options.maxTriangles ?? MAX_TRIANGLES);
  return flat.mesh && chordToleranceMm > 0 ? { ...flat, mesh: { ...flat.mesh, chordToleranceMm } } : flat;
}

/**
 * The volume error a tessellation may leave (ADR 159): OpenCascade's chord tolerance δ bounds how
 * far a facet strays from its curved face; facets inscribed in a curve lose about 2/3 δ of thickness
 * over its area, so the volume is off by at most about (2/3) δ A / V, A the (curved) area and V the
 * volume. Aim at this share, with room under the 0.5 % promised.
 */
export const STEP_VOLUME_ERROR = 0.002;
/** The finer read's tolerance is at most this many times smaller than the first (time: triangles grow as 1/δ). */
const MAX_REFINEMENT = 8;

/**
 * The absolute chord tolerance (mm) that keeps the volume within STEP_VOLUME_ERROR, when the first
 * read's (a share of the bounding box) does not; null when it does or nothing can be judged.
 * Measured on the first tessellation: its box, volume, and the area of its curved B-rep faces (a face
 * whose facets all share one normal is planar and loses nothing). `diagonal`: its box's, when the
 * caller has measured it already.
 */
export function finerDeflection(meshes: readonly OcctMesh[], diagonal = boxDiagonal(meshes)): number | null {
  let curvedArea = 0, volume = 0;
  for (const mesh of meshes) {
    const p = mesh.attributes.position.array;
    const index = mesh.index.array;
    const triangles = Math.floor(index.length / 3);
    // Per triangle: its area and unit normal; planar B-rep faces (every normal the same) lose no volume.
    const areas = new Float64Array(triangles);
    const normals = new Float64Array(triangles * 3);
    for (let t = 0; t < triangles; t++) {
      const a = (index[t * 3] as number) * 3, b = (index[t * 3 + 1] as number) * 3, c = (index[t * 3 + 2] as number) * 3;
      const ax = p[a] as number, ay = p[a + 1] as number, az = p[a + 2] as number;
      const ux = (p[b] as number) - ax, uy = (p[b + 1] as number) - ay, uz = (p[b + 2] as number) - az;
      const vx = (p[c] as number) - ax, vy = (p[c + 1] as number) - ay, vz = (p[c + 2] as number) - az;
      const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
      const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
      areas[t] = length / 2;
      if (length > 0) normals.set([nx / length, ny / length, nz / length], t * 3);
      volume += (ax * nx + ay * ny + az * nz) / 6;
    }
    const faces = mesh.brep_faces && mesh.brep_faces.length > 0 ? mesh.brep_faces : [{ first: 0, last: triangles - 1 }];
    for (const face of faces) {
      const from = Math.max(0, face.first), to = Math.min(triangles - 1, face.last);
      let area = 0, planar = true;
      for (let t = from; t <= to; t++) {
        area += areas[t] as number;
        const dot = (normals[t * 3] as number) * (normals[from * 3] as number) + (normals[t * 3 + 1] as number) * (normals[from * 3 + 1] as number) + (normals[t * 3 + 2] as number) * (normals[from * 3 + 2] as number);
        if ((areas[t] as number) > 0 && dot < 1 - 1e-9) planar = false;
      }
      if (!planar) curvedArea += area;
    }
  }
  volume = Math.abs(volume);
  if (!(curvedArea > 0) || !(volume > 0) || !Number.isFinite(diagonal)) return null;
  const used = DEFAULT_STEP_OPTIONS.linearDeflection * diagonal;
  const needed = (1.5 * STEP_VOLUME_ERROR * volume) / curvedArea;
  return needed < used ? Math.max(needed, used / MAX_REFINEMENT) : null;
}

/** The diagonal of the box around every mesh's positions, mm (NaN when there are none). */
function boxDiagonal(meshes: readonly OcctMesh[]): number {
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  for (const mesh of meshes) {
    const p = mesh.attributes.position.array;
    for (let i = 0; i + 2 < p.length; i += 3) {
      for (let k = 0; k < 3; k++) {
        const x = p[i + k] as number;
        if (x < (min[k] as number)) min[k] = x;
        if (x > (max[k] as number)) max[k] = x;
      }
    }
  }
  return Math.hypot((max[0] as number) - (min[0] as number), (max[1] as number) - (min[1] as number), (max[2] as number) - (min[2] as number));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A STEP assembly whose parts live in other files reads "successfully" with no geometry: say so,
 * naming the files it points to.
 */
function emptyStepFinding(bytes: Uint8Array): Finding {
  const text = new TextDecoder('latin1').decode(bytes.subarray(0, 4_000_000));
  if (/EXTERNAL_SOURCE|DOCUMENT_FILE|EXTERNALLY_DEFINED/i.test(text)) {
    const names = [...new Set([...text.matchAll(/'([^'\\/]+\.(?:stp|step|p21))'/gi)].map((m) => m[1]))].slice(0, 10);
    const list = names.length > 0 ? `: ${names.join(', ')}` : '';
    return createFinding('step-external-references', `This STEP assembly refers to parts in other files${list}; no geometry is inside this file.`, {
      count: names.length,
    });
  }
  return createFinding('no-triangles', 'The STEP file holds no solid or surface geometry.');
}

interface Placed {
  readonly mesh: OcctMesh;
  readonly name: string;
}

/** The meshes in tree order, each named by its path in the assembly. */
function placedMeshes(root: OcctNode, meshes: OcctMesh[]): Placed[] {
  const placed: Placed[] = [];
  const used = new Set<number>();
  const visit = (node: OcctNode, path: string[], depth: number): void => {
    if (depth > 64) return;
    const here = node.name ? [...path, node.name] : path;
    for (const index of node.meshes ?? []) {
      const mesh = meshes[index];
      if (!mesh) continue;
      used.add(index);
      const leaf = mesh.name && mesh.name !== node.name ? [...here, mesh.name] : here;
      placed.push({ mesh, name: leaf.join(' / ') || `Body ${placed.length + 1}` });
    }
    for (const child of node.children ?? []) visit(child, here, depth + 1);
  };
  visit(root, [], 0);
  meshes.forEach((mesh, index) => {
    if (!used.has(index)) placed.push({ mesh, name: mesh.name || `Body ${placed.length + 1}` });
  });
  return placed;
}

function flatten(root: OcctNode, meshes: OcctMesh[], maxTriangles: number): ImportResult {
  const out = new TriangleBuffer(1024);
  const bodies: MeshBody[] = [];
  const faces: MeshFace[] = [];
  const outOfRange = new TriangleList();
  const badIndices = new TriangleList();
  for (const { mesh, name } of placedMeshes(root, meshes)) {
    const first = out.triangleCount;
    const position = mesh.attributes.position.array;
    const index = mesh.index.array;
    if (first + index.length / 3 > maxTriangles) {
      const finding = createFinding('too-many-triangles', `The tessellated model has more than ${maxTriangles.toLocaleString('en-US')} triangles, the limit.`);
      return { format: 'step', mesh: null, findings: [finding], declaredUnit: 'mm' };
    }
    // Where each of this mesh's triangles lands in the output (-1: left out), for its faces.
    const landed = new Int32Array(Math.floor(index.length / 3)).fill(-1);
    for (let k = 0; k + 2 < index.length; k += 3) {
      const a = (index[k] as number) * 3, b = (index[k + 1] as number) * 3, c = (index[k + 2] as number) * 3;
      if (Math.max(a, b, c) + 2 >= position.length || Math.min(a, b, c) < 0) {
        badIndices.add(k / 3);
        continue;
      }
      const ax = position[a] as number, ay = position[a + 1] as number, az = position[a + 2] as number;
      const bx = position[b] as number, by = position[b + 1] as number, bz = position[b + 2] as number;
      const cx = position[c] as number, cy = position[c + 1] as number, cz = position[c + 2] as number;
      if (!(inRange(ax) && inRange(ay) && inRange(az) && inRange(bx) && inRange(by) && inRange(bz) && inRange(cx) && inRange(cy) && inRange(cz))) {
        outOfRange.add(out.triangleCount);
        continue;
      }
      landed[k / 3] = out.triangleCount;
      out.push(ax, ay, az, bx, by, bz, cx, cy, cz);
    }
    if (out.triangleCount > first) bodies.push({ name, firstTriangle: first, triangleCount: out.triangleCount - first });
    faces.push(...brepFaces(mesh.brep_faces, landed));
  }
  const positions = out.finish();
  const result = out.triangleCount > 0 ? createMesh(positions, bodies) : null;
  return {
    format: 'step',
    mesh: result && faces.length > 0 ? { ...result, faces } : result,
    findings: flattenFindings(out.triangleCount, outOfRange, badIndices),
    declaredUnit: 'mm',
  };
}

/**
 * The B-rep faces as runs of output triangles. OpenCascade lists each face's triangles as one
 * inclusive range; triangles left out (bad indices, unusable coordinates) are skipped, which keeps
 * every face's run consecutive. Ranges out of order or out of bounds are ignored.
 */
function brepFaces(ranges: OcctMesh['brep_faces'], landed: Int32Array): MeshFace[] {
  const faces: MeshFace[] = [];
  let next = 0;
  for (const range of ranges ?? []) {
    const from = Math.max(range.first, next), to = Math.min(range.last, landed.length - 1);
    if (!Number.isInteger(from) || !Number.isInteger(to) || to < from) continue;
    next = to + 1;
    let firstTriangle = -1, triangleCount = 0;
    for (let t = from; t <= to; t++) {
      const at = landed[t] as number;
      if (at < 0) continue;
      if (firstTriangle < 0) firstTriangle = at;
      triangleCount++;
    }
    if (triangleCount > 0) faces.push({ firstTriangle, triangleCount });
  }
  return faces;
}

function flattenFindings(triangles: number, outOfRange: TriangleList, badIndices: TriangleList): Finding[] {
  const findings: Finding[] = [];
  if (outOfRange.count > 0) {
    findings.push(createFinding('non-finite-coordinates', `${outOfRange.count} tessellated triangle(s) had unusable coordinates and were left out.`, { count: outOfRange.count }));
  }
  if (badIndices.count > 0) {
    findings.push(createFinding('unreadable', `${badIndices.count} triangle(s) of the tessellation point to missing vertices and were left out.`, { count: badIndices.count }));
  }
  if (triangles === 0) findings.push(createFinding('no-triangles', 'The STEP file holds no solid or surface geometry.'));
  return findings;
}

/**
 * Wavefront OBJ (ADR 157): `v` vertices and `f` faces (`v/vt/vn` and negative indices accepted;
 * polygons of more than three corners triangulated by ear clipping in their plane, so a concave
 * outline stays inside itself), a `\` at the end of a line continues it on the next, `#` starts a
 * comment anywhere on a line. `o` and `g` lines name the faces that follow, but every face indexes
 * the file's one vertex pool: objects that share a vertex index are one body (`build`), so bodies
 * are what the faces' connectivity says, not the object lines. Materials, textures and normals are
 * ignored; OBJ carries no units.
 */
import { MAX_TRIANGLES } from '#domain/catalogue/limits';
import { isObjStatement } from './detect-format';
import { createFinding, TriangleList, type Finding } from './findings';
import { TriangleBuffer, createMesh, type ImportResult, type MeshBody } from './mesh';
import { newellNormal, triangulatePolygon } from './polygon';
import { inRange } from './stl-binary';

export interface ObjOptions {
  readonly maxTriangles?: number;
}

interface ObjFace {
  readonly corners: number[];
  readonly body: number;
  readonly line: number;
}

class ObjReader {
  private vertices: number[] = [];
  private readonly faces: ObjFace[] = [];
  private readonly bodyNames: string[] = [''];
  private unknownLines = 0;
  private objectNamed = false;
  readonly badFaces = new TriangleList();
  readonly badVertices = new TriangleList();

  read(text: string): void {
    let start = 0;
    let line = 0;
    let pending = '';
    let pendingLine = 0;
    // Lines end in LF (CR LF too), or in CR alone (classic Mac OS).
    const lineEnd = text.includes('\n') ? '\n' : '\r';
    while (start < text.length) {
      let end = text.indexOf(lineEnd, start);
      if (end < 0) end = text.length;
      const raw = stripComment(text.slice(start, end)).trimEnd();
      if (pending === '') pendingLine = line;
      line++;
      start = end + 1;
      // A backslash at the end of a line continues the statement on the next line.
      if (raw.endsWith('\\')) {
        pending += `${raw.slice(0, -1)} `;
        continue;
      }
      this.readLine((pending + raw).trim(), pendingLine);
      pending = '';
    }
    if (pending !== '') this.readLine(pending.trim(), pendingLine);
  }

  private readLine(line: string, number: number): void {
    if (line === '') return;
    const parts = line.split(/\s+/);
    switch (parts[0]) {
      case 'v':
        this.readVertex(parts, number);
        break;
      case 'f':
        this.readFace(parts, number);
        break;
      case 'o':
        this.objectNamed = true;
        this.bodyNames.push(parts.slice(1).join(' '));
        break;
      case 'g':
        // A group names the faces after it, like an object, unless an object line names them already.
        if (!this.objectNamed) this.bodyNames.push(parts.slice(1).join(' '));
        break;
      default:
        // Normals, textures, materials (an inline library's too) and free-form statements are passed over.
        if (!isObjStatement(parts[0] ?? '')) this.unknownLines++;
    }
  }

  private readVertex(parts: string[], line: number): void {
    const xyz = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
    if (!xyz.every(inRange)) this.badVertices.add(line);
    this.vertices.push(...xyz);
  }

  private readFace(parts: string[], line: number): void {
    const vertexCount = this.vertices.length / 3;
    const corners = parts.slice(1).map((token) => {
      const index = Number.parseInt(token, 10);
      return index < 0 ? vertexCount + index : index - 1;
    });
    this.faces.push({ corners, body: this.bodyNames.length - 1, line });
  }

  /**
   * Triangles body by body. Objects (`o`, or `g` without `o`) that share a vertex index are one
   * body: the faces' connectivity, through the one vertex pool, says what a body is, not the object
   * lines. Objects that share none are separate bodies (welded apart, like a 3MF's objects), even
   * when their vertices lie at the same place. Faces keep the file's order within a body.
   */
  build(maxTriangles: number): { positions: Float32Array; bodies: MeshBody[]; tooMany: boolean } {
    const out = new TriangleBuffer(Math.max(16, this.faces.length));
    const bodies: MeshBody[] = [];
    const vertexCount = this.vertices.length / 3;
    const valid = this.faces.filter((face) => {
      const ok = face.corners.length >= 3 && face.corners.every((c) => Number.isInteger(c) && c >= 0 && c < vertexCount && this.finiteVertex(c));
      if (!ok) this.badFaces.add(face.line);
      return ok;
    });
    const group = this.connectedObjects(valid, vertexCount);
    const order: number[] = [];
    const members = new Map<number, number[]>();
    valid.forEach((face, k) => {
      const g = group[face.body] as number;
      if (!members.has(g)) {
        members.set(g, []);
        order.push(g);
      }
      members.get(g)?.push(k);
    });
    const recut = this.untangleQuadDiagonals(valid);
    for (const g of order) {
      const indices = members.get(g) ?? [];
      const first = out.triangleCount;
      for (const f of indices) {
        const { corners } = valid[f] as ObjFace;
        const triangles = recut.get(f) ?? (corners.length === 3 ? corners : this.triangulate(corners));
        for (let k = 0; k + 2 < triangles.length; k += 3) {
          if (out.triangleCount >= maxTriangles) return { positions: out.finish(), bodies, tooMany: true };
          this.emit(out, triangles[k] as number, triangles[k + 1] as number, triangles[k + 2] as number);
        }
      }
      const names = [...new Set(indices.map((f) => this.bodyNames[(valid[f] as ObjFace).body] ?? ''))].filter((n) => n !== '');
      if (out.triangleCount > first) bodies.push({ name: names.join(' + '), firstTriangle: first, triangleCount: out.triangleCount - first });
    }
    return { positions: out.finish(), bodies, tooMany: false };
  }

  /** Per object, the smallest object it shares a vertex index with, through any chain of sharing. */
  private connectedObjects(faces: ObjFace[], vertexCount: number): Int32Array {
    const parent = Int32Array.from({ length: this.bodyNames.length }, (_, k) => k);
    const root = (k: number): number => {
      let r = k;
      while (parent[r] !== r) r = parent[r] as number;
      return r;
    };
    const owner = new Int32Array(vertexCount).fill(-1);
    for (const face of faces) {
      for (const c of face.corners) {
        const o = owner[c] as number;
        if (o === -1) owner[c] = face.body;
        else if (o !== face.body) {
          const a = root(o), b = root(face.body);
          if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
        }
      }
    }
    return parent.map((_, k) => root(k));
  }

  /**
   * A quad is cut along one of its diagonals. Where two quads share two sides (a quad-dominant
   * remesh writes such doublets: a corner of only those two quads, each folded along the line
   * between its neighbours) and both are cut along that line, the four triangles share one edge, two
   * of them the same triangle both ways round, and the closed surface reads as non-manifold
   * (PrusaSlicer's `extruder_idler_quads.obj`, a MeshLab export: 3 such edges). Such a quad is cut
   * along its other diagonal instead, when that one is no edge yet and both its triangles turn the
   * quad's way (ADR 284). Returns those quads' new triangles, by face.
   */
  private untangleQuadDiagonals(faces: readonly ObjFace[]): Map<number, number[]> {
    const recut = new Map<number, number[]>();
    const vertexCount = this.vertices.length / 3;
    // A doublet's lone corner is a corner of two faces only: the quads with such a corner are the
    // ones to look at (none in nearly every file: one pass over the faces' corners).
    const valence = new Uint8Array(vertexCount);
    for (let f = 0; f < faces.length; f++) {
      const corners = (faces[f] as ObjFace).corners;
      for (let i = 0; i < corners.length; i++) {
        const c = corners[i] as number;
        if ((valence[c] as number) < 3) valence[c] = (valence[c] as number) + 1;
      }
    }
    const doublets: number[] = [];
    for (let f = 0; f < faces.length; f++) {
      const corners = (faces[f] as ObjFace).corners;
      if (corners.length !== 4) continue;
      if (valence[corners[0] as number] === 2 || valence[corners[1] as number] === 2 || valence[corners[2] as number] === 2 || valence[corners[3] as number] === 2) doublets.push(f);
    }
    if (doublets.length === 0) return recut;
    const key = (a: number, b: number) => (a < b ? a * vertexCount + b : b * vertexCount + a);
    // Triangles on those quads' two diagonals: only a face with a corner of theirs can have one.
    const uses = new Map<number, number>();
    const near = new Uint8Array(vertexCount);
    const cuts = new Map<number, number[]>();
    for (const f of doublets) {
      const [p, q, r, t] = (faces[f] as ObjFace).corners as [number, number, number, number];
      uses.set(key(p, r), 0);
      uses.set(key(q, t), 0);
      near[p] = near[q] = near[r] = near[t] = 1;
    }
    const count = (a: number, b: number, by: number) => {
      const k = key(a, b);
      const n = uses.get(k);
      if (n !== undefined) uses.set(k, n + by);
    };
    faces.forEach((face, f) => {
      if (!face.corners.some((c) => near[c] === 1)) return;
      const triangles = face.corners.length === 3 ? face.corners : this.triangulate(face.corners);
      cuts.set(f, triangles);
      for (let k = 0; k + 2 < triangles.length; k += 3) {
        const a = triangles[k] as number, b = triangles[k + 1] as number, c = triangles[k + 2] as number;
        count(a, b, 1);
        count(b, c, 1);
        count(c, a, 1);
      }
    });
    // Every quad cut along an edge of more than two triangles is cut the other way, not only enough
    // of them to bring it to two: each quad of a doublet is folded along that line; cut through the
    // doublet's corner, neither lies over the other.
    const tangled = new Set<number>();
    for (const [edge, n] of uses) if (n > 2) tangled.add(edge);
    if (tangled.size === 0) return recut;
    for (const f of doublets) {
      const face = faces[f] as ObjFace;
      const triangles = cuts.get(f) as number[];
      // The diagonal is the edge the two triangles share: the corner pair that both name.
      const [p, q, r, t] = face.corners as [number, number, number, number];
      const onDiagonal = (a: number, b: number) => triangles.filter((c) => c === a || c === b).length === 4;
      const alongPr = onDiagonal(p, r);
      if (!alongPr && !onDiagonal(q, t)) continue;
      const [from, to, a, b] = alongPr ? [p, r, q, t] : [q, t, p, r];
      if (!tangled.has(key(from, to)) || (uses.get(key(a, b)) ?? 0) > 0) continue;
      // Cut along the other diagonal, each triangle in the quad's own turn.
      const flipped = alongPr ? [q, r, t, t, p, q] : [p, q, r, r, t, p];
      if (!this.turnsAlike(flipped, face.corners)) continue;
      count(from, to, -2);
      count(a, b, 2);
      recut.set(f, flipped);
    }
    return recut;
  }

  /** Whether each triangle of `triangles` faces the way the polygon `corners` turns (Newell normal). */
  private turnsAlike(triangles: readonly number[], corners: readonly number[]): boolean {
    const at = (c: number, axis: number) => this.vertices[c * 3 + axis] as number;
    const [nx, ny, nz] = newellNormal(this.points(corners));
    for (let k = 0; k + 2 < triangles.length; k += 3) {
      const a = triangles[k] as number, b = triangles[k + 1] as number, c = triangles[k + 2] as number;
      const ux = at(b, 0) - at(a, 0), uy = at(b, 1) - at(a, 1), uz = at(b, 2) - at(a, 2);
      const wx = at(c, 0) - at(a, 0), wy = at(c, 1) - at(a, 1), wz = at(c, 2) - at(a, 2);
      const dot = (uy * wz - uz * wy) * nx + (uz * wx - ux * wz) * ny + (ux * wy - uy * wx) * nz;
      if (!(dot > 0)) return false;
    }
    return true;
  }

  /** A polygon's triangles (corner indices, in its own turning direction). */
  private triangulate(corners: number[]): number[] {
    return triangulatePolygon(this.points(corners)).map((k) => corners[k] as number);
  }

  /** The positions of some corners. */
  private points(corners: readonly number[]): (readonly [number, number, number])[] {
    const v = this.vertices;
    return corners.map((c) => [v[c * 3] as number, v[c * 3 + 1] as number, v[c * 3 + 2] as number] as const);
  }

  private finiteVertex(c: number): boolean {
    const v = this.vertices;
    return inRange(v[c * 3] as number) && inRange(v[c * 3 + 1] as number) && inRange(v[c * 3 + 2] as number);
  }

  private emit(out: TriangleBuffer, a: number, b: number, c: number): void {
    const v = this.vertices;
    out.push(
      v[a * 3] as number, v[a * 3 + 1] as number, v[a * 3 + 2] as number,
      v[b * 3] as number, v[b * 3 + 1] as number, v[b * 3 + 2] as number,
      v[c * 3] as number, v[c * 3 + 1] as number, v[c * 3 + 2] as number,
    );
  }

  findings(triangles: number): Finding[] {
    const findings: Finding[] = [];
    if (this.badVertices.count > 0) {
      findings.push(createFinding('non-finite-coordinates', `${this.badVertices.count} vertex line(s) are not three finite numbers (first: line ${(this.badVertices.indices[0] ?? 0) + 1}); faces using them were left out.`, { count: this.badVertices.count }));
    }
    if (this.badFaces.count > 0) {
      findings.push(createFinding('malformed-facet', `${this.badFaces.count} face(s) have fewer than 3 corners or point to missing vertices (first: line ${(this.badFaces.indices[0] ?? 0) + 1}); they were left out.`, { count: this.badFaces.count }));
    }
    if (triangles === 0) {
      const unreadable = this.unknownLines > 0 && this.vertices.length === 0;
      findings.push(unreadable ? createFinding('unreadable', 'The file is not a readable OBJ model.') : createFinding('no-triangles', 'The OBJ file holds no faces.'));
    }
    return findings;
  }
}

/** The line without its comment: `#` and what follows. */
function stripComment(line: string): string {
  const hash = line.indexOf('#');
  return hash < 0 ? line : line.slice(0, hash);
}

export function parseObj(bytes: Uint8Array, options: ObjOptions = {}): ImportResult {
  if (bytes.length === 0) {
    return { format: 'obj', mesh: null, findings: [createFinding('empty-file', 'The file is empty (0 bytes).')], declaredUnit: null };
  }
  const reader = new ObjReader();
  reader.read(new TextDecoder().decode(bytes));
  const maxTriangles = options.maxTriangles ?? MAX_TRIANGLES;
  const built = reader.build(maxTriangles);
  if (built.tooMany) {
    const finding = createFinding('too-many-triangles', `The model has more than ${maxTriangles.toLocaleString('en-US')} triangles, the limit.`);
    return { format: 'obj', mesh: null, findings: [finding], declaredUnit: null };
  }
  const triangles = built.positions.length / 9;
  return {
    format: 'obj',
    mesh: triangles > 0 ? createMesh(built.positions, built.bodies) : null,
    findings: reader.findings(triangles),
    declaredUnit: null,
  };
}

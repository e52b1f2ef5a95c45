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
import { triangulatePolygon } from './polygon';
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
    const members = new Map<number, ObjFace[]>();
    for (const face of valid) {
      const g = group[face.body] as number;
      if (!members.has(g)) {
        members.set(g, []);
        order.push(g);
      }
      members.get(g)?.push(face);
    }
    for (const g of order) {
      const faces = members.get(g) ?? [];
      const first = out.triangleCount;
      for (const face of faces) {
        const triangles = face.corners.length === 3 ? face.corners : this.triangulate(face.corners);
        for (let k = 0; k + 2 < triangles.length; k += 3) {
          if (out.triangleCount >= maxTriangles) return { positions: out.finish(), bodies, tooMany: true };
          this.emit(out, triangles[k] as number, triangles[k + 1] as number, triangles[k + 2] as number);
        }
      }
      const names = [...new Set(faces.map((f) => this.bodyNames[f.body] ?? ''))].filter((n) => n !== '');
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

  /** A polygon's triangles (corner indices, in its own turning direction). */
  private triangulate(corners: number[]): number[] {
    const v = this.vertices;
    const points = corners.map((c) => [v[c * 3] as number, v[c * 3 + 1] as number, v[c * 3 + 2] as number] as const);
    return triangulatePolygon(points).map((k) => corners[k] as number);
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

/**
 * ASCII STL in one pass over the bytes (no intermediate string of the whole file). Tolerant of
 * what real exporters write: any case and whitespace, missing or NaN normals, several solids in
 * one file, a missing `endsolid`, a mismatched solid name, facets with more or fewer than three
 * vertices. Each departure from the format becomes a finding.
 */
import { MAX_TRIANGLES } from '#domain/catalogue/limits';
import { createFinding, TriangleList, type Finding } from './findings';
import { lastParseOk, latin1, parseDecimal } from './decimal';
import { TriangleBuffer, createMesh, type ImportResult, type MeshBody } from './mesh';
import { inRange, NormalCensus, parseFindings, type StlOptions } from './stl-binary';

const MAX_FACET_VERTICES = 64;
/** Unknown words tolerated before a file with no facets is declared unreadable. */
const MAX_UNKNOWN_TOKENS = 1000;

type Keyword = 'solid' | 'facet' | 'normal' | 'outer' | 'loop' | 'vertex' | 'endloop' | 'endfacet' | 'endsolid';
const KEYWORDS: readonly Keyword[] = ['solid', 'facet', 'normal', 'outer', 'loop', 'vertex', 'endloop', 'endfacet', 'endsolid'];

class AsciiStlReader {
  private pos = 0;
  private tokenStart = 0;
  private tokenEnd = 0;
  private readonly out: TriangleBuffer;
  private readonly bodies: MeshBody[] = [];
  private bodyName = '';
  private bodyFirst = 0;
  private bodyOpen = false;
  private inFacet = false;
  private facetIndex = 0;
  private vertexCount = 0;
  private readonly corners = new Float64Array(MAX_FACET_VERTICES * 3);
  private readonly normal = new Float64Array(3);
  private unknownTokens = 0;
  private sawEndsolid = false;
  private tooMany = false;
  readonly outOfRange = new TriangleList();
  readonly normals = new NormalCensus();
  readonly split = new TriangleList();
  readonly dropped = new TriangleList();
  readonly nameMismatches: string[] = [];

  constructor(
    private readonly bytes: Uint8Array,
    private readonly maxTriangles: number,
  ) {
    this.out = new TriangleBuffer(Math.min(maxTriangles, Math.ceil(bytes.length / 220) + 16));
  }

  read(): ImportResult {
    while (this.nextToken() && !this.tooMany) this.handleToken();
    return this.result();
  }

  private handleToken(): void {
    switch (this.keyword()) {
      case 'solid':
        this.startSolid();
        break;
      case 'facet':
        this.startFacet();
        break;
      case 'vertex':
        this.readVertex();
        break;
      case 'endfacet':
        this.endFacet();
        break;
      case 'endsolid':
        this.endSolid();
        break;
      case 'outer':
      case 'loop':
      case 'endloop':
      case 'normal':
        break;
      default:
        this.unknownTokens++;
    }
  }

  private startSolid(): void {
    if (this.inFacet) this.endFacet();
    this.closeBody();
    this.bodyName = this.restOfLine();
    this.bodyFirst = this.out.triangleCount;
    this.bodyOpen = true;
  }

  private endSolid(): void {
    if (this.inFacet) this.endFacet();
    const name = this.restOfLine();
    if (name !== '' && this.bodyName !== '' && name !== this.bodyName) this.nameMismatches.push(`"${this.bodyName}" ends as "${name}"`);
    this.closeBody();
    this.sawEndsolid = true;
  }

  private closeBody(): void {
    if (!this.bodyOpen) return;
    const count = this.out.triangleCount - this.bodyFirst;
    if (count > 0) this.bodies.push({ name: this.bodyName, firstTriangle: this.bodyFirst, triangleCount: count });
    this.bodyOpen = false;
  }

  private startFacet(): void {
    if (this.inFacet) this.endFacet();
    if (!this.bodyOpen) {
      this.bodyOpen = true;
      this.bodyFirst = this.out.triangleCount;
    }
    this.inFacet = true;
    this.vertexCount = 0;
    this.normal.fill(Number.NaN);
    const save = this.pos;
    if (this.nextToken() && this.keyword() === 'normal') {
      for (let k = 0; k < 3; k++) {
        const value = this.peekNumber();
        if (!lastParseOk) break;
        this.normal[k] = value;
      }
    } else {
      this.pos = save;
    }
  }

  private readVertex(): void {
    if (!this.inFacet) this.startFacet();
    const at = Math.max(0, Math.min(this.vertexCount, MAX_FACET_VERTICES - 1)) * 3;
    let read = 0;
    for (; read < 3; read++) {
      const value = this.peekNumber();
      if (!lastParseOk) break;
      this.corners[at + read] = value;
    }
    // A vertex with fewer than three numbers makes the facet unusable: count it as dropped.
    this.vertexCount = read === 3 ? this.vertexCount + 1 : -MAX_FACET_VERTICES;
  }

  private endFacet(): void {
    if (!this.inFacet) return;
    this.inFacet = false;
    const n = Math.min(this.vertexCount, MAX_FACET_VERTICES);
    if (n < 3) this.dropped.add(this.facetIndex);
    else {
      if (n > 3) this.split.add(this.facetIndex);
      for (let k = 1; k + 1 < n; k++) this.emit(0, k, k + 1, n === 3);
    }
    this.facetIndex++;
  }

  private emit(a: number, b: number, c: number, checkNormal: boolean): void {
    const p = this.corners;
    const ax = p[a * 3] as number, ay = p[a * 3 + 1] as number, az = p[a * 3 + 2] as number;
    const bx = p[b * 3] as number, by = p[b * 3 + 1] as number, bz = p[b * 3 + 2] as number;
    const cx = p[c * 3] as number, cy = p[c * 3 + 1] as number, cz = p[c * 3 + 2] as number;
    if (!(inRange(ax) && inRange(ay) && inRange(az) && inRange(bx) && inRange(by) && inRange(bz) && inRange(cx) && inRange(cy) && inRange(cz))) {
      this.outOfRange.add(this.facetIndex);
      return;
    }
    if (this.out.triangleCount >= this.maxTriangles) {
      this.tooMany = true;
      return;
    }
    const n = this.normal;
    if (checkNormal) {
      this.normals.check(this.out.triangleCount, n[0] as number, n[1] as number, n[2] as number, ax, ay, az, bx, by, bz, cx, cy, cz);
    }
    this.out.push(ax, ay, az, bx, by, bz, cx, cy, cz);
  }

  private result(): ImportResult {
    const findings: Finding[] = [];
    if (this.tooMany) {
      findings.push(createFinding('too-many-triangles', `The file has more than ${this.maxTriangles.toLocaleString('en-US')} triangles, the limit.`));
      return { format: 'stl-ascii', mesh: null, findings, declaredUnit: null };
    }
    const cutInFacet = this.inFacet;
    if (cutInFacet) {
      this.inFacet = false;
      this.facetIndex++;
    }
    this.closeBody();
    const triangles = this.out.triangleCount;
    findings.push(...this.structureFindings(cutInFacet, triangles));
    findings.push(...parseFindings(this.outOfRange, this.normals));
    const mesh = triangles > 0 ? createMesh(this.out.finish(), this.bodies) : null;
    return { format: 'stl-ascii', mesh, findings, declaredUnit: null };
  }

  private structureFindings(cutInFacet: boolean, triangles: number): Finding[] {
    const findings: Finding[] = [];
    if (cutInFacet) {
      findings.push(createFinding('truncated-file', `The file ends inside facet ${this.facetIndex - 1}: it was cut short.`));
    } else if (!this.sawEndsolid && triangles > 0) {
      findings.push(
        createFinding('truncated-file', 'The file ends without "endsolid": it may have been cut short. All complete facets were read.', {
          severity: 'warning',
        }),
      );
    }
    if (this.dropped.count > 0) {
      findings.push(
        createFinding('malformed-facet', `${this.dropped.count} facet(s) have fewer than 3 complete vertices (first: facet ${this.dropped.indices[0]}); they were left out, leaving a hole.`, {
          count: this.dropped.count,
        }),
      );
    }
    if (this.split.count > 0) {
      findings.push(
        createFinding('malformed-facet', `${this.split.count} facet(s) have more than 3 vertices (first: facet ${this.split.indices[0]}); each was split into triangles.`, {
          severity: 'warning',
          count: this.split.count,
        }),
      );
    }
    if (this.nameMismatches.length > 0) {
      findings.push(createFinding('solid-name-mismatch', `The solid name at "endsolid" differs from the one at "solid": ${this.nameMismatches.join('; ')}.`));
    }
    if (triangles === 0) {
      const message = this.unknownTokens > MAX_UNKNOWN_TOKENS
        ? 'The file starts like a text STL but its content is not STL.'
        : 'The file holds no facets.';
      findings.push(createFinding(this.unknownTokens > MAX_UNKNOWN_TOKENS ? 'unreadable' : 'no-triangles', message));
    }
    return findings;
  }

  /** Advances to the next whitespace-separated token; false at the end of the file. */
  private nextToken(): boolean {
    const b = this.bytes;
    let i = this.pos;
    const n = b.length;
    while (i < n && isSpace(b[i] as number)) i++;
    if (i >= n) {
      this.pos = n;
      return false;
    }
    const start = i;
    while (i < n && !isSpace(b[i] as number)) i++;
    this.tokenStart = start;
    this.tokenEnd = i;
    this.pos = i;
    return true;
  }

  /** Reads the next token as a number; when it is not one, leaves it unread. */
  private peekNumber(): number {
    const save = this.pos;
    if (!this.nextToken()) {
      parseDecimal(this.bytes, 0, 0);
      return Number.NaN;
    }
    const value = parseDecimal(this.bytes, this.tokenStart, this.tokenEnd);
    if (!lastParseOk) this.pos = save;
    return value;
  }

  private keyword(): Keyword | null {
    const length = this.tokenEnd - this.tokenStart;
    for (const word of KEYWORDS) {
      if (word.length === length && this.tokenEquals(word)) return word;
    }
    return null;
  }

  private tokenEquals(word: string): boolean {
    const b = this.bytes;
    for (let k = 0; k < word.length; k++) {
      if (((b[this.tokenStart + k] as number) | 0x20) !== word.charCodeAt(k)) return false;
    }
    return true;
  }

  /** The rest of the current line, trimmed; moves past it. */
  private restOfLine(): string {
    const b = this.bytes;
    let i = this.pos;
    while (i < b.length && b[i] !== 0x0a && b[i] !== 0x0d) i++;
    const text = latin1(b, this.pos, Math.min(i, this.pos + 256)).trim();
    this.pos = i;
    return text;
  }
}

function isSpace(b: number): boolean {
  return b === 0x20 || (b >= 0x09 && b <= 0x0d);
}

export function parseAsciiStl(bytes: Uint8Array, options: StlOptions = {}): ImportResult {
  return new AsciiStlReader(bytes, options.maxTriangles ?? MAX_TRIANGLES).read();
}

/**
 * Binary STL in one pass: an 80-byte header, a little-endian uint32 triangle count, then 50 bytes
 * a triangle (normal, three corners as float32, two attribute bytes). The corners go straight into
 * the output Float32Array; stored normals are only compared with the vertex order.
 */
import { MAX_TRIANGLES } from '#domain/catalogue/limits';
import { createFinding, TriangleList, type Finding } from './findings';
import { createMesh, type ImportResult } from './mesh';

export interface StlOptions {
  /** Most triangles to read; defaults to MAX_TRIANGLES. */
  readonly maxTriangles?: number;
}

const HEADER_BYTES = 84;
const TRIANGLE_BYTES = 50;

export function parseBinaryStl(bytes: Uint8Array, options: StlOptions = {}): ImportResult {
  const maxTriangles = options.maxTriangles ?? MAX_TRIANGLES;
  const findings: Finding[] = [];
  if (bytes.length < HEADER_BYTES) {
    findings.push(
      createFinding('truncated-file', `The file is ${bytes.length} bytes long, shorter than the 84-byte header of a binary STL.`),
    );
    return { format: 'stl-binary', mesh: null, findings, declaredUnit: null };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const declared = view.getUint32(80, true);
  if (HEADER_BYTES + TRIANGLE_BYTES * declared !== bytes.length && looksTextMangled(bytes)) {
    findings.push(
      createFinding('unreadable', 'This binary STL was damaged by a text conversion (its non-ASCII bytes were replaced, so its size and numbers are wrong).', {
        fixHint: 'Upload the original file; transfer it in binary mode, never through a text editor or a text-mode FTP or e-mail step.',
      }),
    );
    return { format: 'stl-binary', mesh: null, findings, declaredUnit: null };
  }
  const count = trianglesToRead(bytes.length, declared, findings);
  if (headerStartsWithSolid(bytes)) {
    findings.push(
      createFinding('binary-header-solid', 'This binary STL has a header starting with "solid", like a text STL; it was recognised as binary by its size.'),
    );
  }
  if (count > maxTriangles) {
    findings.push(
      createFinding('too-many-triangles', `The file has ${count.toLocaleString('en-US')} triangles; the limit is ${maxTriangles.toLocaleString('en-US')}.`, { count }),
    );
    return { format: 'stl-binary', mesh: null, findings, declaredUnit: null };
  }
  const read = readTriangles(view, count);
  findings.push(...read.findings);
  if (read.written === 0) {
    if (count === 0) findings.push(createFinding('no-triangles', 'The file holds no triangles.'));
    return { format: 'stl-binary', mesh: null, findings, declaredUnit: null };
  }
  const positions = read.written === count ? read.positions : read.positions.slice(0, read.written * 9);
  return { format: 'stl-binary', mesh: createMesh(positions, undefined, headerName(bytes)), findings, declaredUnit: null };
}

/** How many whole triangles to read, with a finding when the count field and the size disagree. */
function trianglesToRead(length: number, declared: number, findings: Finding[]): number {
  const available = Math.floor((length - HEADER_BYTES) / TRIANGLE_BYTES);
  const expected = HEADER_BYTES + TRIANGLE_BYTES * declared;
  if (expected === length) return declared;
  const remainder = (length - HEADER_BYTES) % TRIANGLE_BYTES;
  if (declared > available) {
    const message = `The header announces ${declared.toLocaleString('en-US')} triangles but the file holds ${available.toLocaleString('en-US')} complete ones`;
    if (remainder === 0) {
      findings.push(createFinding('size-mismatch', `${message}: its triangle count field is probably wrong; the ${available} triangles present were read.`));
    } else {
      findings.push(createFinding('truncated-file', `${message} and a partial one: the file was cut short.`));
    }
    return available;
  }
  if (remainder === 0) {
    findings.push(
      createFinding('size-mismatch', `The header announces ${declared.toLocaleString('en-US')} triangles but the file holds ${available.toLocaleString('en-US')} whole ones (some exporters leave the count at 0); all ${available.toLocaleString('en-US')} were read.`),
    );
    return available;
  }
  findings.push(
    createFinding('size-mismatch', `The file has ${length - expected} bytes after the ${declared.toLocaleString('en-US')} triangles its header announces; they were ignored.`),
  );
  return declared;
}

interface ReadTriangles {
  positions: Float32Array;
  written: number;
  findings: Finding[];
}

function readTriangles(view: DataView, count: number): ReadTriangles {
  const positions = new Float32Array(count * 9);
  const normals = new NormalCensus();
  const outOfRange = new TriangleList();
  let w = 0;
  let offset = HEADER_BYTES;
  for (let t = 0; t < count; t++, offset += TRIANGLE_BYTES) {
    const ax = view.getFloat32(offset + 12, true);
    const ay = view.getFloat32(offset + 16, true);
    const az = view.getFloat32(offset + 20, true);
    const bx = view.getFloat32(offset + 24, true);
    const by = view.getFloat32(offset + 28, true);
    const bz = view.getFloat32(offset + 32, true);
    const cx = view.getFloat32(offset + 36, true);
    const cy = view.getFloat32(offset + 40, true);
    const cz = view.getFloat32(offset + 44, true);
    if (!(inRange(ax) && inRange(ay) && inRange(az) && inRange(bx) && inRange(by) && inRange(bz) && inRange(cx) && inRange(cy) && inRange(cz))) {
      outOfRange.add(t);
      continue;
    }
    normals.check(w, view.getFloat32(offset, true), view.getFloat32(offset + 4, true), view.getFloat32(offset + 8, true), ax, ay, az, bx, by, bz, cx, cy, cz);
    const i = w * 9;
    positions[i] = ax; positions[i + 1] = ay; positions[i + 2] = az;
    positions[i + 3] = bx; positions[i + 4] = by; positions[i + 5] = bz;
    positions[i + 6] = cx; positions[i + 7] = cy; positions[i + 8] = cz;
    w++;
  }
  return { positions, written: w, findings: parseFindings(outOfRange, normals) };
}

/**
 * Coordinates beyond ±1e8 (100 km in mm) are not a part: they come from corrupt data, and would
 * turn volume and area into nonsense. NaN and infinity fail this test too.
 */
export const COORDINATE_LIMIT = 1e8;

export function inRange(v: number): boolean {
  return v >= -COORDINATE_LIMIT && v <= COORDINATE_LIMIT;
}

/** Stored facet normals: missing (zero, NaN, absent) or pointing against the vertex order. */
export class NormalCensus {
  readonly missing = new TriangleList();
  readonly disagreeing = new TriangleList();

  check(
    triangle: number,
    nx: number, ny: number, nz: number,
    ax: number, ay: number, az: number,
    bx: number, by: number, bz: number,
    cx: number, cy: number, cz: number,
  ): void {
    const ux = bx - ax, uy = by - ay, uz = bz - az;
    const vx = cx - ax, vy = cy - ay, vz = cz - az;
    const dot = nx * (uy * vz - uz * vy) + ny * (uz * vx - ux * vz) + nz * (ux * vy - uy * vx);
    if (!Number.isFinite(nx + ny + nz) || (nx === 0 && ny === 0 && nz === 0)) this.missing.add(triangle);
    else if (dot < 0) this.disagreeing.add(triangle);
  }
}

/** Findings shared by the binary and ASCII readers. */
export function parseFindings(outOfRange: TriangleList, normals: NormalCensus): Finding[] {
  const findings: Finding[] = [];
  if (outOfRange.count > 0) {
    findings.push(
      createFinding('non-finite-coordinates', `${outOfRange.count} facet(s) have coordinates that are not finite numbers or lie beyond ±${COORDINATE_LIMIT.toExponential()} (first: facet ${outOfRange.indices[0]}); they were left out.`, {
        count: outOfRange.count,
      }),
    );
  }
  if (normals.missing.count > 0) {
    findings.push(
      createFinding('stored-normals-missing', `${normals.missing.count} facet(s) have no usable stored normal (zero, missing or not a number).`, {
        triangles: normals.missing.indices,
        count: normals.missing.count,
      }),
    );
  }
  if (normals.disagreeing.count > 0) {
    findings.push(
      createFinding('stored-normals-disagree', `${normals.disagreeing.count} stored facet normal(s) point against the vertex order; the vertex order was used.`, {
        triangles: normals.disagreeing.indices,
        count: normals.disagreeing.count,
      }),
    );
  }
  return findings;
}

/**
 * A binary file passed through a UTF-8 text step has its invalid bytes replaced by U+FFFD
 * (EF BF BD): several of those in the triangle data is the signature.
 */
function looksTextMangled(bytes: Uint8Array): boolean {
  let replacements = 0;
  for (let i = HEADER_BYTES; i + 2 < bytes.length && replacements < 3; i++) {
    if (bytes[i] === 0xef && bytes[i + 1] === 0xbf && bytes[i + 2] === 0xbd) replacements++;
  }
  return replacements >= 3;
}

function headerStartsWithSolid(bytes: Uint8Array): boolean {
  let i = 0;
  while (i < 80 && (bytes[i] === 0x20 || bytes[i] === 0x09)) i++;
  const word = 'solid';
  for (let k = 0; k < word.length; k++) {
    if (((bytes[i + k] ?? 0) | 0x20) !== word.charCodeAt(k)) return false;
  }
  return true;
}

/** The printable start of the 80-byte header, used as the body name. */
function headerName(bytes: Uint8Array): string {
  let name = '';
  for (let i = 0; i < 80; i++) {
    const b = bytes[i] as number;
    if (b === 0) break;
    if (b < 0x20 || b > 0x7e) break;
    name += String.fromCharCode(b);
  }
  return name.trim();
}

/**
 * 3MF: a ZIP package whose root model part (named by the package's relationships, usually
 * 3D/3dmodel.model) lists objects (meshes or components of other objects, with affine transforms)
 * and a build of placed items. The XML is scanned with regular expressions (no DOMParser in a Web
 * Worker); units are converted to millimetres. Components and items of the production extension
 * that point into other model parts (`p:path`) are followed into those parts (ADR 156). Objects
 * without triangles that carry a beam lattice or a slice stack (extensions we do not read) are
 * refused by name.
 */
import { MAX_TRIANGLES } from '#domain/catalogue/limits';
import { createFinding, type Finding } from './findings';
import { TriangleBuffer, createMesh, type ImportResult, type MeshBody } from './mesh';
import { inRange } from './stl-binary';
import { ZipFormatError, ZipLimitError, openZip, type ZipArchive, type ZipEntry } from './zip';

export interface ThreeMfOptions {
  readonly maxTriangles?: number;
}

/** Row-vector affine transform as 3MF writes it: m00 m01 m02 m10 m11 m12 m20 m21 m22 m30 m31 m32. */
type Transform = readonly number[];
const IDENTITY: Transform = [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0];

interface ModelObject {
  readonly name: string;
  /** Millimetres per unit of its model part. */
  readonly unitMm: number;
  readonly vertices: number[];
  readonly triangles: number[];
  /** Components: `objectId` is a key of `Model.objects` (part path and id). */
  readonly components: { readonly objectId: string; readonly transform: Transform }[];
  /** What the object holds that we do not read (an extension), when its triangles are not the whole part. */
  unread: 'beam lattice' | 'slice stack' | null;
  /** It has a slice stack: its mesh is the part when full resolution and not empty. */
  readonly sliced: boolean;
}

interface Model {
  /** Objects by part path and id: `/3D/3dmodel.model#1`. */
  readonly objects: Map<string, ModelObject>;
  readonly items: { readonly objectId: string; readonly transform: Transform }[];
}

/** Model parts followed through `p:path` at most (the root included). */
const MAX_MODEL_PARTS = 64;
const MODEL_RELATIONSHIP = /Type\s*=\s*["']http:\/\/schemas\.microsoft\.com\/3dmanufacturing\/\d{4}\/\d{2}\/3dmodel["']/;

const MM_PER_3MF_UNIT: Readonly<Record<string, number>> = {
  micron: 0.001,
  millimeter: 1,
  centimeter: 10,
  inch: 25.4,
  foot: 304.8,
  meter: 1000,
};

/**
 * The inflated model part is limited (issue 12 item 4) to what the largest accepted mesh needs:
 * MAX_TRIANGLES triangles at ~70 bytes of XML each (measured on real packages: 67–71 bytes per
 * triangle with their indexed vertices), with room to spare; and to MAX_INFLATE_RATIO times its
 * compressed size, since mesh XML compresses 5–7 times (measured) while a ZIP bomb compresses a
 * thousand times and more. Both are checked on the sizes the archive declares, before inflating,
 * and on the bytes while inflating. The XML is parsed as it inflates, never held whole.
 */
export const MODEL_BYTES_PER_TRIANGLE = 80;
export const MAX_MODEL_BYTES = MAX_TRIANGLES * MODEL_BYTES_PER_TRIANGLE;
export const MAX_INFLATE_RATIO = 50;
/** Small parts are read whatever their ratio (an empty build compresses very well). */
export const MIN_INFLATE_LIMIT_BYTES = 1024 * 1024;

/** The most the model part `entry` may unpack to. */
export function modelInflateLimit(entry: Pick<ZipEntry, 'compressedSize'>): number {
  return Math.min(MAX_MODEL_BYTES, Math.max(MIN_INFLATE_LIMIT_BYTES, entry.compressedSize * MAX_INFLATE_RATIO));
}

/** `512 kB`, `25 MB`. */
const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-US')} kB` : `${Math.round(bytes / (1024 * 1024)).toLocaleString('en-US')} MB`;

/** A package path as the archive names it: no leading slash, compared without case. */
const entryKey = (path: string) => path.replace(/^\/+/, '').toLowerCase();
/** A part path as 3MF writes it: with its leading slash. */
const partPath = (name: string) => `/${name.replace(/^\/+/, '')}`;

export async function importThreeMf(bytes: Uint8Array, options: ThreeMfOptions = {}): Promise<ImportResult> {
  const fail = (finding: Finding): ImportResult => ({ format: '3mf', mesh: null, findings: [finding], declaredUnit: 'mm' });
  let archive: ZipArchive;
  try {
    archive = await openZip(bytes);
  } catch (error) {
    return fail(createFinding('unreadable', `The file is not a readable 3MF package (${error instanceof Error ? error.message : String(error)}).`));
  }
  const root = await rootModelEntry(archive);
  if (!root) return fail(createFinding('no-triangles', 'The 3MF package holds no 3D model part.'));
  const maxTriangles = options.maxTriangles ?? MAX_TRIANGLES;
  const objects = new Map<string, ModelObject>();
  const counter = { triangles: 0, tooMany: false };
  let items: Model['items'] = [];
  const queue = [partPath(root.name)];
  const seen = new Set(queue.map(entryKey));
  for (let k = 0; k < queue.length && k < MAX_MODEL_PARTS; k++) {
    const path = queue[k] as string;
    const entry = archive.entries.find((e) => entryKey(e.name) === entryKey(path));
    if (!entry) continue; // the build names a missing object: said below
    const parser = new ModelParser(path, objects, counter, maxTriangles);
    const failure = await readModelPart(archive, entry, parser);
    if (failure) return fail(failure);
    if (counter.tooMany) return fail(tooManyTriangles(maxTriangles));
    if (k === 0) items = parser.items;
    for (const referenced of parser.referencedParts) {
      if (seen.has(entryKey(referenced))) continue;
      seen.add(entryKey(referenced));
      queue.push(referenced);
    }
  }
  return buildMesh({ objects, items }, maxTriangles);
}

/** The root model part: the package relationship of the 3D model type, else 3D/3dmodel.model, else any 3D/*.model. */
async function rootModelEntry(archive: ZipArchive): Promise<ZipEntry | undefined> {
  const find = (path: string) => archive.entries.find((e) => entryKey(e.name) === entryKey(path));
  const rels = find('_rels/.rels');
  if (rels && rels.uncompressedSize <= 1024 * 1024) {
    let xml = '';
    const decoder = new TextDecoder();
    try {
      await archive.read(rels, 1024 * 1024, (chunk) => (xml += decoder.decode(chunk, { stream: true })));
      for (const [relationship] of xml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
        const target = attribute(relationship.slice(1, -1), 'Target');
        const entry = target && MODEL_RELATIONSHIP.test(relationship) ? find(target) : undefined;
        if (entry) return entry;
      }
    } catch {
      // A damaged relationships part: fall back on the usual names.
    }
  }
  return archive.entries.find((e) => /^\/?3d\/3dmodel\.model$/i.test(e.name)) ?? archive.entries.find((e) => /^\/?3d\/.*\.model$/i.test(e.name));
}

/** Feeds one model part to its parser as it inflates; a finding when it cannot be read. */
async function readModelPart(archive: ZipArchive, entry: ZipEntry, parser: ModelParser): Promise<Finding | null> {
  const decoder = new TextDecoder();
  const stop = new Error('enough triangles');
  try {
    await archive.read(entry, modelInflateLimit(entry), (chunk) => {
      parser.feed(decoder.decode(chunk, { stream: true }));
      if (parser.tooMany) throw stop;
    });
    parser.feed(decoder.decode());
  } catch (error) {
    if (error === stop) return null;
    if (error instanceof ZipLimitError) {
      const message = `The 3MF model part would unpack from ${size(entry.compressedSize)} to more than ${size(error.limitBytes)}: far more than a mesh needs, so it was not read.`;
      return createFinding('unreadable', message);
    }
    if (error instanceof ZipFormatError) {
      return createFinding('unreadable', `The 3MF model part could not be unpacked (${error.message}).`, {
        fixHint: 'Save or export the 3MF again from your program (a standard ZIP with stored or deflated parts), or upload STL or STEP.',
      });
    }
    return createFinding('unreadable', `The 3MF model part could not be unpacked (${error instanceof Error ? error.message : String(error)}).`);
  }
  return null;
}

const TAG = /<(\/?)(?:[A-Za-z_][\w.-]*:)?(model|object|vertex|triangle|beamlattice|component|item)\b([^>]*)>/g;

/** Longest tag kept across two chunks; text without a `>` for longer than this is no tag of ours. */
const MAX_TAG_CHARS = 64 * 1024;

/** One model part's XML, read tag by tag as it arrives in chunks. */
class ModelParser {
  private unitMm = 1;
  readonly items: Model['items'] = [];
  /** Other model parts this one's components and items point into (`p:path`). */
  readonly referencedParts = new Set<string>();
  private current: ModelObject | null = null;
  private carry = '';

  constructor(
    private readonly path: string,
    private readonly objects: Map<string, ModelObject>,
    private readonly counter: { triangles: number; tooMany: boolean },
    private readonly maxTriangles: number,
  ) {}

  get tooMany(): boolean {
    return this.counter.tooMany;
  }

  feed(text: string): void {
    const buffer = this.carry + text;
    const last = buffer.lastIndexOf('>');
    if (last === -1) {
      this.carry = buffer.length > MAX_TAG_CHARS ? buffer.slice(-MAX_TAG_CHARS) : buffer;
      return;
    }
    this.parse(buffer.slice(0, last + 1));
    const rest = buffer.slice(last + 1);
    this.carry = rest.length > MAX_TAG_CHARS ? rest.slice(-MAX_TAG_CHARS) : rest;
  }

  /** The key of an object a component or item points to: its part (p:path, or this part) and id. */
  private objectKey(attributes: string): string {
    const path = attribute(attributes, 'path', true);
    if (path && entryKey(path) !== entryKey(this.path)) this.referencedParts.add(partPath(path));
    return `${path ? partPath(path) : this.path}#${attribute(attributes, 'objectid') ?? ''}`.toLowerCase();
  }

  private parse(xml: string): void {
    for (const match of xml.matchAll(TAG)) {
      const [, closing, tag, attributes = ''] = match;
      if (closing) {
        if (tag === 'object') this.current = null;
        continue;
      }
      const current = this.current;
      if (tag === 'model') this.unitMm = MM_PER_3MF_UNIT[attribute(attributes, 'unit') ?? 'millimeter'] ?? 1;
      else if (tag === 'object') {
        const sliced = attribute(attributes, 'slicestackid', true) !== undefined;
        const object: ModelObject = { name: attribute(attributes, 'name') ?? '', unitMm: this.unitMm, vertices: [], triangles: [], components: [], unread: null, sliced };
        // A slice stack beside a low-resolution mesh: the slices are the part, the mesh a preview.
        if (sliced && attribute(attributes, 'meshresolution', true) === 'lowres') object.unread = 'slice stack';
        this.objects.set(`${this.path}#${attribute(attributes, 'id') ?? ''}`.toLowerCase(), object);
        this.current = attributes.trimEnd().endsWith('/') ? null : object;
      } else if (tag === 'vertex' && current) {
        current.vertices.push(Number(attribute(attributes, 'x')), Number(attribute(attributes, 'y')), Number(attribute(attributes, 'z')));
      } else if (tag === 'triangle' && current) {
        // More triangles than any build may hold: stop reading (the import answers the limit).
        if (++this.counter.triangles > this.maxTriangles) {
          this.counter.tooMany = true;
          return;
        }
        current.triangles.push(integer(attributes, 'v1'), integer(attributes, 'v2'), integer(attributes, 'v3'));
      } else if (tag === 'beamlattice' && current) {
        current.unread = 'beam lattice';
      } else if (tag === 'component' && current) {
        current.components.push({ objectId: this.objectKey(attributes), transform: transform(attributes) });
      } else if (tag === 'item') {
        this.items.push({ objectId: this.objectKey(attributes), transform: transform(attributes) });
      }
    }
  }
}

function tooManyTriangles(maxTriangles: number): Finding {
  return createFinding('too-many-triangles', `The model has more than ${maxTriangles.toLocaleString('en-US')} triangles, the limit.`);
}

const ATTRIBUTE_PATTERNS = new Map<string, RegExp>();

/** An attribute's value; `prefixed`: also under a namespace prefix (the production extension's `p:path`). */
function attribute(attributes: string, name: string, prefixed = false): string | undefined {
  const key = prefixed ? `:${name}` : name;
  let pattern = ATTRIBUTE_PATTERNS.get(key);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)${prefixed ? '(?:[A-Za-z_][\\w.-]*:)?' : ''}${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    ATTRIBUTE_PATTERNS.set(key, pattern);
  }
  const match = pattern.exec(attributes);
  return match ? (match[1] ?? match[2]) : undefined;
}

function integer(attributes: string, name: string): number {
  const value = attribute(attributes, name);
  return value === undefined ? -1 : Number.parseInt(value, 10);
}

function transform(attributes: string): Transform {
  const value = attribute(attributes, 'transform');
  if (!value) return IDENTITY;
  const numbers = value.trim().split(/\s+/).map(Number);
  return numbers.length === 12 && numbers.every(Number.isFinite) ? numbers : IDENTITY;
}

/** `inner` applied first, then `outer`. */
function compose(inner: Transform, outer: Transform): Transform {
  const m = (t: Transform, r: number, c: number) => t[r * 3 + c] as number;
  const out: number[] = [];
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 3; c++) {
      let v = r === 3 ? m(outer, 3, c) : 0;
      for (let k = 0; k < 3; k++) v += m(inner, r, k) * m(outer, k, c);
      out.push(v);
    }
  }
  return out;
}

function determinant(t: Transform): number {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, i = 0] = t;
  return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
}

class MeshBuilder {
  readonly out = new TriangleBuffer(1024);
  readonly bodies: MeshBody[] = [];
  badTriangles = 0;
  missingObjects = new Set<string>();
  /** Extensions met in the build that we do not read. */
  readonly unread = new Set<NonNullable<ModelObject['unread']>>();
  tooMany = false;

  constructor(
    private readonly model: Model,
    private readonly maxTriangles: number,
  ) {}

  addItem(objectId: string, itemTransform: Transform): void {
    const first = this.out.triangleCount;
    // The root part's unit (3MF parts of one package share it).
    const scale = this.model.objects.get(objectId)?.unitMm ?? 1;
    const toMm: Transform = [scale, 0, 0, 0, scale, 0, 0, 0, scale, 0, 0, 0];
    this.addObject(objectId, compose(itemTransform, toMm), 0);
    const name = this.model.objects.get(objectId)?.name || `Object ${objectId.split('#').pop() ?? ''}`;
    if (this.out.triangleCount > first) this.bodies.push({ name, firstTriangle: first, triangleCount: this.out.triangleCount - first });
  }

  private addObject(objectId: string, t: Transform, depth: number): void {
    const object = this.model.objects.get(objectId);
    if (!object) {
      this.missingObjects.add(objectId);
      return;
    }
    if (depth > 16) return;
    if (object.unread) this.unread.add(object.unread);
    else if (object.sliced && object.triangles.length === 0 && object.components.length === 0) this.unread.add('slice stack');
    this.addTriangles(object, t);
    for (const component of object.components) this.addObject(component.objectId, compose(component.transform, t), depth + 1);
  }

  private addTriangles(object: ModelObject, t: Transform): void {
    const flip = determinant(t) < 0;
    const v = object.vertices;
    const count = v.length / 3;
    const p = (index: number, axis: number) =>
      (v[index * 3] as number) * (t[axis] as number) + (v[index * 3 + 1] as number) * (t[3 + axis] as number) + (v[index * 3 + 2] as number) * (t[6 + axis] as number) + (t[9 + axis] as number);
    for (let k = 0; k + 2 < object.triangles.length; k += 3) {
      const a = object.triangles[k] as number;
      const b = object.triangles[flip ? k + 2 : k + 1] as number;
      const c = object.triangles[flip ? k + 1 : k + 2] as number;
      if (!(a >= 0 && b >= 0 && c >= 0 && a < count && b < count && c < count)) {
        this.badTriangles++;
        continue;
      }
      const corners = [p(a, 0), p(a, 1), p(a, 2), p(b, 0), p(b, 1), p(b, 2), p(c, 0), p(c, 1), p(c, 2)] as const;
      if (!corners.every(inRange)) {
        this.badTriangles++;
        continue;
      }
      if (this.out.triangleCount >= this.maxTriangles) {
        this.tooMany = true;
        return;
      }
      this.out.push(...corners);
    }
  }
}

function buildMesh(model: Model, maxTriangles: number): ImportResult {
  const builder = new MeshBuilder(model, maxTriangles);
  for (const item of model.items) builder.addItem(item.objectId, item.transform);
  if (builder.tooMany) return { format: '3mf', mesh: null, findings: [tooManyTriangles(maxTriangles)], declaredUnit: 'mm' };
  const findings: Finding[] = [];
  if (builder.badTriangles > 0) {
    findings.push(createFinding('malformed-facet', `${builder.badTriangles} triangle(s) point to missing vertices or have unusable coordinates; they were left out.`, { count: builder.badTriangles }));
  }
  if (builder.missingObjects.size > 0) {
    const ids = [...builder.missingObjects].map((key) => key.split('#').pop() ?? key);
    findings.push(createFinding('unreadable', `The build refers to object(s) ${ids.join(', ')} that are not in the package's model parts.`));
  }
  if (builder.unread.size > 0) {
    const kinds = [...builder.unread].map((kind) => `${kind}s`).join(' and ');
    findings.push(
      createFinding('unreadable', `The 3MF build holds ${kinds} (3MF extensions we do not read), so part of the model would be missing.`, {
        fixHint: 'Export the part as a mesh (in your program: convert the lattice or slices to a mesh), or upload STL or STEP.',
      }),
    );
  }
  const triangles = builder.out.triangleCount;
  if (triangles === 0) findings.push(createFinding('no-triangles', 'The 3MF build holds no triangles.'));
  return {
    format: '3mf',
    mesh: triangles > 0 ? createMesh(builder.out.finish(), builder.bodies) : null,
    findings,
    declaredUnit: 'mm',
  };
}

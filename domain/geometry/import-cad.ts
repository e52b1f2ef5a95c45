/**
 * One entry point for an uploaded file: detect the format from the content, import it, measure
 * it, and gather every finding. Never throws: whatever the bytes, the result says what was found.
 */
import type { ProcessSlug, SizeMm } from '#domain/catalogue/types';
import { detectCadFormat, isExactBinaryStl, utf16AsUtf8 } from './detect-format';
import { splitParts, type PartSplit } from './bodies';
import { createFinding, sortFindings, type Finding } from './findings';
import type { ImportResult, Mesh } from './mesh';
import { checkManufacturing, checkManufacturingStaged, type ManufacturingCheck, type ManufacturingOptions } from './manufacturing';
import { analyseMesh, type PartMetrics } from './metrics';
import { parseObj } from './obj';
import { createStepImporter, type OcctModule, type StepOptions } from './step';
import { parseAsciiStl } from './stl-ascii';
import { sharedMeasures } from './shared-measures';
import { parseBinaryStl } from './stl-binary';
import { importThreeMf } from './three-mf';
import { withUnitsFromHoles } from './units-from-holes';

export interface ImportCadOptions {
  /** The initialised OpenCascade module; without it STEP files get an 'unreadable' finding. */
  readonly occt?: OcctModule;
  readonly step?: StepOptions;
  readonly maxTriangles?: number;
  readonly buildVolumes?: Readonly<Record<ProcessSlug, SizeMm>>;
  /** Walls, supports and holes (manufacturing.ts): measured unless false; ray budgets. */
  readonly manufacturing?: false | ManufacturingOptions;
  /**
   * The unit read again from the holes' diameters when the size leaves the guess open (ADR 219):
   * unless false. The browser leaves it to the server for a large file (ADR 238), as it leaves the
   * manufacturing checks: its first price then stands on the size's guess until the server's.
   */
  readonly unitsFromHoles?: boolean;
  /** Also split a file of several bodies into parts (bodies.ts, ADR 072): `CadFileReport.parts`. */
  readonly parts?: boolean;
  /**
   * A mesh of more than this many triangles gets its walls measured after the report, by
   * `CadFileReport.completeChecks` (ADR 145: the price does not wait for them; its holes, measured
   * after it too at first, come with the price since ADR 177). Unset: never.
   */
  readonly deferWallsAndHolesAbove?: number;
}

export async function importCad(file: Uint8Array, options: ImportCadOptions = {}): Promise<ImportResult> {
  // A text file written as UTF-16 is read as the same text in UTF-8 (a binary STL is never one).
  const bytes = (!isExactBinaryStl(file) && utf16AsUtf8(file)) || file;
  const format = detectCadFormat(bytes);
  const limits = { maxTriangles: options.maxTriangles };
  try {
    switch (format) {
      case 'stl-binary':
        return parseBinaryStl(bytes, limits);
      case 'stl-ascii':
        return parseAsciiStl(bytes, limits);
      case 'obj':
        return parseObj(bytes, limits);
      case '3mf':
        return await importThreeMf(bytes, limits);
      case 'step':
        return importStepWith(bytes, options);
      default:
        return unrecognised(bytes);
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { format, mesh: null, findings: [createFinding('unreadable', `The file could not be read (${reason}).`)], declaredUnit: null };
  }
}

function importStepWith(bytes: Uint8Array, options: ImportCadOptions): ImportResult {
  if (!options.occt) {
    const finding = createFinding('unreadable', 'The STEP reader is not loaded here, so this STEP file was not read.', {
      fixHint: 'Try again in a moment; if it persists, upload an STL export of the part.',
    });
    return { format: 'step', mesh: null, findings: [finding], declaredUnit: 'mm' };
  }
  return createStepImporter(options.occt)(bytes, { ...options.step, maxTriangles: options.maxTriangles });
}

function unrecognised(bytes: Uint8Array): ImportResult {
  const finding = bytes.length === 0
    ? createFinding('empty-file', 'The file is empty (0 bytes).')
    : createFinding('unsupported-format', 'This is not a file format we can read (STL, STEP, OBJ or 3MF), judging by its content.');
  return { format: null, mesh: null, findings: [finding], declaredUnit: null };
}

export interface CadFileReport {
  readonly format: ImportResult['format'];
  /** The mesh to show: orientation repaired (see MeshAnalysis.mesh); null when nothing could be read. */
  readonly mesh: Mesh | null;
  readonly metrics: PartMetrics | null;
  /** Import and geometry findings together, errors first. */
  readonly findings: readonly Finding[];
  /** False when an error finding blocks ordering. */
  readonly orderable: boolean;
  /**
   * With `parts`: how a file of several bodies splits into parts (null for a file of one body or
   * nothing readable). The parts' meshes are in the file's units, their metrics in mm.
   */
  readonly parts?: PartSplit | null;
  /**
   * With `deferWallsAndHolesAbove` and a mesh that large: the report's metrics and findings have
   * no walls and holes yet; this measures them and answers the whole report's metrics, findings
   * and orderability (what the report would have held without deferring).
   */
  readonly completeChecks?: () => CompletedChecks;
}

/** A report's metrics, findings and orderability once its walls and holes are measured. */
export interface CompletedChecks {
  readonly metrics: PartMetrics;
  readonly findings: readonly Finding[];
  readonly orderable: boolean;
}

/** Import, measure and check one file: what the upload worker and the server both run. */
export async function analyseCadFile(bytes: Uint8Array, options: ImportCadOptions = {}): Promise<CadFileReport> {
  return analyseImported(await importCad(bytes, options), options);
}

/**
 * `analyseCadFile` after its import: measure and check what `importCad` read. The server's analysis
 * thread calls the two apart so that the file's bytes are unreachable once imported: a 1M-triangle
 * STL's 50 MB are then not held through the measuring (issue 39 item 5, ADR 228).
 */
export function analyseImported(imported: ImportResult, options: ImportCadOptions = {}): CadFileReport {
  // A file without units whose size leaves the guess open is read again with its holes' diameters (ADR 219).
  const first = imported.mesh ? analyseMesh(imported.mesh, { declaredUnit: imported.declaredUnit, buildVolumes: options.buildVolumes }) : null;
  // The hole search and the checks pair the weld's edges and measure the facets once between them (ADR 233).
  const shared = first ? sharedMeasures(first) : undefined;
  const read = first && imported.mesh ? (options.unitsFromHoles === false ? { analysis: first, holes: null } : withUnitsFromHoles(first, imported.mesh, { buildVolumes: options.buildVolumes, shared })) : null;
  const analysis = read?.analysis ?? null;
  const holes = read?.holes ? { holes: read.holes } : {};
  const staged = analysis && options.manufacturing !== false ? checkManufacturingStaged(analysis, { ...(options.manufacturing || {}), ...holes, shared }) : null;
  const defer = staged !== null && analysis !== null && options.deferWallsAndHolesAbove !== undefined && analysis.metrics.triangleCount > options.deferWallsAndHolesAbove;
  const whole = (check: ManufacturingCheck | null) => {
    const findings = sortFindings([...imported.findings, ...(analysis?.findings ?? []), ...(check?.findings ?? [])]);
    const metrics = analysis ? (check ? { ...analysis.metrics, manufacturing: check.manufacturing } : analysis.metrics) : null;
    return { metrics, findings, orderable: analysis !== null && !findings.some((f) => f.severity === 'error') };
  };
  const now = whole(staged ? (defer ? staged.price : staged.complete()) : null);
  // Only a file of several bodies is worth splitting: a one-body file skips the signatures.
  const several = analysis !== null && (analysis.metrics.bodyCount > 1 || analysis.mesh.bodies.length > 1);
  return {
    format: imported.format,
    mesh: analysis?.mesh ?? imported.mesh,
    ...now,
    ...(options.parts ? { parts: several ? splitParts(analysis, { buildVolumes: options.buildVolumes }) : null } : {}),
    ...(defer
      ? {
          completeChecks: (): CompletedChecks => {
            const done = whole(staged.complete());
            return { ...done, metrics: done.metrics as PartMetrics }; // deferred only when the mesh was analysed
          },
        }
      : {}),
  };
}

/**
 * One part split from an assembly, as a file of its own: its mesh in millimetres measured and
 * checked as an upload is (metrics, findings with walls, supports and holes). ADR 131.
 */
export function analysePartMesh(mesh: Mesh, options: Pick<ImportCadOptions, 'buildVolumes' | 'manufacturing'> = {}): CadFileReport {
  const analysis = analyseMesh(mesh, { declaredUnit: 'mm', buildVolumes: options.buildVolumes });
  const check = options.manufacturing !== false ? checkManufacturing(analysis, options.manufacturing || {}) : null;
  const findings = sortFindings([...analysis.findings, ...(check?.findings ?? [])]);
  return {
    format: 'stl-binary',
    mesh: analysis.mesh,
    metrics: check ? { ...analysis.metrics, manufacturing: check.manufacturing } : analysis.metrics,
    findings,
    orderable: !findings.some((f) => f.severity === 'error'),
  };
}

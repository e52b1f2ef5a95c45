/**
 * Findings: what is wrong with a file, where on the model, and what to do about it.
 * An `error` blocks ordering, a `warning` does not, an `info` only explains.
 */
import { MAX_FINDING_TRIANGLES } from '#domain/catalogue/limits';
import type { ProcessSlug } from '#domain/catalogue/types';

export const FINDING_SEVERITIES = ['error', 'warning', 'info'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];

export const FINDING_CODES = [
  'empty-file',
  'truncated-file',
  'size-mismatch',
  'unsupported-format',
  'unreadable',
  'no-triangles',
  'too-many-triangles',
  'non-finite-coordinates',
  'malformed-facet',
  'stored-normals-disagree',
  'stored-normals-missing',
  'binary-header-solid',
  'solid-name-mismatch',
  'open-edges',
  'non-manifold-edges',
  'inconsistent-orientation',
  'orientation-repaired',
  'corners-joined',
  'cracks-closed',
  'holes-filled',
  'solids-separated',
  'inverted-normals',
  'multiple-shells',
  'sealed-void',
  'thin-wall',
  'overhang-supports',
  'print-orientation',
  'deep-hole',
  'small-hole',
  'undercut',
  'pocket',
  'sharp-corner',
  'deep-feature',
  'machining-thin-wall',
  'needs-review',
  'tool-access-summary',
  'wall-thickness-summary',
  'degenerate-triangles',
  'too-large',
  'too-small',
  'units-uncertain',
  'step-external-references',
] as const;

export type FindingCode = (typeof FINDING_CODES)[number];

export interface Finding {
  readonly code: FindingCode;
  readonly severity: FindingSeverity;
  readonly message: string;
  readonly fixHint: string;
  /** Triangles of the imported mesh this finding concerns, at most MAX_FINDING_TRIANGLES of them. */
  readonly triangles: readonly number[];
  /** How many triangles (or, for parse findings, facets of the file) are concerned in all. */
  readonly count: number;
}

interface FindingDefaults {
  readonly severity: FindingSeverity;
  readonly fixHint: string;
}

const DEFAULTS: Readonly<Record<FindingCode, FindingDefaults>> = {
  'empty-file': { severity: 'error', fixHint: 'Export the model again and upload the new file.' },
  'truncated-file': {
    severity: 'error',
    fixHint: 'The file seems cut short, often by an interrupted download or upload: export or copy it again.',
  },
  'size-mismatch': {
    severity: 'warning',
    fixHint: 'The triangles were read from the file size; if the model looks incomplete, export it again.',
  },
  'unsupported-format': {
    severity: 'error',
    fixHint: 'Upload STL (binary or ASCII), STEP, OBJ or 3MF. Most CAD programs export STEP or STL.',
  },
  unreadable: { severity: 'error', fixHint: 'Open the file in your CAD program, repair it, and export it again.' },
  'no-triangles': {
    severity: 'error',
    fixHint: 'The file holds no solid geometry: export the bodies (not sketches or drawings) again.',
  },
  'too-many-triangles': {
    severity: 'error',
    fixHint: 'Export with a coarser tessellation (a larger chord tolerance), or send STEP instead.',
  },
  'non-finite-coordinates': {
    severity: 'error',
    fixHint: 'Some vertices are not numbers (NaN or infinity) or absurdly far away: repair the mesh and export again.',
  },
  'malformed-facet': {
    severity: 'error',
    fixHint: 'Every STL facet must have exactly 3 vertices: triangulate the mesh before exporting.',
  },
  'stored-normals-disagree': {
    severity: 'info',
    fixHint: 'Nothing to do: facet normals are recomputed from the vertex order.',
  },
  'stored-normals-missing': {
    severity: 'info',
    fixHint: 'Nothing to do: many exporters leave normals out; they are computed from the vertex order.',
  },
  'binary-header-solid': {
    severity: 'info',
    fixHint: 'Nothing to do here; some older programs misread such files as text STL.',
  },
  'solid-name-mismatch': { severity: 'info', fixHint: 'Nothing to do: the names are not used.' },
  'open-edges': {
    severity: 'error',
    fixHint: 'Close the holes so the model is watertight (e.g. "Make solid" or a mesh repair tool), then export again.',
  },
  'non-manifold-edges': {
    severity: 'error',
    fixHint: 'Some edges are shared by more than two faces: separate touching bodies or merge them with a boolean union.',
  },
  'inconsistent-orientation': {
    severity: 'error',
    fixHint: 'The surface cannot be given one inside and one outside (like a Möbius strip): rebuild it as a closed solid in your CAD program and export again.',
  },
  'orientation-repaired': {
    severity: 'info',
    fixHint: 'Nothing to do: the repaired model is the one shown and priced. To fix the file itself, unify the normals in your CAD or mesh program.',
  },
  'corners-joined': {
    severity: 'info',
    fixHint: 'Nothing to do: the joined model is the one shown and priced; the corners moved by less than the precision of the file\'s numbers.',
  },
  'cracks-closed': {
    severity: 'warning',
    fixHint: 'The repaired part is the one shown and priced. If the crack was meant to be there (a slot or a split), make it wider than 0.01 mm in your CAD program and export again.',
  },
  'holes-filled': {
    severity: 'warning',
    fixHint: 'The filled part is the one shown and priced. If the hole was meant to be there, model it as an opening through a solid wall and export again.',
  },
  'solids-separated': {
    severity: 'info',
    fixHint: 'Nothing to do: the solids are made as the file places them, touching. To have them made as one piece, join them with a boolean union in your CAD program and export again.',
  },
  'inverted-normals': {
    severity: 'warning',
    fixHint: 'The surface faces inwards; we measure it as if flipped. Flip the normals to be sure it is made as intended.',
  },
  'multiple-shells': {
    severity: 'warning',
    fixHint: 'Each separate body is made and priced as part of this one part; upload them as separate files if they are separate parts.',
  },
  'sealed-void': {
    severity: 'warning',
    fixHint: 'A sealed hollow inside the part traps resin or powder and cannot be machined: add a drain hole or make it solid.',
  },
  'thin-wall': {
    severity: 'warning',
    fixHint: 'Thicken the highlighted walls, or choose a material that allows thinner walls.',
  },
  'overhang-supports': {
    severity: 'info',
    fixHint: 'Supports are printed under the highlighted faces and removed afterwards, leaving small marks. To need fewer, turn the part so fewer faces point down, or make overhangs steeper (chamfers instead of flat ceilings).',
  },
  'print-orientation': {
    severity: 'info',
    fixHint: 'Nothing to do: turned this way the part needs less support material. Tell us in the order notes if a face must stay up or free of support marks.',
  },
  'deep-hole': {
    severity: 'warning',
    fixHint: 'Deeper than 6× its diameter: a standard drill cannot reach; make it shallower or larger, or accept EDM at extra cost.',
  },
  'small-hole': {
    severity: 'warning',
    fixHint: 'Smaller than our smallest drill: make the hole larger, or leave it out and drill it yourself after delivery.',
  },
  undercut: {
    severity: 'warning',
    fixHint: 'Open the highlighted faces towards one side, or give them a draft towards it, so a cutter reaches them straight.',
  },
  pocket: {
    severity: 'info',
    fixHint: 'Nothing to do. Pockets cost less when they are no deeper than about 3 times their width and their inside corners are rounded.',
  },
  'sharp-corner': {
    severity: 'warning',
    fixHint: 'A round cutter leaves a radius in an inside corner: add a radius at least as large as the one named, or tell us if the corner must be sharp (it then needs EDM).',
  },
  'deep-feature': {
    severity: 'warning',
    fixHint: 'Make the feature wider or shallower so a stiffer cutter reaches its floor.',
  },
  'machining-thin-wall': {
    severity: 'warning',
    fixHint: 'Thicken the highlighted walls: thin walls vibrate under the cutter and bend.',
  },
  'needs-review': {
    severity: 'error',
    fixHint: 'An engineer reviews the part and prices it by hand; or change the design as the highlighted findings say and it is priced at once.',
  },
  'tool-access-summary': {
    severity: 'info',
    fixHint: 'Nothing to do: this is how the part will be held and reached.',
  },
  'wall-thickness-summary': {
    severity: 'info',
    fixHint: 'Nothing to do: the wall-thickness map on the model shows where the walls are thinnest.',
  },
  'degenerate-triangles': {
    severity: 'warning',
    fixHint: 'Zero-area triangles are ignored; a mesh clean-up removes them.',
  },
  'too-large': {
    severity: 'error',
    fixHint: 'Split the part, scale it, or choose a process or material with a larger build volume.',
  },
  'too-small': {
    severity: 'error',
    fixHint: 'Check the units (a part in inches read as millimetres is 25.4 times too small, one in metres 1000 times), or thicken the part.',
  },
  'units-uncertain': {
    severity: 'warning',
    fixHint: 'STL and OBJ files carry no units: confirm millimetres, inches, centimetres or metres before ordering.',
  },
  'step-external-references': {
    severity: 'error',
    fixHint: 'The assembly points to other files that were not uploaded: export it as one STEP file with all parts embedded.',
  },
};

export interface FindingOptions {
  readonly severity?: FindingSeverity;
  readonly fixHint?: string;
  /** Triangle indices concerned; only the first MAX_FINDING_TRIANGLES are kept. */
  readonly triangles?: ArrayLike<number>;
  /** Total concerned; defaults to the length of `triangles`. */
  readonly count?: number;
}

export function createFinding(code: FindingCode, message: string, options: FindingOptions = {}): Finding {
  const defaults = DEFAULTS[code];
  const triangles = options.triangles ? capTriangles(options.triangles) : [];
  return {
    code,
    severity: options.severity ?? defaults.severity,
    message,
    fixHint: options.fixHint ?? defaults.fixHint,
    triangles,
    count: options.count ?? options.triangles?.length ?? 0,
  };
}

function capTriangles(list: ArrayLike<number>): number[] {
  const n = Math.min(list.length, MAX_FINDING_TRIANGLES);
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = list[i] as number;
  return out;
}

/**
 * Findings that concern one kind of process only: supports are a printing matter, holes a
 * machining one. Every other code concerns every process.
 */
const FINDING_PROCESSES: Partial<Record<FindingCode, readonly ProcessSlug[]>> = {
  'overhang-supports': ['3d-printing'],
  'print-orientation': ['3d-printing'],
  'deep-hole': ['cnc'],
  'small-hole': ['cnc'],
  undercut: ['cnc'],
  pocket: ['cnc'],
  'sharp-corner': ['cnc'],
  'deep-feature': ['cnc'],
  'machining-thin-wall': ['cnc'],
  'needs-review': ['cnc'],
  'tool-access-summary': ['cnc'],
};

/** The findings that concern a part made by `process` (a file keeps them all; the quote shows these). */
export function findingsForProcess<F extends Pick<Finding, 'code'>>(findings: readonly F[], process: ProcessSlug): F[] {
  return findings.filter((f) => FINDING_PROCESSES[f.code]?.includes(process) ?? true);
}

/** A finding in words only (no triangles): what a quote document and an order line keep. */
export type FindingNote = Pick<Finding, 'code' | 'severity' | 'message' | 'fixHint'>;

/**
 * What a part's customer saw and its factory should see: the file's findings that concern the
 * process and the material's own (too large, thin walls), once each, errors first.
 */
export function partFindingNotes(fileFindings: readonly Finding[], materialFindings: readonly Finding[], process: ProcessSlug): FindingNote[] {
  const seen = new Set<string>();
  const notes: FindingNote[] = [];
  for (const f of sortFindings([...materialFindings, ...findingsForProcess(fileFindings, process)])) {
    const key = `${f.code}\u0000${f.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    notes.push({ code: f.code, severity: f.severity, message: f.message, fixHint: f.fixHint });
  }
  return notes;
}

export function hasBlockingFinding(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === 'error');
}

/** Errors first, then warnings, then information; stable within a severity. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  const rank: Record<FindingSeverity, number> = { error: 0, warning: 1, info: 2 };
  return [...findings].sort((a, b) => rank[a.severity] - rank[b.severity]);
}

/**
 * Collects up to MAX_FINDING_TRIANGLES indices while counting all of them, for loops that
 * visit millions of triangles.
 */
export class TriangleList {
  readonly indices: number[] = [];
  count = 0;

  add(index: number): void {
    this.count++;
    if (this.indices.length < MAX_FINDING_TRIANGLES) this.indices.push(index);
  }
}

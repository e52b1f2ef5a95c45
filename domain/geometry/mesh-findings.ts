/** The findings a mesh's metrics imply: holes, bad edges, several bodies, size, units. */
import { createFinding, type Finding, type TriangleList } from './findings';
import type { PartMetrics } from './part-metrics';
import type { Topology, TouchingSolids } from './topology';
import type { CornerJoin, OpenGaps, SurfaceRepair } from './repair';
import { MM_PER_UNIT, UNIT_CONFIRMATION_THRESHOLD, UNIT_NAMES } from './units';

interface MeshFindingInput {
  readonly metrics: PartMetrics;
  readonly topology: Topology;
  readonly degenerate: TriangleList;
  readonly smallShellTriangles: TriangleList;
  /** Triangles of the surfaces of sealed hollows. */
  readonly cavityTriangles: TriangleList;
  /** Facets the orientation repair reversed. */
  readonly flipped: TriangleList;
  /** Corners joined because they differed only by rounding (repair.ts), or null. */
  readonly joined: CornerJoin | null;
  /** Cracks closed, holes filled and what stays open (repair.ts), or null when the weld was closed. */
  readonly surface: SurfaceRepair | null;
  /** Solids that touched along edges, told apart (topology.ts, ADR 285), or null. */
  readonly touching?: TouchingSolids | null;
  readonly minDimensionMm: number;
}

export function meshFindings(input: MeshFindingInput): Finding[] {
  const { metrics } = input;
  if (metrics.triangleCount === 0) return [createFinding('no-triangles', 'The model has no triangles.')];
  const mmPerUnit = MM_PER_UNIT[metrics.units.unit];
  return [
    ...repairFindings(input.joined, mmPerUnit),
    ...surfaceFindings(input.surface, mmPerUnit),
    ...touchingFindings(input.touching ?? null),
    ...edgeFindings(input.topology, input.surface?.gaps ?? null, mmPerUnit),
    ...orientationFindings(metrics, input.flipped),
    ...shellFindings(metrics, input.smallShellTriangles),
    ...voidFindings(metrics, input.cavityTriangles),
    ...degenerateFindings(input.degenerate),
    ...sizeFindings(metrics, input.minDimensionMm),
  ];
}

/** A length in mm to two significant digits, without exponent: 0.000031, 0.012, 1.5. */
export function formatMm(mm: number): string {
  if (!(mm > 0)) return '0';
  const digits = Math.max(0, 1 - Math.floor(Math.log10(mm)));
  return mm.toFixed(Math.min(digits, 12)).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}

function repairFindings(joined: CornerJoin | null, mmPerUnit: number): Finding[] {
  if (!joined) return [];
  const corners = joined.joined === 1 ? '1 corner' : `${joined.joined} corners`;
  return [
    createFinding('corners-joined', `Joined ${corners} that differed by less than ${formatMm(joined.tolerance * mmPerUnit)} mm from a neighbouring facet's corner (rounding in the exporting program), which closed the surface there.`, {
      triangles: joined.triangles.indices,
      count: joined.triangles.count,
    }),
  ];
}

function touchingFindings(touching: TouchingSolids | null): Finding[] {
  if (!touching) return [];
  const edges = touching.edges === 1 ? '1 edge' : `${touching.edges} edges`;
  return [
    createFinding('solids-separated', `Told apart solids that touch along ${edges} (highlighted), which the file wrote as one surface; each is measured as a body of its own.`, {
      triangles: touching.triangles.indices,
      count: touching.triangles.count,
    }),
  ];
}

function surfaceFindings(surface: SurfaceRepair | null, mmPerUnit: number): Finding[] {
  const findings: Finding[] = [];
  const cracks = surface?.cracks;
  if (cracks) {
    const edges = cracks.edges === 1 ? '1 open edge' : `${cracks.edges} open edges`;
    const split = cracks.split ? (cracks.split === 1 ? '1 facet' : `${cracks.split} facets`) : null;
    // A crack of width zero: edges cut at more points on one side than on the other (T-junctions, ADR 276).
    const message = split && cracks.joined === 0
      ? `Closed the surface along ${edges} where the facets on either side were cut at different points (the exporting program's T-junctions), by splitting ${split} there (highlighted); the price is for the repaired part.`
      : `Closed a crack up to ${formatMm(cracks.widest * mmPerUnit)} mm wide by joining ${edges} to the facing ones${split ? `, splitting ${split} where the facing side had more corners` : ''} (highlighted); the price is for the repaired part.`;
    findings.push(
      createFinding('cracks-closed', message, {
        triangles: cracks.triangles.indices,
        count: cracks.triangles.count,
      }),
    );
  }
  const holes = surface?.holes;
  if (holes) {
    const what = holes.holes === 1 ? `a flat hole ${formatMm(holes.largest * mmPerUnit)} mm across` : `${holes.holes} flat holes, the largest ${formatMm(holes.largest * mmPerUnit)} mm across,`;
    const added = holes.addedTriangles === 1 ? '1 triangle' : `${holes.addedTriangles} triangles`;
    findings.push(
      createFinding('holes-filled', `Filled ${what} with ${added} (highlighted); the price is for the repaired part.`, {
        triangles: holes.triangles.indices,
        count: holes.triangles.count,
      }),
    );
  }
  return findings;
}

/** Where the open edges are and how wide: the holes' spans, a crack's width. */
function gapWords(gaps: OpenGaps | null, mmPerUnit: number): string {
  if (!gaps || gaps.loops === 0) return 'around holes';
  const loops = gaps.loops === 1 ? 'around 1 opening' : `around ${gaps.loops} openings`;
  const span = gaps.largestLoop > 0 ? ` (the largest ${formatMm(gaps.largestLoop * mmPerUnit)} mm across)` : '';
  const crack = gaps.crackWidth !== null ? `; facing open edges are ${formatMm(gaps.crackWidth * mmPerUnit)} mm apart, wider than the cracks we close` : '';
  return `${loops}${span}${crack}`;
}

function edgeFindings(t: Topology, gaps: OpenGaps | null, mmPerUnit: number): Finding[] {
  const findings: Finding[] = [];
  if (t.openEdgeCount > 0) {
    findings.push(
      createFinding('open-edges', `The surface has ${t.openEdgeCount} open edge(s) ${gapWords(gaps, mmPerUnit)}: it is not watertight, so its volume cannot be trusted.`, {
        triangles: t.openTriangles.indices,
        count: t.openTriangles.count,
      }),
    );
  }
  if (t.nonManifoldEdgeCount > 0) {
    findings.push(
      createFinding('non-manifold-edges', `${t.nonManifoldEdgeCount} edge(s) are shared by more than two triangles.`, {
        triangles: t.nonManifoldTriangles.indices,
        count: t.nonManifoldTriangles.count,
      }),
    );
  }
  if (t.misorientedEdgeCount > 0) {
    findings.push(
      createFinding('inconsistent-orientation', `${t.misorientedEdgeCount} edge(s) join triangles facing opposite ways in a surface that cannot be oriented consistently (it has no single inside), so it was left as read.`, {
        triangles: t.misorientedTriangles.indices,
        count: t.misorientedTriangles.count,
      }),
    );
  }
  return findings;
}

function orientationFindings(m: PartMetrics, flipped: TriangleList): Finding[] {
  const findings: Finding[] = [];
  if (flipped.count > 0) {
    const facets = flipped.count === 1 ? '1 facet' : `${flipped.count} facets`;
    findings.push(
      createFinding('orientation-repaired', `${facets} flipped so that every shell faces outwards consistently; the volume, area and preview use the repaired model.`, {
        triangles: flipped.indices,
        count: flipped.count,
      }),
    );
  }
  if (m.orientation !== 'inward' || m.openEdgeCount > 0) return findings;
  return [
    ...findings,
    createFinding('inverted-normals', 'The surface faces inwards (its signed volume is negative); the volume is measured as if the normals were flipped.', {
      count: m.triangleCount,
    }),
  ];
}

function shellFindings(m: PartMetrics, smallShellTriangles: TriangleList): Finding[] {
  if (m.bodyCount < 2) return [];
  const cavities = m.cavityCount > 0 ? ` (plus ${m.cavityCount} internal cavit${m.cavityCount === 1 ? 'y' : 'ies'})` : '';
  return [
    createFinding('multiple-shells', `The file holds ${m.bodyCount} separate bodies${cavities}; the highlighted triangles are all but the largest.`, {
      triangles: smallShellTriangles.indices,
      count: smallShellTriangles.count,
    }),
  ];
}

function voidFindings(m: PartMetrics, cavityTriangles: TriangleList): Finding[] {
  if (m.cavityCount === 0) return [];
  const hollows = m.cavityCount === 1 ? 'a sealed hollow' : `${m.cavityCount} sealed hollows`;
  return [
    createFinding('sealed-void', `The part encloses ${hollows} with no opening to the outside (highlighted).`, {
      triangles: cavityTriangles.indices,
      count: cavityTriangles.count,
    }),
  ];
}

/** Zero-area triangles; those with a repeated corner are among them (their area is exactly 0). */
function degenerateFindings(degenerate: TriangleList): Finding[] {
  if (degenerate.count === 0) return [];
  return [
    createFinding('degenerate-triangles', `${degenerate.count} triangle(s) have no area (repeated or aligned corners).`, {
      triangles: degenerate.indices,
      count: degenerate.count,
    }),
  ];
}

/** The units-uncertain warning, when the unit was guessed below the confirmation threshold. */
export function unitsFindings(m: PartMetrics): Finding[] {
  if (m.units.source !== 'guess' || m.units.confidence >= UNIT_CONFIRMATION_THRESHOLD) return [];
  const percent = Math.round(m.units.confidence * 100);
  return [createFinding('units-uncertain', `Read as ${UNIT_NAMES[m.units.unit]} (${percent} % sure). ${m.units.reason}`)];
}

function sizeFindings(m: PartMetrics, minDimensionMm: number): Finding[] {
  const findings: Finding[] = [...unitsFindings(m)];
  if (!m.fits['3d-printing'] && !m.fits.cnc && !m.fits['vacuum-casting']) {
    const [x, y, z] = m.size.map((v) => Math.round(v));
    findings.push(createFinding('too-large', `At ${x} × ${y} × ${z} mm the part is larger than any of our machines.`));
  }
  const thinnest = Math.min(...m.size);
  if (thinnest < minDimensionMm) {
    findings.push(createFinding('too-small', `The part is only ${+thinnest.toPrecision(3)} mm thick overall; the thinnest we can make is ${minDimensionMm} mm.`));
  }
  return findings;
}

import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { METRIC_DRILL_SIZES_MM, standardDrillSize, threadForTapDrill } from '#domain/geometry/drill-sizes';
import { findHoles, holeFindings, type Hole } from '#domain/geometry/holes';
import { analyseMesh } from '#domain/geometry/metrics';
import { createMesh, type Mesh } from '#domain/geometry/mesh';
import { createStepImporter, type OcctModule, type StepImporter } from '#domain/geometry/step';
import { OCCT_TEST_FILES, readBytes } from '../support/fixtures';
import { blockWithHoles, type HoleSpec } from '../support/holes';
import { loadOcct } from '../support/occt-node';
import { bolt, extruded, lathe, rotationMatrix, transformed } from '../support/solids';

const THROUGH_5: HoleSpec = { steps: [{ diameter: 5, to: 20 }], bottom: 'through', halves: true };
const BLIND_4_2: HoleSpec = { steps: [{ diameter: 4.2, to: 12 }], bottom: 'flat' };
const DRILLED_2_5: HoleSpec = { steps: [{ diameter: 2.5, to: 16 }], bottom: 'point' };
const COUNTERBORED: HoleSpec = { steps: [{ diameter: 8, to: 5 }, { diameter: 3.3, to: 20 }], bottom: 'through' };
const TINY: HoleSpec = { steps: [{ diameter: 0.8, to: 20 }], bottom: 'through' };

/** The block as a STEP reader gives it (faces kept), analysed as in use. */
function analysed(cells: (HoleSpec | null)[]): { mesh: Mesh; volume: number; analysis: ReturnType<typeof analyseMesh> } {
  const block = blockWithHoles(cells);
  const analysis = analyseMesh({ ...createMesh(block.positions), faces: block.faces }, { declaredUnit: 'mm' });
  return { mesh: analysis.mesh, volume: block.volume, analysis };
}

const summary = (h: Hole) => ({ diameter: +h.diameterMm.toFixed(4), depth: +h.depthMm.toFixed(4), through: h.through, drill: h.standardDrillMm, thread: h.thread });

describe('holes from B-rep faces', () => {
  const cells = [THROUGH_5, BLIND_4_2, DRILLED_2_5, COUNTERBORED, TINY, null];

  it('the generated block is a closed solid of the expected volume', () => {
    const { analysis, volume } = analysed(cells);
    expect(analysis.metrics.openEdgeCount).toBe(0);
    expect(analysis.flippedTriangleCount).toBe(0);
    expect(analysis.findings).toEqual([]);
    expect(analysis.metrics.volumeMm3).toBeCloseTo(volume, 2);
  });

  it('finds through and blind holes with their diameter, depth, standard drill and tap size', () => {
    const { mesh, analysis } = analysed(cells);
    const result = findHoles(mesh, { weld: analysis.structure });
    expect(result.source).toBe('brep-faces');
    expect(result.holes.map(summary)).toEqual([
      { diameter: 5, depth: 20, through: true, drill: 5, thread: 'M6' },
      { diameter: 4.2, depth: 12, through: false, drill: 4.2, thread: 'M5' },
      // The drill point's cone is not counted in the depth.
      { diameter: 2.5, depth: 16, through: false, drill: 2.5, thread: 'M3' },
      // A counterbore: a blind Ø8 ending on the shoulder of a through Ø3.3.
      { diameter: 8, depth: 5, through: false, drill: 8, thread: null },
      { diameter: 3.3, depth: 15, through: true, drill: 3.3, thread: 'M4' },
      { diameter: 0.8, depth: 20, through: true, drill: 0.8, thread: null },
    ]);
    expect(result.tappableHoles).toBe(4);
  });

  it('locates each hole: its wall\'s triangles, its axis from the opening inwards, its entry point', () => {
    const { mesh } = analysed(cells);
    const [through, blind] = findHoles(mesh).holes;
    // 64 sides, two triangles each; the through hole's two half faces joined.
    expect(through?.triangles).toHaveLength(128);
    expect(blind?.triangles).toHaveLength(128);
    const faces = mesh.faces ?? [];
    const wallOf = (t: number) => faces.findIndex((f) => t >= f.firstTriangle && t < f.firstTriangle + f.triangleCount);
    expect(new Set([...(through?.triangles ?? [])].map(wallOf)).size).toBe(2);
    expect(new Set([...(blind?.triangles ?? [])].map(wallOf)).size).toBe(1);
    // The blind hole opens on the top (z = 20) and goes down; its centre is the cell's.
    expect(blind?.axis).toEqual([0, 0, -1]);
    expect(blind?.entry[0]).toBeCloseTo(30, 5);
    expect(blind?.entry[1]).toBeCloseTo(0, 5);
    expect(blind?.entry[2]).toBeCloseTo(20, 5);
    expect(blind?.body).toBe(0);
  });

  it('finds the same holes however the block is turned', () => {
    const { mesh } = analysed(cells);
    const expected = findHoles(mesh).holes.map(summary);
    for (const [axis, angle] of [[[1, 2, 3], 0.7], [[0, 1, 0], Math.PI / 2], [[-3, 1, 0.5], 2.1]] as const) {
      const turned = { ...mesh, positions: transformed(mesh.positions, rotationMatrix([...axis], angle), [5, -7, 11]) };
      expect(findHoles(turned).holes.map(summary)).toEqual(expected);
    }
  });

  it('reads lengths in the mesh unit (inches) and reports mm', () => {
    const { mesh } = analysed([THROUGH_5]);
    const [hole] = findHoles(mesh, { mmPerUnit: 25.4 }).holes;
    expect(hole?.diameterMm).toBeCloseTo(127, 3);
    expect(hole?.depthMm).toBeCloseTo(508, 3);
    expect(hole?.standardDrillMm).toBeNull();
  });

  it('raises located findings for a hole deeper than 6× its diameter and one smaller than the smallest tool', () => {
    const { mesh } = analysed(cells);
    const result = findHoles(mesh);
    const findings = holeFindings(result);
    expect(findings.map((f) => f.code)).toEqual(['small-hole', 'deep-hole']);
    const [small, deep] = findings;
    expect(small).toMatchObject({ severity: 'warning', message: '1 hole of Ø0.8 mm: smaller than our smallest drill (1 mm).', count: 128 });
    expect(small?.fixHint).toBe('Make the hole at least 1 mm across, or leave it out and have it drilled separately (EDM or laser, at extra cost).');
    expect(small?.triangles).toEqual([...result.holes[5]!.triangles]);
    expect(deep?.message).toBe('1 hole of Ø2.5 mm, 16 mm deep: 6.4× the diameter, deeper than the 6× a standard drill reaches.');
    expect(deep?.fixHint).toBe('Deeper than 6× its diameter: a standard drill cannot reach; make it shallower or larger, or accept EDM at extra cost.');
    expect(deep?.triangles).toEqual([...result.holes[2]!.triangles]);
    // The shop's smallest tool and deepest reach are parameters; the severity is the caller's.
    const strict = holeFindings(result, { smallestToolMm: 3, maxDepthToDiameter: 4, severity: 'error' });
    expect(strict.map((f) => [f.code, f.severity, f.count])).toEqual([
      ['small-hole', 'error', 128],
      ['small-hole', 'error', 128],
      ['deep-hole', 'error', 128],
    ]);
    expect(strict[2]?.message).toContain('Ø3.3 mm, 15 mm deep: 4.5× the diameter');
  });

  it('groups identical holes into one finding with all their triangles', () => {
    const { mesh } = analysed([DRILLED_2_5, DRILLED_2_5, null, DRILLED_2_5]);
    const findings = holeFindings(findHoles(mesh));
    expect(findings).toHaveLength(1);
    expect(findings[0]?.message).toMatch(/^3 holes of Ø2\.5 mm, 16 mm deep/);
    expect(findings[0]?.count).toBe(3 * 128);
    expect(findings[0]?.triangles).toHaveLength(200);
  });

  it('finds nothing in a block without holes', () => {
    const { mesh } = analysed([null, null]);
    expect(findHoles(mesh)).toEqual({ holes: [], tappableHoles: 0, source: 'brep-faces' });
    expect(holeFindings(findHoles(mesh))).toEqual([]);
  });
});

describe('holes in meshes without faces (smooth patches)', () => {
  it('finds the same holes in the block read as STL', () => {
    const cells = [THROUGH_5, BLIND_4_2, DRILLED_2_5, COUNTERBORED, TINY, null];
    const { mesh } = analysed(cells);
    const stl = findHoles(createMesh(mesh.positions));
    expect(stl.source).toBe('smooth-patches');
    expect(stl.holes.map(summary)).toEqual(findHoles(mesh).holes.map(summary));
    expect(stl.tappableHoles).toBe(4);
  });

  it('a washer has one through hole; a bolt\'s shank (outside a cylinder) is no hole', () => {
    const washer = analyseMesh(createMesh(lathe([[3, 0], [8, 0], [8, 2], [3, 2]], 64, true))).mesh;
    expect(findHoles(washer).holes.map(summary)).toEqual([{ diameter: 6, depth: 2, through: true, drill: 6, thread: null }]);
    expect(findHoles(analyseMesh(createMesh(bolt(20, 64))).mesh).holes).toEqual([]);
  });

  it('a concave fillet (a quarter of a cylinder) is no hole', () => {
    // An L section with a 5 mm fillet in its inside corner, extruded 30 mm.
    const arc: [number, number][] = Array.from({ length: 17 }, (_, i) => {
      const phi = (Math.PI / 2) * (i / 16);
      return [15 - 5 * Math.sin(phi), 15 - 5 * Math.cos(phi)];
    });
    const outline: [number, number][] = [[0, 0], [40, 0], [40, 10], ...arc, [10, 40], [0, 40]];
    const caps: [number, number, number][] = outline.slice(1, -1).map((_, i) => [0, i + 1, i + 2]);
    const mesh = analyseMesh(createMesh(extruded(outline, caps, 30))).mesh;
    expect(findHoles(mesh).holes).toEqual([]);
  });
});

// Each case reads a STEP file through OpenCascade: 5-23 s alone, over 30 s once at load 23 (a cap, not a measure).
describe('holes in the CAx-IF STEP files', { timeout: 90_000 }, () => {
  let importStep: StepImporter;
  beforeAll(async () => {
    importStep = createStepImporter(await loadOcct());
  });
  const holesIn = (file: string) => {
    const imported = importStep(readBytes(path.join(OCCT_TEST_FILES, 'cax-if', file)));
    const analysis = analyseMesh(imported.mesh!, { declaredUnit: 'mm' });
    const result = findHoles(analysis.mesh, { weld: analysis.structure });
    const counts = new Map<string, number>();
    for (const hole of result.holes) {
      const body = analysis.mesh.bodies[hole.body]?.name.split(' / ').pop();
      const key = `${body}: Ø${+hole.diameterMm.toFixed(2)} × ${+hole.depthMm.toFixed(2)} ${hole.through ? 'through' : 'blind'}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return { faces: imported.mesh?.faces ?? [], triangles: imported.mesh?.triangleCount ?? 0, counts: Object.fromEntries(counts), result };
  };

  it('keeps the B-rep faces of a STEP file: consecutive runs covering every triangle', () => {
    const { faces, triangles } = holesIn('as1-oc-214.stp');
    expect(faces).toHaveLength(160);
    let next = 0;
    for (const face of faces) {
      expect(face.firstTriangle).toBe(next);
      next += face.triangleCount;
    }
    expect(next).toBe(triangles);
  });

  it('AS1: the nuts\', brackets\' and plate\'s bolt holes, and nothing on the bolts and the rod', () => {
    const { counts, result } = holesIn('as1-oc-214.stp');
    expect(counts).toEqual({
      'nut: Ø10 × 3 through': 8,
      'l-bracket: Ø10 × 10 through': 8,
      'plate: Ø10 × 20 through': 6,
    });
    expect(result.tappableHoles).toBe(0);
    expect(result.holes.every((h) => h.standardDrillMm === 10)).toBe(true);
  });

  it('IO1: a Ø36 bore and six Ø7 holes', () => {
    expect(holesIn('io1-cm-214.stp').counts).toEqual({ 'io1: Ø36 × 31 through': 1, 'io1: Ø7 × 6 through': 6 });
  });

  it('ignores face ranges a file gets wrong, and skips triangles left out', () => {
    const occt: OcctModule = {
      ReadStepFile: () => ({
        success: true,
        root: { meshes: [0] },
        meshes: [{
          attributes: { position: { array: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1] } },
          // Four triangles, the second pointing to a missing vertex.
          index: { array: [0, 2, 1, 0, 9, 3, 0, 1, 3, 1, 2, 3] },
          brep_faces: [{ first: 0, last: 1 }, { first: 2, last: 3 }, { first: 1, last: 7 }],
        }],
      }),
    };
    const mesh = createStepImporter(occt)(new Uint8Array([1])).mesh;
    expect(mesh?.triangleCount).toBe(3);
    expect(mesh?.faces).toEqual([{ firstTriangle: 0, triangleCount: 1 }, { firstTriangle: 1, triangleCount: 2 }]);
  });
});

describe('drill sizes', () => {
  it('has the metric series from 0.2 to 25 mm and matches within 0.01 mm', () => {
    expect(METRIC_DRILL_SIZES_MM[0]).toBe(0.2);
    expect(METRIC_DRILL_SIZES_MM.at(-1)).toBe(25);
    expect(METRIC_DRILL_SIZES_MM).toContain(2.05);
    expect(METRIC_DRILL_SIZES_MM).toContain(14.25);
    expect(METRIC_DRILL_SIZES_MM).not.toContain(14.1);
    expect(standardDrillSize(6.8)).toBe(6.8);
    expect(standardDrillSize(6.805)).toBe(6.8);
    expect(standardDrillSize(6.85)).toBeNull();
    expect(standardDrillSize(30)).toBeNull();
  });

  it('knows the tap drills of M2 to M12', () => {
    expect(threadForTapDrill(2.5)).toBe('M3');
    expect(threadForTapDrill(10.2)).toBe('M12');
    expect(threadForTapDrill(3)).toBeNull();
  });
});

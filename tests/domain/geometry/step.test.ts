import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseMesh, type PartMetrics } from '#domain/geometry/metrics';
import { importStl } from '#domain/geometry/stl';
import { analyseWallThickness } from '#domain/geometry/wall-thickness';
import { createStepImporter, DEFAULT_STEP_OPTIONS, finerDeflection, type StepImporter } from '#domain/geometry/step';
import { CAD_FIXTURES, cadFixture, corpusFile, OCCT_TEST_FILES, readBytes } from '../support/fixtures';
import { loadOcct } from '../support/occt-node';

let importStep: StepImporter;
beforeAll(async () => {
  importStep = createStepImporter(await loadOcct());
});

function stepMetrics(bytes: Uint8Array, linearDeflection?: number): PartMetrics {
  const imported = importStep(bytes, { linearDeflection });
  expect(imported.findings).toEqual([]);
  expect(imported.declaredUnit).toBe('mm');
  return analyseMesh(imported.mesh!, { declaredUnit: imported.declaredUnit }).metrics;
}

describe('STEP import through OpenCascade', () => {
  it('reads the 10 mm cube as STEP and as STL alike (two independent readers)', () => {
    const step = stepMetrics(cadFixture('cube-10x10mm--cube-10x10.stp'));
    const stl = analyseMesh(importStl(cadFixture('cube-10x10mm--cube-10x10.stl')).mesh!).metrics;
    expect(stl.units.unit).toBe('mm');
    expect(step.units.source).toBe('file');
    expect(step.volumeMm3).toBeCloseTo(stl.volumeMm3, 6);
    expect(step.areaMm2).toBeCloseTo(stl.areaMm2, 6);
    expect(step.size).toEqual(stl.size);
    expect(step.volumeMm3).toBeCloseTo(1000, 6);
    expect(step.watertight && stl.watertight).toBe(true);
  });

  it('normalises the millimetre, metre and inch cubes to the same millimetres', () => {
    const [mm, m, inch] = ['cube-units--cube-mm.step', 'cube-units--cube-m.step', 'cube-units--cube-in.step'].map((f) => stepMetrics(cadFixture(f)));
    for (const other of [m!, inch!]) {
      expect(other.size[0]).toBeCloseTo(mm!.size[0], 6);
      expect(other.size[1]).toBeCloseTo(mm!.size[1], 6);
      expect(other.size[2]).toBeCloseTo(mm!.size[2], 6);
      expect(other.volumeMm3 / mm!.volumeMm3).toBeCloseTo(1, 9);
    }
    // The cube is a 1 m cube in every file; its sides are axis-aligned, so the volume is side³.
    expect(mm!.volumeMm3).toBeCloseTo(mm!.size[0] * mm!.size[1] * mm!.size[2], 3);
  });

  it('converges on curved bodies as the tessellation tightens', () => {
    for (const file of ['rounded-cube--rounded-cube.step', 'conical-surface--conical-surface.step']) {
      const coarse = stepMetrics(cadFixture(file), 0.01);
      const normal = stepMetrics(cadFixture(file));
      const fine = stepMetrics(cadFixture(file), 0.0001);
      expect(fine.triangleCount).toBeGreaterThan(coarse.triangleCount);
      expect(Math.abs(normal.volumeMm3 - fine.volumeMm3) / fine.volumeMm3).toBeLessThan(0.002);
      expect(normal.watertight).toBe(true);
    }
  });

  it('keeps the rounded cube inside its 10 mm box and below the full cube', () => {
    const m = stepMetrics(cadFixture('rounded-cube--rounded-cube.step'));
    expect(m.size.map((s) => Math.round(s * 1000) / 1000)).toEqual([10, 10, 10]);
    expect(m.volumeMm3).toBeLessThan(1000);
    expect(m.volumeMm3).toBeGreaterThan(900);
  });

  it('flattens an assembly into named bodies that stay separate', () => {
    const imported = importStep(readBytes(path.join(OCCT_TEST_FILES, 'cax-if/as1_pe_203.stp')));
    const bodies = imported.mesh!.bodies;
    expect(bodies).toHaveLength(18);
    expect(bodies[0]!.name).toBe('AS1_PE_ASM / PLATE / SOLID');
    expect(bodies.filter((b) => b.name.startsWith('AS1_PE_ASM / L_BRACKET_ASSEMBLY_ASM')).length).toBe(14);
    const { metrics, findings } = analyseMesh(imported.mesh!, { declaredUnit: 'mm' });
    expect(metrics.bodyCount).toBe(18);
    expect(metrics.nonManifoldEdgeCount).toBe(0);
    expect(findings.map((f) => f.code)).toContain('multiple-shells');
  });

  it('reports an assembly of external files as a finding naming them', () => {
    const imported = importStep(readBytes(path.join(OCCT_TEST_FILES, 'cax-if/s1-c5-214/s1-c5-214.stp')));
    expect(imported.mesh).toBeNull();
    const [finding] = imported.findings;
    expect(finding?.code).toBe('step-external-references');
    expect(finding?.severity).toBe('error');
    for (const name of ['FOOT.stp', 'HEAD.stp', 'MAINBODY.stp', 'TAIL.stp']) expect(finding?.message).toContain(name);
  });

  it('turns damaged and empty STEP files into findings', () => {
    const header = new TextEncoder().encode('ISO-10303-21;\nHEADER;\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n');
    expect(importStep(header).findings.map((f) => f.code)).toEqual(['unreadable']);
    expect(importStep(new Uint8Array()).findings.map((f) => f.code)).toEqual(['empty-file']);
    const cut = cadFixture('rounded-cube--rounded-cube.step').slice(0, 5000);
    expect(importStep(cut).findings[0]?.severity).toBe('error');
  });

  it('never throws on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        const result = importStep(bytes);
        expect(result.findings.length).toBeGreaterThan(0);
      }),
      { numRuns: 40 },
    );
  });
});

describe('STEP volumes within 0.5 % of the exact solid (ADR 159)', () => {
  it('the filleted cube: within 0.5 % of its exact volume, the fillet read from the model itself', () => {
    const mesh = importStep(cadFixture('rounded-cube--rounded-cube.step')).mesh!;
    const { metrics } = analyseMesh(mesh, { declaredUnit: 'mm' });
    const a = metrics.size[0];
    expect(mesh.faces).toHaveLength(7); // six sides and one fillet: one edge of the cube is rounded
    // The top face is flat up to where the fillet starts: its corners' x span is a − r.
    const top = metrics.bbox.max[2];
    const xs: number[] = [];
    for (let i = 0; i < mesh.positions.length; i += 3) if (mesh.positions[i + 2] === top) xs.push(mesh.positions[i] as number);
    const r = a - (Math.max(...xs) - Math.min(...xs));
    expect(r).toBeGreaterThan(1);
    // The rounded edge takes away a square of side r less its quarter circle, along the cube.
    const exact = a ** 3 - (1 - Math.PI / 4) * r ** 2 * a;
    expect(Math.abs(metrics.volumeMm3 - exact) / exact).toBeLessThan(0.005);
  });

  it('reads a part again with a finer chord when its size’s chord would leave its volume more than 0.2 % off', async () => {
    const occt = await loadOcct();
    const first = (file: string, bytes = readBytes(file)) =>
      occt.ReadStepFile(bytes, { linearUnit: 'millimeter', linearDeflectionType: 'bounding_box_ratio', linearDeflection: DEFAULT_STEP_OPTIONS.linearDeflection, angularDeflection: DEFAULT_STEP_OPTIONS.angularDeflection }).meshes ?? [];
    // Planar faces lose nothing: a cube is read once.
    expect(finerDeflection(first(path.join(CAD_FIXTURES, 'cube-10x10mm--cube-10x10.stp')))).toBeNull();
    const cone = finerDeflection(first(path.join(CAD_FIXTURES, 'conical-surface--conical-surface.step')));
    expect(cone).toBeGreaterThan(0);
    // The finer read moves the volume towards a much finer tessellation's.
    const bytes = cadFixture('conical-surface--conical-surface.step');
    const volume = (options?: Parameters<StepImporter>[1]) => analyseMesh(importStep(bytes, options).mesh!, { declaredUnit: 'mm' }).metrics.volumeMm3;
    const fine = volume({ linearDeflection: 0.0001, angularDeflection: 0.05 });
    const coarse = volume({ linearDeflection: DEFAULT_STEP_OPTIONS.linearDeflection });
    const chosen = volume();
    expect(Math.abs(chosen - fine)).toBeLessThan(Math.abs(coarse - fine));
    expect(Math.abs(chosen - fine) / fine).toBeLessThan(0.005);
  });

  it('a CATIA part whose shell is modelled 1 mm thick (CAx-IF FOOT_BACK_000): its facets read it thinner, its allowance meets 1 mm (ADR 277)', () => {
    const bytes = corpusFile('step/caxif-FOOT_BACK_000.stp');
    const thinnest = (options?: Parameters<StepImporter>[1]) => {
      const mesh = importStep(bytes, options).mesh!;
      const walls = analyseWallThickness(analyseMesh(mesh, { declaredUnit: 'mm' }).mesh, { minWallMm: 1 });
      return { chord: mesh.chordToleranceMm!, walls };
    };
    const read = thinnest();
    // Read again finer (its size's chord, 0.049 mm, would leave the volume too far off): the mesh says which chord.
    expect(read.chord).toBeGreaterThan(0.004);
    expect(read.chord).toBeLessThan(0.008);
    expect(read.walls.minThicknessMm).toBeGreaterThan(1 - 2 * read.chord);
    expect(read.walls.minThicknessMm).toBeLessThan(0.999);
    expect(read.walls.thinRegions).toEqual([]);
    // Read with a four times finer angle, the wall measures nearer its 1 mm.
    const finer = thinnest({ linearDeflection: 0.0002, angularDeflection: 0.05 });
    expect(finer.walls.minThicknessMm).toBeGreaterThan(read.walls.minThicknessMm);
    // The same facets without their chord (as if a mesh file) are thinner than 1 mm.
    const asMesh = analyseWallThickness(analyseMesh({ ...importStep(bytes).mesh!, chordToleranceMm: undefined }, { declaredUnit: 'mm' }).mesh, { minWallMm: 1 });
    expect(asMesh.thinRegions.length).toBeGreaterThan(0);
  });

  it('an industry part (trimesh featuretype.STEP): within 0.5 % of a tessellation ten times finer', () => {
    const bytes = corpusFile('step/trimesh-featuretype.STEP');
    const volume = (options?: Parameters<StepImporter>[1]) => analyseMesh(importStep(bytes, options).mesh!, { declaredUnit: 'mm' }).metrics.volumeMm3;
    const fine = volume({ linearDeflection: 0.0001, angularDeflection: 0.05 });
    expect(Math.abs(volume() - fine) / fine).toBeLessThan(0.005);
  });
});

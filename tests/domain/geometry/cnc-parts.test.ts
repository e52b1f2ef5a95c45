/**
 * The machining analysis held to the CNC test parts' known answers (tests/domain/support/cnc-parts.ts):
 * tool access and undercuts, set-ups (ADR 176), pockets and slots with their depth, width, floor and
 * corners, deep narrow features, sharp corners and thin walls (ADR 177), read from their STL files.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseCadFile, type CadFileReport } from '#domain/geometry/import-cad';
import { corpusFile } from '../support/fixtures';
import { binaryStl } from '../support/solids';
import { cncParts, type CncTestPart } from '../support/cnc-parts';
import { precision, recall, score } from '../support/cnc-scoring';

let parts: CncTestPart[] = [];
const reports = new Map<string, CadFileReport>();

beforeAll(async () => {
  parts = await cncParts();
  for (const part of parts) reports.set(part.name, await analyseCadFile(binaryStl(part.positions)));
}, 120_000);

const names = () => parts.map((p) => p.name);
const partNamed = (name: string) => parts.find((p) => p.name === name)!;
const machiningOf = (name: string) => reports.get(name)!.metrics!.manufacturing!.machining!;

describe('the CNC test parts', () => {
  it('are closed solids of the volume Manifold built', () => {
    expect(names().length).toBeGreaterThanOrEqual(12);
    for (const part of parts) {
      const metrics = reports.get(part.name)!.metrics!;
      expect(metrics.watertight, part.name).toBe(true);
      expect(metrics.volumeMm3, part.name).toBeCloseTo(part.volumeMm3, 1);
    }
  });
});

describe('tool access and undercuts (ADR 176)', () => {
  it('finds an undercut exactly where the part has one, and says whether 5 axes reach it', () => {
    for (const part of parts) {
      const m = machiningOf(part.name);
      const findings = reports.get(part.name)!.findings.filter((f) => f.code === 'undercut');
      if (part.undercut === 'none') {
        expect(m.undercutAreaMm2, part.name).toBe(0);
        expect(findings, part.name).toEqual([]);
        continue;
      }
      expect(m.undercutAreaMm2, part.name).toBeGreaterThan(0);
      expect(findings.length, part.name).toBeGreaterThan(0);
      for (const f of findings) {
        expect(f.triangles.length, part.name).toBeGreaterThan(0);
        expect(f.severity).toBe('warning');
      }
      if (part.undercut === 'angle') {
        expect(m.undercutAtAngleAreaMm2, part.name).toBeCloseTo(m.undercutAreaMm2, 6);
        expect(findings.every((f) => /5-axis machine reaches it at an angle/.test(f.message)), part.name).toBe(true);
      } else {
        expect(m.undercutAtAngleAreaMm2, part.name).toBeLessThan(m.undercutAreaMm2);
        expect(findings.some((f) => /no cutter reaches from any direction/.test(f.message)), part.name).toBe(true);
      }
    }
  });

  it("measures the T-slot's undercut within 2 % of its area (shoulders, head sides and ends)", () => {
    const part = partNamed('t-slot');
    const m = machiningOf('t-slot');
    expect(m.undercutAreaMm2).toBeGreaterThan(part.undercutAreaMm2! * 0.98);
    expect(m.undercutAreaMm2).toBeLessThan(part.undercutAreaMm2! * 1.02);
    const finding = reports.get('t-slot')!.findings.find((f) => f.code === 'undercut')!;
    expect(finding.message).toMatch(/^Undercut: 2[56]\d\d mm²/);
  });

  it('reaches on 5 axes what a real part drills at its own angle (ADR 281)', async () => {
    // SolidWorks' angle block (trimesh): a hole counterbored at 15°, its bore met at a slant by the
    // front face, so its strips twist a little against its axis. Before: 382 + 102 + 6 mm² of
    // undercut that no cutter reaches: an engineer's review.
    const report = await analyseCadFile(corpusFile('stl/trimesh-angle_block.STL'));
    const m = report.metrics!.manufacturing!.machining!;
    expect(m.undercutAreaMm2).toBeGreaterThan(400);
    expect(m.undercutAtAngleAreaMm2).toBeCloseTo(m.undercutAreaMm2, 6);
    expect(report.findings.filter((f) => f.code === 'undercut').map((f) => f.message).join(' ')).not.toMatch(/no cutter reaches from any direction/);
  });
});

describe('set-ups (ADR 176)', () => {
  it('are the fewest directions that reach every reachable face: 1, 2, 3 and 5 on the pocketed blocks', () => {
    for (const part of parts) {
      const m = machiningOf(part.name);
      expect(m.setups.length, part.name).toBe(part.setups);
      if (part.setupDirections) expect([...m.setups].sort(), part.name).toEqual([...part.setupDirections].sort());
    }
  });

  it('puts the set-up that reaches most first and keeps to the top among equals', () => {
    expect(machiningOf('two-sides').setups).toEqual(['top', 'bottom']);
    expect(machiningOf('side-holes').setups).toEqual(['front', 'top']);
    expect(machiningOf('plain-block').setups).toEqual(['top']);
  });

  it('a 5-axis machine holds the dovetail and the angled hole from below in one clamping', () => {
    expect(machiningOf('dovetail').fiveAxisSetups).toBe(1);
    expect(machiningOf('angled-hole').fiveAxisSetups).toBe(1);
  });
});

describe('pockets and slots (ADR 177)', () => {
  it('finds every pocket and slot of the set, and nothing else, with its depth, width, floor area and corner radius', () => {
    for (const part of parts) {
      const found = [...machiningOf(part.name).recesses];
      expect(found.length, part.name).toBe(part.pockets.length);
      for (const expected of part.pockets) {
        // The one of the same direction and floor area.
        const match = found.find((r) => r.direction === expected.direction && Math.abs(r.floorAreaMm2 - expected.floorAreaMm2) < 0.01 * expected.floorAreaMm2);
        expect(match, `${part.name}: ${JSON.stringify(expected)}`).toBeDefined();
        found.splice(found.indexOf(match!), 1);
        expect(match!.kind, part.name).toBe(expected.kind);
        expect(match!.depthMm, part.name).toBeCloseTo(expected.depthMm, 3);
        expect(match!.widthMm, part.name).toBeCloseTo(expected.widthMm, 3);
        expect(match!.floorAreaMm2, part.name).toBeCloseTo(expected.floorAreaMm2, 2);
        if (expected.cornerRadiusMm === null) expect(match!.cornerRadiusMm, part.name).toBeNull();
        // A fillet of 8 chords reads 0.16 % under its radius (chords are shorter than their arc).
        else expect(match!.cornerRadiusMm!, part.name).toBeCloseTo(expected.cornerRadiusMm, 1);
      }
    }
  });

  it('locates each pocket on the model with a finding that gives its figures', () => {
    const findings = reports.get('pockets-top')!.findings.filter((f) => f.code === 'pocket');
    expect(findings.map((f) => f.message)).toEqual([
      'Pocket 1 of 2, from the top: 8 mm deep, 20 mm wide, floor 592 mm², inside corners R3 (cut with a Ø20 mm end mill).',
      'Pocket 2 of 2, from the top: 5 mm deep, 15 mm wide, floor 225 mm², sharp inside corners (cut with a Ø12 mm end mill).',
    ]);
    for (const f of findings) {
      expect(f.severity).toBe('info');
      expect(f.triangles.length).toBeGreaterThan(4);
    }
    expect(reports.get('through-slot')!.findings.find((f) => f.code === 'pocket')?.message).toBe('Slot 1 of 1, from the top: 6 mm deep, 10 mm wide, floor 800 mm² (cut with a Ø10 mm end mill).');
  });

  it('does not call a hole, a T-slot, a dovetail or a step a pocket', () => {
    for (const name of ['side-holes', 't-slot', 'dovetail', 'notched', 'l-bracket', 'angled-hole']) expect(machiningOf(name).recesses, name).toEqual([]);
  });
});

describe('corners, reach and thin walls (ADR 177)', () => {
  it('counts the inside corners sharper than the smallest end mill, with a located finding and a radius to add', () => {
    for (const part of parts) expect(machiningOf(part.name).sharpCorners, part.name).toBe(part.sharpCorners);
    const corner = reports.get('pockets-top')!.findings.find((f) => f.code === 'sharp-corner')!;
    expect(corner.severity).toBe('warning');
    expect(corner.message).toBe('Pocket 2 of 2, from the top: 4 inside corners are sharper than our smallest end mill (Ø1 mm) can cut; it leaves a radius of 0.5 mm there, as priced.');
    expect(corner.fixHint).toMatch(/^Add a radius of at least 0.5 mm to the highlighted corners \(1.67 mm or more is faster/);
    expect(corner.triangles.length).toBeGreaterThanOrEqual(4);
    expect(machiningOf('pockets-top').minCornerRadiusMm).toBe(0);
    expect(reports.get('notched')!.findings.filter((f) => f.code === 'sharp-corner').map((f) => f.message)).toEqual([
      '1 inside corner of the outline or a step is sharper than our smallest end mill (Ø1 mm) can cut; it leaves a radius of 0.5 mm there, as priced.',
    ]);
  });

  it('names deep narrow features: beyond 6 diameters an engineer decides, from 4 to 6 a long-reach tool', () => {
    for (const part of parts) {
      const deep = reports.get(part.name)!.findings.filter((f) => f.code === 'deep-feature');
      expect(deep.filter((f) => /An engineer decides/.test(f.message)).length, part.name).toBe(part.deepFeatures);
      expect(deep.filter((f) => /cut with a long-reach tool/.test(f.message)).length, part.name).toBe(part.longReach ?? 0);
    }
    const slot = reports.get('deep-slot')!.findings.find((f) => f.code === 'deep-feature')!;
    expect(slot.message).toBe('Pocket 1 of 1, from the top, is 25 mm deep: 8.3 diameters of the Ø3 mm end mill that fits it, beyond the 6 diameters a long-reach tool reaches. An engineer decides how to make it.');
    expect(slot.fixHint).toBe('Make it at least 8 mm wide (with inside corners of at least R4), or no deeper than 12 mm.');
    const narrow = reports.get('narrow-slot')!.findings.find((f) => f.code === 'deep-feature')!;
    expect(narrow.message).toBe('Pocket 1 of 1, from the top, is 0.6 mm wide and 0.4 mm deep: narrower than our smallest end mill (Ø1 mm). An engineer decides how to make it.');
    expect(narrow.fixHint).toBe('Make it at least 1 mm wide (with inside corners of at least R0.5), or tell us how it must be made (a smaller cutter, EDM, a laser: priced by an engineer).');
  });

  it('a recess shallower than the finest tolerance is no feature: no pocket, corner or review (ADR 278)', () => {
    expect(machiningOf('sliver-pocket').recesses).toEqual([]);
    expect(reports.get('sliver-pocket')!.findings.filter((f) => ['pocket', 'sharp-corner', 'deep-feature'].includes(f.code))).toEqual([]);
  });

  it('locates walls thinner than machining allows, both faces of a wall as one', () => {
    for (const part of parts) {
      const thin = reports.get(part.name)!.findings.filter((f) => f.code === 'machining-thin-wall');
      expect(thin.length, part.name).toBe(part.thinWalls ?? 0);
    }
    const wall = reports.get('thin-wall')!.findings.find((f) => f.code === 'machining-thin-wall')!;
    expect(wall.message).toMatch(/^Thin wall: 1.2 mm thick over 1[34]\d\d mm², below the 1.5 mm we machine in plastics \(metals: 0.8 mm\)\.$/);
  });
});

describe('precision and recall over the set (docs/benchmarks.md)', () => {
  it('finds every feature of the set and nothing else', () => {
    const result = score(parts.map((part) => {
      const report = reports.get(part.name)!;
      const m = report.metrics!.manufacturing!;
      return { part, machining: m.machining!, findings: report.findings, holeCount: m.holeCount };
    }));
    for (const [kind, tally] of Object.entries(result.tallies)) {
      expect(precision(tally), kind).toBe(1);
      expect(recall(tally), kind).toBe(1);
    }
    expect(result.setups.right).toBe(result.setups.of);
    expect(result.errors.depthMm).toBeLessThan(1e-3);
    expect(result.errors.widthMm).toBeLessThan(1e-3);
    expect(result.errors.floorArea).toBeLessThan(1e-5);
    expect(result.errors.cornerRadiusMm).toBeLessThan(0.01);
    expect(result.undercutArea).toBeLessThan(0.02);
  });
});

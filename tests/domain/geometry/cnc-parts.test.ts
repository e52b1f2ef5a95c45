/**
 * The machining analysis held to the CNC test parts' known answers (tests/domain/support/cnc-parts.ts):
 * tool access and undercuts (ADR 176), set-ups, and the parts read back from their STL files.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseCadFile, type CadFileReport } from '#domain/geometry/import-cad';
import { binaryStl } from '../support/solids';
import { cncParts, type CncTestPart } from '../support/cnc-parts';

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

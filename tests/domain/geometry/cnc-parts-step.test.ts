/**
 * The CNC test parts as STEP files (planar faces, tests/domain/support/step-writer.ts), read by
 * OpenCascade and tessellated by it: the machining analysis answers as it does for their STL.
 * Parts with holes are left out: their faceted cylinders are planar faces to the hole finder (ADR 111).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseCadFile } from '#domain/geometry/import-cad';
import type { MachiningMetrics } from '#domain/geometry/part-metrics';
import { cncParts, type CncTestPart } from '../support/cnc-parts';
import { loadOcct } from '../support/occt-node';
import { stepOf } from '../support/step-writer';

const NAMES = ['pockets-top', 'five-sides', 'deep-slot', 'through-slot', 't-slot', 'dovetail', 'notched'];
const read = new Map<string, { part: CncTestPart; machining: MachiningMetrics; format: string | null; volume: number }>();

beforeAll(async () => {
  const occt = await loadOcct();
  for (const part of (await cncParts()).filter((p) => NAMES.includes(p.name))) {
    const report = await analyseCadFile(new TextEncoder().encode(stepOf(part.positions, part.name)), { occt });
    read.set(part.name, { part, machining: report.metrics!.manufacturing!.machining!, format: report.format, volume: report.metrics!.volumeMm3 });
  }
}, 240_000);

describe('the CNC test parts read from STEP', () => {
  it('are read as closed solids of the same volume', () => {
    expect([...read.keys()].sort()).toEqual([...NAMES].sort());
    for (const { part, format, volume } of read.values()) {
      expect(format, part.name).toBe('step');
      expect(volume, part.name).toBeCloseTo(part.volumeMm3, 1);
    }
  });

  it('give the same set-ups, undercuts, pockets and corners as their STL', () => {
    for (const { part, machining } of read.values()) {
      expect(machining.setups.length, part.name).toBe(part.setups);
      expect(machining.undercutAreaMm2 > 0, part.name).toBe(part.undercut !== 'none');
      if (part.undercut === 'angle') expect(machining.undercutAtAngleAreaMm2, part.name).toBeCloseTo(machining.undercutAreaMm2, 6);
      if (part.undercutAreaMm2) expect(Math.abs(machining.undercutAreaMm2 / part.undercutAreaMm2 - 1), part.name).toBeLessThan(0.02);
      expect(machining.recesses.length, part.name).toBe(part.pockets.length);
      for (const expected of part.pockets) {
        const found = machining.recesses.find((r) => r.direction === expected.direction && Math.abs(r.floorAreaMm2 - expected.floorAreaMm2) < 0.01 * expected.floorAreaMm2);
        expect(found, part.name).toBeDefined();
        expect(found!.depthMm, part.name).toBeCloseTo(expected.depthMm, 3);
        expect(found!.widthMm, part.name).toBeCloseTo(expected.widthMm, 3);
      }
      expect(machining.sharpCorners, part.name).toBe(part.sharpCorners);
    }
  });
});

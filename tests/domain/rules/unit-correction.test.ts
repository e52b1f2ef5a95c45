import { describe, expect, it } from 'vitest';
import { analyseMesh } from '#domain/geometry/metrics';
import { createMesh } from '#domain/geometry/mesh';
import { correctUnits, declaresUnits, millimetresPerFileUnit } from '#domain/rules/unit-correction';
import { subdividedCube } from '../support/solids';

// A 25.4 mm cube drawn in millimetres but saved as inches reads as 645.16 mm: too large for any machine.
const DECLARED = analyseMesh(createMesh(subdividedCube(645.16, 2)), { declaredUnit: 'mm' }).metrics;

describe('correcting declared units', () => {
  it('reads a file declared in inches as millimetres, 25.4 times smaller, and back', () => {
    expect(DECLARED.fits['3d-printing']).toBe(false);
    const corrected = correctUnits(DECLARED, 'none', 'inch-to-mm');
    expect(corrected.size[0]).toBeCloseTo(25.4, 3);
    expect(corrected.volumeMm3).toBeCloseTo(25.4 ** 3, 0);
    expect(corrected.areaMm2).toBeCloseTo(6 * 25.4 ** 2, 1);
    expect(corrected.fits['3d-printing']).toBe(true);
    expect(corrected.units).toMatchObject({ unit: 'mm', source: 'user' });
    expect(declaresUnits(corrected, 'inch-to-mm')).toBe(true);
    const back = correctUnits(corrected, 'inch-to-mm', 'none');
    expect(back.size[0]).toBeCloseTo(645.16, 3);
    expect(back.units.source).toBe('file');
  });

  it('goes from one correction to the other in one call (a factor of 25.4 squared)', () => {
    const larger = correctUnits(DECLARED, 'none', 'mm-to-inch');
    expect(larger.size[0]).toBeCloseTo(645.16 * 25.4, 1);
    expect(correctUnits(larger, 'mm-to-inch', 'inch-to-mm').size[0]).toBeCloseTo(25.4, 3);
  });
});

describe('millimetres per unit of the file, as read now (a split part is stored in mm, ADR 131)', () => {
  it('a file without units: its guessed or confirmed unit; a declared one: 1, or 25.4 either way once corrected', () => {
    const guessed = analyseMesh(createMesh(subdividedCube(20, 1)), {}).metrics;
    expect(millimetresPerFileUnit(guessed)).toBe(1);
    expect(millimetresPerFileUnit({ units: { ...guessed.units, unit: 'inch', source: 'user' } })).toBe(25.4);
    expect(millimetresPerFileUnit(DECLARED)).toBe(1);
    expect(millimetresPerFileUnit(correctUnits(DECLARED, 'none', 'inch-to-mm'), 'inch-to-mm')).toBeCloseTo(1 / 25.4, 12);
    expect(millimetresPerFileUnit(correctUnits(DECLARED, 'none', 'mm-to-inch'), 'mm-to-inch')).toBe(25.4);
  });
});

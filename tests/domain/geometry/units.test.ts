import { describe, expect, it } from 'vitest';
import { analyseCadFile, importCad } from '#domain/geometry/import-cad';
import { checkManufacturing } from '#domain/geometry/manufacturing';
import { analyseMesh } from '#domain/geometry/metrics';
import { importStl } from '#domain/geometry/stl';
import { guessUnit, UNIT_CONFIRMATION_THRESHOLD, type LengthUnit } from '#domain/geometry/units';
import { withUnitsFromHoles } from '#domain/geometry/units-from-holes';
import { corpusFile } from '../support/fixtures';
import { blockWithHoles, type HoleSpec } from '../support/holes';
import { binaryStl } from '../support/solids';

describe('guessUnit', () => {
  it('reads typical part sizes as millimetres with confidence', () => {
    for (const side of [30, 100, 400]) {
      const guess = guessUnit(side);
      expect(guess.unit).toBe('mm');
      expect(guess.confidence).toBeGreaterThan(UNIT_CONFIRMATION_THRESHOLD);
    }
  });

  it('reads small numbers as inches', () => {
    for (const side of [0.5, 1, 2, 3]) expect(guessUnit(side).unit).toBe('inch');
  });

  it('is least sure in between, where both readings are plausible parts', () => {
    const confidences = [2, 5, 8, 12, 20, 50].map((s) => guessUnit(s).confidence);
    const least = Math.min(...confidences);
    expect(least).toBeLessThan(0.8);
    expect(guessUnit(8).reason).toContain('203 mm read as inches');
  });

  it('copes with an empty or degenerate model', () => {
    expect(guessUnit(0)).toMatchObject({ unit: 'mm', source: 'guess' });
    expect(guessUnit(Number.NaN).unit).toBe('mm');
  });
});

/**
 * The labelled set (ADR 158): parts whose true unit is known, with the guess recorded. Real exports
 * from the corpus (tests/fixtures/corpus), and generated parts drawn in one unit and written in one.
 */
describe('units guessed from more than the size, on a labelled set', () => {
  const sidesOf = (file: string) => {
    const mesh = importStl(corpusFile(`stl/${file}`)).mesh!;
    const { metrics } = analyseMesh(mesh, { declaredUnit: 'mm' });
    return { sides: [...metrics.size], names: mesh.bodies.map((b) => b.name) };
  };
  const guess = (clues: { sides: number[]; names?: string[] }) => guessUnit(Math.max(...clues.sides), clues);
  const asked = (g: ReturnType<typeof guessUnit>) => g.confidence < UNIT_CONFIRMATION_THRESHOLD;

  // [label, how the truth is known, clues, true unit, asked before the price is final?]
  const labelled: [string, string, () => { sides: number[]; names?: string[] }, LengthUnit, boolean][] = [
    ['SolidWorks featuretype.STL', 'its STEP twin measures 25.4³ times its volume read as mm', () => sidesOf('trimesh-featuretype.STL'), 'inch', false],
    ['SolidWorks angle_block.STL', '34 mm and 25.4 mm sides written in inches', () => sidesOf('trimesh-angle_block.STL'), 'inch', false],
    ['SolidWorks plate_holes.STL', 'an 8 × 12 × ½ inch plate written in mm', () => sidesOf('trimesh-plate_holes.STL'), 'mm', false],
    ['Creo round.stl', '0.2 × 0.2 × 2.4 inch written in mm', () => sidesOf('trimesh-round.stl'), 'mm', false],
    ['Autodesk 20mm-xyz-cube.stl', 'its name', () => sidesOf('trimesh-20mm-xyz-cube.stl'), 'mm', true],
    ['bracket drawn in mm, written in mm', 'generated', () => ({ sides: [80, 45, 6] }), 'mm', false],
    ['the same bracket written in inches', 'generated', () => ({ sides: [80 / 25.4, 45 / 25.4, 6 / 25.4].map((v) => Math.fround(v)) }), 'inch', false],
    ['block drawn in inches, written in inches', 'generated', () => ({ sides: [4, 2.5, 0.375] }), 'inch', false],
    ['the same block written in mm', 'generated', () => ({ sides: [101.6, 63.5, 9.525].map((v) => Math.fround(v)) }), 'mm', false],
    ['small part 12 × 8 × 3.5 mm', 'generated: round either way, size alone', () => ({ sides: [12, 8, 3.5] }), 'mm', true],
    // Tenths of the unit are round read either way (ADR 283): PrusaSlicer's HT90 actuator (104.9 ×
    // 104.9 × 26.6 mm, a binary STL) read as a 2.7 m part in inches, 95 % sure, and too large for any machine.
    ['an actuator 104.9 × 104.9 × 26.6 mm', 'generated: tenths of a millimetre, size alone', () => ({ sides: [104.9, 104.9, 26.6].map((v) => Math.fround(v)) }), 'mm', false],
    ['a plate 4.1 × 2.3 × 0.7 in written in inches', 'generated: tenths of an inch say nothing either; 4.1 units is as plausible both ways', () => ({ sides: [4.1, 2.3, 0.7].map((v) => Math.fround(v)) }), 'inch', true],
    ['header "units=inch", 2 × 1 × 1', 'generated', () => ({ sides: [2, 1, 1], names: ['solid part units=inch'] }), 'inch', false],
    // Centimetres and metres (ADR 275): read from the size alone, and always asked.
    ['SolidWorks ADIS16480 (an IMU, 44 × 14 × 47 mm) written in metres', 'the part’s datasheet', () => sidesOf('trimesh-ADIS16480-binary.STL'), 'm', true],
    ['the bracket written in metres (Blender’s default unit)', 'generated', () => ({ sides: [0.08, 0.045, 0.006].map((v) => Math.fround(v)) }), 'm', true],
    ['a stand 120 × 70 × 85.3 mm written in metres', 'generated: 3 mm read as inches is as plausible', () => ({ sides: [0.12, 0.07, 0.0853].map((v) => Math.fround(v)) }), 'm', true],
    ['a part of 41.7 × 23.9 × 8.1 mm written in metres', 'generated: round in no unit, size alone', () => ({ sides: [0.0417, 0.0239, 0.0081].map((v) => Math.fround(v)) }), 'm', true],
    ['header "units=m", 41.7 × 23.9 × 8.1 mm', 'generated', () => ({ sides: [0.0417, 0.0239, 0.0081].map((v) => Math.fround(v)), names: ['solid part units=m'] }), 'm', false],
    ['a box 8 × 5 × 2 cm written in centimetres', 'generated: as round in millimetres, the size says millimetres', () => ({ sides: [8, 5, 2] }), 'mm', true],
    ['header "units=cm", 8 × 5 × 2', 'generated', () => ({ sides: [8, 5, 2], names: ['solid box units=cm'] }), 'cm', true],
  ];

  for (const [label, truth, clues, unit, ask] of labelled) {
    it(`${label} (${truth}): ${unit}${ask ? ', asked' : ''}`, () => {
      const g = guess(clues());
      expect(g.unit, g.reason).toBe(unit);
      expect(asked(g), `${(g.confidence * 100).toFixed(0)} %: ${g.reason}`).toBe(ask);
    });
  }

  it('asks when a side is round read as inches and as metres (ADR 286): a robot link written in metres', () => {
    // ROS-Industrial's Fanuc LR Mate 200i base (SolidWorks, metres): 0.25 × 0.19 × 0.287 units, a
    // 250 mm part, or 6.35 mm in inches (1/4 in). It was read as inches, 99.97 % sure, never asked.
    const g = guess({ sides: [0.25, 0.19, 0.287].map((v) => Math.fround(v)) });
    expect(asked(g), `${(g.confidence * 100).toFixed(0)} %: ${g.reason}`).toBe(true);
    expect(g.reason).toContain('287 mm read as metres');
  });

  it('was 56 % sure of millimetres for featuretype.STL on its size alone; says why it reads inches now', () => {
    const { sides } = sidesOf('trimesh-featuretype.STL');
    expect(guessUnit(Math.max(...sides))).toMatchObject({ unit: 'mm' });
    expect(guessUnit(Math.max(...sides)).confidence).toBeLessThan(0.6);
    expect(guess({ sides }).reason).toContain('1.375 units is a round size read as inches (1 3/8 in), not as millimetres');
  });
});

describe('units guessed from the holes’ drill sizes too (ADR 219)', () => {
  // Sides round in neither unit, and a largest side (10.11 units) as plausible in mm as in inches:
  // only the holes can tell. Written as a binary STL, which says nothing of its unit.
  const inchHoles: HoleSpec[] = [0.257, 0.201, 0.3125].map((diameter) => ({ steps: [{ diameter, to: 1.93 }], bottom: 'through' }));
  const metricHoles: HoleSpec[] = [1.6, 2.05, 2.5].map((diameter) => ({ steps: [{ diameter, to: 1.93 }], bottom: 'through' }));
  const stlOf = (holes: HoleSpec[], cell: number, height: number) => binaryStl(blockWithHoles(holes, cell, height).positions, 'block');

  it('a block drawn in inches with F, #7 and 5/16 in holes reads as inches, not asked; on its size alone it read millimetres, asked', async () => {
    const report = await analyseCadFile(stlOf(inchHoles, 3.37, 1.93), { manufacturing: false });
    const units = report.metrics!.units;
    expect(units.unit).toBe('inch');
    expect(units.confidence).toBeGreaterThanOrEqual(UNIT_CONFIRMATION_THRESHOLD);
    expect(units.reason).toContain('Hole Ø0.257 units is an inch drill size read as inches (0.257 in), not a metric one');
    expect(units.reason).toContain('Ø0.3125 units is an inch drill size read as inches (5/16 in)');
    expect(report.findings.map((f) => f.code)).not.toContain('units-uncertain');
    // Read again in inches: 10.11 × 3.37 × 1.93 in.
    expect(report.metrics!.size.map((v) => +v.toFixed(2))).toEqual([256.79, 85.6, 49.02]);
    const sides = [10.11, 3.37, 1.93];
    const before = guessUnit(10.11, { sides });
    expect(before.unit).toBe('mm');
    expect(before.confidence).toBeLessThan(UNIT_CONFIRMATION_THRESHOLD);
  });

  it('without the hole search (the browser, for a large file: ADR 238) the same inch block stays on its size’s guess, asked, until the server reads it', async () => {
    const report = await analyseCadFile(stlOf(inchHoles, 3.37, 1.93), { manufacturing: false, unitsFromHoles: false });
    expect(report.metrics!.units.unit).toBe('mm');
    expect(report.metrics!.units.confidence).toBeLessThan(UNIT_CONFIRMATION_THRESHOLD);
    expect(report.metrics!.size.map((v) => +v.toFixed(2))).toEqual([10.11, 3.37, 1.93]);
    expect(report.findings.map((f) => f.code)).toContain('units-uncertain');
  });

  it('the same block drawn in millimetres with M2, M2.5 and M3 tap drills stays millimetres, now without asking', async () => {
    const report = await analyseCadFile(stlOf(metricHoles, 3.37, 1.93), { manufacturing: false });
    const units = report.metrics!.units;
    expect(units.unit).toBe('mm');
    expect(units.confidence).toBeGreaterThanOrEqual(UNIT_CONFIRMATION_THRESHOLD);
    expect(units.reason).toContain('Hole Ø1.6 units is a metric drill size (Ø1.6 mm), not an inch one');
    expect(report.findings.map((f) => f.code)).not.toContain('units-uncertain');
    expect(report.metrics!.size.map((v) => +v.toFixed(2))).toEqual([10.11, 3.37, 1.93]);
  });

  it('the manufacturing checks take the holes found for the guess: the same as their own search', async () => {
    const bytes = stlOf(metricHoles, 3.37, 1.93);
    const report = await analyseCadFile(bytes);
    const mesh = (await importCad(bytes)).mesh!;
    const own = checkManufacturing(withUnitsFromHoles(analyseMesh(mesh), mesh).analysis)!;
    expect(report.metrics!.manufacturing!.holeCount).toBe(3);
    expect(report.metrics!.manufacturing!.tappableHoles).toBe(3);
    expect(report.metrics!.manufacturing).toEqual(own.manufacturing);
  });

  it('a hole that is a drill size in neither unit tells nothing', () => {
    const sides = [10.11, 3.37, 1.93];
    expect(guessUnit(10.11, { sides, holeDiameters: [0.4321] })).toEqual(guessUnit(10.11, { sides }));
  });
});

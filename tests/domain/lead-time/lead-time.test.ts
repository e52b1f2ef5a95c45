import { parseDate } from '@internationalized/date';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findMaterial } from '#domain/catalogue/lookup';
import type { Material } from '#domain/catalogue/types';
import { computeLeadTime, leadTimeItems, shipDatesByTier } from '#domain/lead-time/lead-time';
import { quotePart } from '#domain/pricing/quote-part';
import { defaultConfiguration } from '#domain/rules/quote-configuration';
import { isWorkingDay, type WorkingCalendar } from '#domain/lead-time/working-days';
import type { FinishSelection } from '#domain/rules/quote-configuration';
import { finishArbitrary } from '../support/arbitraries';

const utc: WorkingCalendar = { timeZone: 'UTC', cutOffHour: 15, weekendDays: [0, 6], holidays: [] };
const nylon = findMaterial('3d-printing', 'mjf-pa12') as Material;
const days = (finishes: FinishSelection[]) => leadTimeItems(nylon, 'standard', finishes).map((i) => [i.id, i.workingDays]);

describe('lead time: base plus the add-ons of spec section 9, exactly', () => {
  it('starts from the material and tier base', () => {
    expect(days([])).toEqual([['production', nylon.leadDays.standard]]);
  });

  it('adds 4 days per painting colour', () => {
    expect(days([{ kind: 'painting', colours: ['red'] }])[1]).toEqual(['painting', 4]);
    expect(days([{ kind: 'painting', colours: ['a', 'b', 'c', 'd', 'e'] }])[1]).toEqual(['painting', 20]);
  });

  it('adds 3 days for one dye colour, 4 for several', () => {
    expect(days([{ kind: 'dyeing', style: 'solid', colours: ['black'] }])[1]).toEqual(['dyeing', 3]);
    expect(days([{ kind: 'dyeing', style: 'gradient', colours: ['red', 'blue'] }])[1]).toEqual(['dyeing', 4]);
    expect(days([{ kind: 'dyeing', style: 'cream', colours: ['cream'] }])[1]).toEqual(['dyeing', 3]);
  });

  it('adds 3 days for silkscreen, 1 with painting', () => {
    expect(days([{ kind: 'silkscreen', colours: ['white'] }])[1]).toEqual(['silkscreen', 3]);
    expect(days([{ kind: 'silkscreen', colours: ['white'] }, { kind: 'painting', colours: ['red'] }])).toEqual([
      ['production', nylon.leadDays.standard],
      ['silkscreen', 1],
      ['painting', 4],
    ]);
  });

  it('adds 1 for special treatment, 2 for spray paint, 1 each for tapping, brass inserts and Helicoils', () => {
    const all = days([
      { kind: 'special-treatment' },
      { kind: 'spray-paint' },
      { kind: 'tapping', holes: 4 },
      { kind: 'brass-insert', inserts: [{ count: 2, insertLengthMm: 4, holeDepthMm: 6 }] },
      { kind: 'helicoil', inserts: [{ count: 9, insertLengthMm: 4, holeDepthMm: 6 }] },
    ]);
    expect(all.slice(1)).toEqual([['special-treatment', 1], ['spray-paint', 2], ['tapping', 1], ['brass-insert', 1], ['helicoil', 1]]);
  });

  it('gives a ship date counted in working days from the production start', () => {
    // Friday 2026-11-27 10:00 UTC, before the cut-off: production starts that day.
    const lead = computeLeadTime(nylon, 'standard', [{ kind: 'spray-paint' }], '2026-11-27T10:00:00Z', utc);
    expect(lead.totalWorkingDays).toBe(nylon.leadDays.standard + 2);
    expect(lead.productionStart).toBe('2026-11-27');
    // Counted independently with plain Date: step day by day, counting Monday to Friday.
    let day = new Date('2026-11-27T00:00:00Z');
    for (let counted = 0; counted < lead.totalWorkingDays; ) {
      day = new Date(day.getTime() + 86_400_000);
      if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) counted++;
    }
    expect(lead.shipDate).toBe(day.toISOString().slice(0, 10));
    expect(isWorkingDay(parseDate(lead.shipDate), utc)).toBe(true);
    expect(lead.timeZone).toBe('UTC');
  });

  it('never shortens when a finish is added, and never ships on a weekend', () => {
    // A part takes each finish at most once (quote-rules: "Choose … once"), so the finishes are
    // distinct by kind and the one added is a kind not chosen yet. (Three silkscreens and then a
    // painting would shorten: each silkscreen drops from 3 days to 1 with painting.)
    fc.assert(
      fc.property(
        fc.uniqueArray(finishArbitrary, { maxLength: 4, selector: (f) => f.kind }),
        finishArbitrary,
        fc.constantFrom('economy' as const, 'standard' as const, 'express' as const),
        fc.date({ min: new Date('2024-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        (finishes, extra, tier, orderedAt) => {
          fc.pre(!finishes.some((f) => f.kind === extra.kind));
          const before = computeLeadTime(nylon, tier, finishes, orderedAt, utc);
          const after = computeLeadTime(nylon, tier, [...finishes, extra], orderedAt, utc);
          expect(after.totalWorkingDays).toBeGreaterThanOrEqual(before.totalWorkingDays);
          expect(after.shipDate >= before.shipDate).toBe(true);
          const weekday = new Date(`${after.shipDate}T12:00:00Z`).getUTCDay();
          expect(weekday).not.toBe(0);
          expect(weekday).not.toBe(6);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('shipDatesByTier', () => {
  it('gives every tier the ship date its own quote gives (one working-day calculation)', () => {
    const configuration = { ...defaultConfiguration('3d-printing'), colourId: 'white', finishes: [] };
    const material = findMaterial('3d-printing', configuration.materialId)!;
    const metrics = { volumeMm3: 1000, areaMm2: 600, size: [10, 10, 10] as [number, number, number], watertight: true, units: { unit: 'mm' as const, source: 'file' as const, confidence: 1, reason: 'test' } };
    // Monday 23 November 2026, 09:00 in Shanghai: production starts that day.
    const orderedAt = Date.UTC(2026, 10, 23, 1, 0, 0);
    const dates = shipDatesByTier(material, ['economy', 'standard', 'express'], [], orderedAt);
    expect(dates.map((d) => [d.tier, d.totalWorkingDays, d.shipDate])).toEqual([
      ['economy', 6, '2026-12-01'],
      ['standard', 4, '2026-11-27'],
      ['express', 2, '2026-11-25'],
    ]);
    for (const d of dates) expect(quotePart(metrics, { ...configuration, tier: d.tier }, orderedAt).shipDate).toBe(d.shipDate);
  });
});

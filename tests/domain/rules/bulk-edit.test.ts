import { describe, expect, test } from 'vitest';
import type { PartMetrics } from '#domain/geometry/metrics';
import { applyBulkChange, type BulkPart } from '#domain/rules/bulk-edit';
import { defaultConfiguration, type PartConfiguration } from '#domain/rules/quote-configuration';
import { boxMetrics, cubeMetrics } from '../../../stories/support/quote-fixtures.ts';

const AT = Date.UTC(2026, 10, 23, 1, 0, 0);
const part = (configuration: Partial<PartConfiguration> = {}, metrics: PartMetrics = cubeMetrics(20)): BulkPart => ({
  configuration: { ...defaultConfiguration('3d-printing'), ...configuration },
  metrics,
  geometryFindings: [],
});

describe('one change to several parts: each part takes it where it is valid', () => {
  test('a lead time, a quantity, a tolerance and a colour its material offers are taken', () => {
    expect(applyBulkChange(part(), { field: 'tier', tier: 'express' }, AT)).toMatchObject({ ok: true, configuration: { tier: 'express' } });
    expect(applyBulkChange(part(), { field: 'quantity', quantity: 25 }, AT)).toMatchObject({ ok: true, configuration: { quantity: 25 } });
    const machined: BulkPart = { ...part(), configuration: defaultConfiguration('cnc') };
    expect(applyBulkChange(machined, { field: 'tolerance', toleranceId: 'fine' }, AT)).toMatchObject({ ok: true, configuration: { toleranceId: 'fine' } });
    expect(applyBulkChange(part(), { field: 'colour', colourId: 'black' }, AT)).toMatchObject({ ok: true, configuration: { colourId: 'black' } });
  });

  test('a colour or a tolerance its material does not offer: the part keeps its configuration, and says why', () => {
    const clear = part({ materialId: 'sla-clear-resin', colourId: 'clear' });
    expect(applyBulkChange(clear, { field: 'colour', colourId: 'black' }, AT)).toEqual({ ok: false, reason: 'Clear resin does not come in Black.' });
    // Printing materials are made to their standard tolerance only.
    expect(applyBulkChange(part(), { field: 'tolerance', toleranceId: 'fine' }, AT)).toEqual({ ok: false, reason: 'Standard resin is not made to the fine tolerance.' });
  });

  test('a quantity the rules refuse is not taken; a rule already broken (the colour to choose) does not hold a change back', () => {
    const refused = applyBulkChange(part(), { field: 'quantity', quantity: 0 }, AT);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.reason).toMatch(/quantity/i);
    expect(applyBulkChange(part({ colourId: null }), { field: 'tier', tier: 'economy' }, AT).ok).toBe(true);
  });

  test('a material that cannot make the part, or does not offer its finishes, is not taken', () => {
    // 590 × 590 mm fits the standard resin's 600 × 600 × 400 mm box lying down, not Nylon's 340 × 340 × 580 however turned.
    const long = part({}, boxMetrics([590, 590, 20]));
    const tooSmall = applyBulkChange(long, { field: 'material', materialId: 'sls-pa12' }, AT);
    expect(tooSmall.ok).toBe(false);
    expect(tooSmall).toEqual({ ok: false, reason: expect.stringContaining('does not fit the 340 × 340 × 580 mm build volume for Nylon PA12 (SLS)') });
    // PLA (FDM) offers no special treatment: the part keeps its resin rather than lose it.
    const treated = part({ colourId: 'white', finishes: [{ kind: 'special-treatment' }] });
    expect(applyBulkChange(treated, { field: 'material', materialId: 'fdm-pla' }, AT)).toEqual({
      ok: false,
      reason: 'PLA (FDM) does not offer Special treatment: change this part on its own.',
    });
    expect(applyBulkChange(part(), { field: 'material', materialId: 'sla-tough-resin' }, AT)).toMatchObject({ ok: true, configuration: { materialId: 'sla-tough-resin' } });
  });

  test('a finish: added with its starting options where the material offers it; one that takes colours is chosen part by part', () => {
    expect(applyBulkChange(part(), { field: 'finish', kind: 'special-treatment' }, AT)).toMatchObject({ ok: true, configuration: { finishes: [{ kind: 'special-treatment' }] } });
    expect(applyBulkChange(part(), { field: 'finish', kind: 'painting' }, AT)).toEqual({
      ok: false,
      reason: 'Painting takes its colours part by part: choose it in the part’s options.',
    });
    const pla = part({ materialId: 'fdm-pla', colourId: 'white' });
    expect(applyBulkChange(pla, { field: 'finish', kind: 'special-treatment' }, AT)).toEqual({ ok: false, reason: 'Special treatment is not offered for PLA (FDM).' });
    expect(applyBulkChange(pla, { field: 'finish', kind: 'tapping' }, AT)).toMatchObject({ ok: true, configuration: { finishes: [{ kind: 'tapping', holes: 1 }] } });
  });
});

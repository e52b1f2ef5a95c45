/**
 * The CNC price from the machining analysis (ADRs 176, 177): set-ups named and priced, and the
 * figures behind each line, on the CNC test parts analysed as an upload is.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { findProcess } from '#domain/catalogue/lookup';
import { analyseCadFile } from '#domain/geometry/import-cad';
import type { PartMetrics } from '#domain/geometry/part-metrics';
import { quotePart } from '#domain/pricing/quote-part';
import type { PartConfiguration } from '#domain/rules/quote-configuration';
import { cncParts } from '../support/cnc-parts';
import { binaryStl } from '../support/solids';

const MONDAY_MORNING = '2026-11-23T01:00:00Z';
const aluminium: PartConfiguration = { process: 'cnc', materialId: 'aluminium-6061', colourId: 'raw-metal', quantity: 10, tier: 'standard', finishes: [] };
const metrics = new Map<string, PartMetrics>();

beforeAll(async () => {
  for (const part of await cncParts()) metrics.set(part.name, (await analyseCadFile(binaryStl(part.positions))).metrics!);
}, 120_000);

const quoteOf = (name: string, configuration = aluminium) => quotePart({ ...metrics.get(name)!, units: { unit: 'mm', source: 'user', confidence: 1, reason: '' } }, configuration, MONDAY_MORNING);
const item = (name: string, id: string) => quoteOf(name).price!.items.find((i) => i.id === id);

describe('set-ups in the price (ADR 176)', () => {
  it('a part machined from one side has no extra set-up line', () => {
    expect(item('pockets-top', 'extra-setups')).toBeUndefined();
  });

  it('each set-up beyond the first is priced, with the directions named', () => {
    const cnc = findProcess('cnc')!.pricing;
    if (cnc.kind !== 'cnc') throw new Error('catalogue');
    const line = item('three-sides', 'extra-setups')!;
    expect(line.label).toBe('Extra set-ups (2)');
    expect(line.explanation).toMatch(/^3 set-ups: top, bottom and front\. Each beyond the first: \$20\.00 of fixturing once for this line, and 2 min a part/);
    // 2 × 2 min at the machine's rate a part, and 2 × $20 shared by the 10 parts.
    expect(line.unitCents).toBe(Math.round((2 * cnc.turnMinutesPerPart * cnc.machineCentsPerHour) / 60 + (2 * cnc.extraSetupCents) / 10));
    expect(item('five-sides', 'extra-setups')!.explanation).toMatch(/^5 set-ups: top, front, back, left and right\./);
  });

  it('costs more per part the more set-ups a part needs', () => {
    const unit = (name: string) => quoteOf(name).unitPriceCents!;
    expect(unit('two-sides')).toBeGreaterThan(unit('pockets-top') * 0.5);
    expect(unit('five-sides')).toBeGreaterThan(unit('three-sides'));
  });
});

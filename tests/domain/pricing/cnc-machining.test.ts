/**
 * The CNC price from the machining analysis (ADRs 176, 177): set-ups named and priced, and the
 * figures behind each line, on the CNC test parts analysed as an upload is.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '#domain/catalogue/catalogue';
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

describe('machining time from the features (ADR 177)', () => {
  it('roughs each pocket with the tool that fits it, finishes by area, and shows the figures', () => {
    const line = item('pockets-top', 'machining')!;
    expect(line.label).toBe('Machining time');
    expect(line.explanation).toMatch(/^[\d.]+ min at \$70\.00\/h: roughing [\d.,]+ cm³ around the part with a Ø10 mm end mill in [\d.]+ min; pockets and slots: 1 with a Ø20 mm end mill, 4\.7\d? cm³ in [\d.]+ min; 1 with a Ø12 mm end mill, 1\.13 cm³ in [\d.]+ min; finishing [\d.]+ cm² flat and straight in [\d.]+ min\.$/);
    expect(line.certainty).toBe('final');
  });

  it('a narrow pocket takes longer than a wide one of the same volume (a smaller tool removes less a minute)', () => {
    const wide = metrics.get('pockets-top')!;
    const machining = wide.manufacturing!.machining!;
    const narrow: PartMetrics = { ...wide, manufacturing: { ...wide.manufacturing!, machining: { ...machining, recesses: machining.recesses.map((r) => ({ ...r, widthMm: 3 })) } } };
    const cents = (m: PartMetrics) => quotePart({ ...m, units: { unit: 'mm', source: 'user', confidence: 1, reason: '' } }, aluminium, MONDAY_MORNING).price!.items.find((i) => i.id === 'machining')!.unitCents;
    // 5.9 cm³ of pockets with a Ø3 mm end mill (0.09 of the Ø10 mm rate) instead of Ø20 and Ø12: about 4 min more at $70/h.
    expect(cents(narrow) - cents(wide)).toBeGreaterThan(400);
  });

  it('drills the holes: a line of its own with its figures', () => {
    const line = item('side-holes', 'drilling')!;
    expect(line.label).toBe('Drilling (6 holes)');
    expect(line.explanation).toMatch(/^6 holes, 180 mm deep in all: 6 × 0\.2 min to position and peck, and 180 mm at 300 mm\/min, 1\.8 min at \$70\.00\/h\. Threads are the Tapping option's line\.$/);
    expect(line.certainty).toBe('final');
  });

  it('is final when every feature is recognised and none needs an engineer, and the notes say so', () => {
    const quote = quoteOf('pockets-top');
    expect(quote.certainty.final).toBe(true);
    expect(quote.certainty.notes).toContain('Machining: every feature was recognised (1 set-up, 2 pockets and slots) and none needs an engineer, so this price is final.');
    expect(quoteOf('side-holes').certainty.notes).toContain('Machining: every feature was recognised (2 set-ups, 6 holes) and none needs an engineer, so this price is final.');
  });

  it('stays open when a feature needs an engineer, and the note names it', () => {
    const quote = quoteOf('deep-slot');
    expect(quote.certainty.final).toBe(false);
    const line = quote.price!.items.find((i) => i.id === 'machining')!;
    expect(line.certainty).toBe('may-change');
    expect(quote.certainty.notes).toContain(
      'Machining time: An engineer decides how to make pocket 1 (from the top, 25 mm deep, 3 mm wide), 8.3 diameters deep for the Ø3 mm end mill that fits it, and may adjust this line, with your approval.',
    );
    expect(quote.certainty.notes.some((n) => /every feature was recognised/.test(n))).toBe(false);
  });

  it('a part whose undercuts a 5-axis machine reaches is priced on it', () => {
    for (const name of ['dovetail', 'angled-hole']) {
      const quote = quoteOf(name);
      expect(quote.needsReview, name).toBeNull();
      const line = quote.price!.items.find((i) => i.id === 'machining')!;
      expect(line.label, name).toBe('Machining time (5-axis)');
      expect(line.explanation, name).toMatch(/ min at \$110\.00\/h on the 5-axis machine \(its undercuts are reached at an angle\): /);
      expect(quote.price!.items.find((i) => i.id === 'extra-setups'), name).toBeUndefined();
      expect(quote.certainty.final, name).toBe(true);
    }
  });

  it('a part with an undercut no machine reaches goes to an engineer: no price, a blocking finding, needsReview with the reason', () => {
    const quote = quoteOf('t-slot');
    expect(quote.price).toBeNull();
    expect(quote.needsReview?.reason).toMatch(/^2,5\d\d(\.\d)? mm² of undercut that no cutter reaches, straight or tilted on our 5-axis machine: it needs a special cutter, a second part or a redesign, which an engineer decides and prices\.$/);
    expect(quote.blocking.map((f) => f.code)).toEqual(['needs-review']);
    expect(quote.blocking[0]!.message).toBe(`Needs an engineer's review: ${quote.needsReview!.reason}`);
    expect(quote.certainty.notes[0]).toBe('No instant price: an engineer reviews this part and prices it by hand. The finding below says why.');
  });

  it('without a 5-axis machine in the catalogue, the dovetail goes to an engineer too', () => {
    const catalogue = { ...CATALOGUE, processes: CATALOGUE.processes.map((p) => (p.pricing.kind === 'cnc' ? { ...p, pricing: { ...p.pricing, fiveAxis: undefined } } : p)) };
    const quote = quotePart({ ...metrics.get('dovetail')!, units: { unit: 'mm', source: 'user', confidence: 1, reason: '' } }, aluminium, MONDAY_MORNING, { catalogue });
    expect(quote.price).toBeNull();
    expect(quote.needsReview?.reason).toMatch(/no cutter reaches straight, and the shop has no 5-axis machine for it/);
  });

  it('other processes never go to review for an undercut', () => {
    const printed = quoteOf('t-slot', { process: '3d-printing', materialId: 'sla-standard-resin', colourId: 'white', quantity: 1, tier: 'standard', finishes: [] });
    expect(printed.needsReview).toBeNull();
    expect(printed.price).not.toBeNull();
  });
});

describe('the maps in words (ADR 178)', () => {
  it('a CNC quote says its set-ups, pockets and undercuts, and its thinnest wall', () => {
    const notes = (name: string) => quoteOf(name).findings.filter((f) => f.severity === 'info').map((f) => f.message);
    expect(notes('three-sides')).toEqual([
      expect.stringMatching(/^Wall thickness: the thinnest wall measured is \d+(\.\d+)? mm \(all of the surface measured\), at least the 0\.8 mm Aluminium 6061-T6 needs\.$/),
      'Tool access: 3 set-ups: top, bottom and front; 3 pockets and slots; no undercut.',
    ]);
    expect(notes('dovetail')[1]).toMatch(/^Tool access: 1 clamping on a 5-axis machine; 1,8\d\d(\.\d)? mm² of undercut, reached at an angle\.$/);
    expect(notes('t-slot')[1]).toMatch(/^Tool access: 1 set-up: top; 2,5\d\d(\.\d)? mm² of undercut, highlighted on the map\.$/);
    expect(quoteOf('thin-wall', { ...aluminium, materialId: 'pom', colourId: 'white' }).findings.find((f) => f.code === 'wall-thickness-summary')!.message).toMatch(
      /^Wall thickness: the thinnest wall measured is 1\.2 mm \(all of the surface measured\), below the 1\.5 mm POM \(Delrin\) needs, where the map shows the warning colour\.$/,
    );
  });

  it('other processes get the wall summary only', () => {
    const printed = quoteOf('three-sides', { process: '3d-printing', materialId: 'sla-standard-resin', colourId: 'white', quantity: 1, tier: 'standard', finishes: [] });
    expect(printed.findings.map((f) => f.code)).toEqual(['wall-thickness-summary']);
  });
});

describe('tapping on the machine, hole by hole (ADR 220)', () => {
  // The side-holes block with its four Ø6 mm holes drilled at the M6 tap drill (Ø5 mm, 15 deep)
  // and one at the M4 tap drill (Ø3.3 mm, 5 deep); the two Ø12 mm through holes stay plain.
  const tapped = (): PartMetrics => {
    const m = metrics.get('side-holes')!;
    const machining = m.manufacturing!.machining!;
    const drilledHoles = [
      ...Array.from({ length: 4 }, () => ({ diameterMm: 5, depthMm: 15 })),
      { diameterMm: 3.3, depthMm: 5 },
      ...machining.drilledHoles.filter((h) => h.diameterMm > 10),
    ];
    return { ...m, units: { unit: 'mm', source: 'user', confidence: 1, reason: '' }, manufacturing: { ...m.manufacturing!, machining: { ...machining, drilledHoles } } };
  };
  const tapping = (holes: number, m = tapped()) =>
    quotePart(m, { ...aluminium, finishes: [{ kind: 'tapping', holes }] }, MONDAY_MORNING).price!.items.find((i) => i.id === 'finish-tapping')!;

  it('taps each hole found at a tap drill size at the machine’s rate, naming its thread, length and pitch', () => {
    const line = tapping(5);
    expect(line.label).toBe('Tapping (5 holes)');
    // M6: 12 mm of thread (2 diameters, the hole is 15 deep); M4: the hole's 5 mm.
    // 5 × 0.15 min + 2 × (4 × 12 + 5) mm / (pitch × 300 rpm) = 0.75 + 2 × (48 / 300 + 5 / 210) = 1.1176 min.
    expect(line.explanation).toBe('4 × M6 (1 mm a turn), 12 mm of thread; 1 × M4 (0.7 mm a turn), 5 mm of thread: 5 × 0.15 min to position and change to the tap, and 53 mm of thread in and out at 300 rpm, 1.1 min at $70.00/h.');
    expect(line.certainty).toBe('final');
    const minutes = 5 * 0.15 + 2 * (48 / 300 + 5 / (0.7 * 300));
    expect(line.unitCents).toBe(Math.round((minutes / 60) * 7000));
  });

  it('costs more for a deeper or finer thread, not the same for every hole', () => {
    const one = tapping(1).unitCents; // one M6, 12 mm of thread
    // The fifth hole is the M4 with 5 mm of thread: less than an M6.
    expect(tapping(5).unitCents - tapping(4).unitCents).toBeLessThan(one);
    const m = tapped();
    const machining = m.manufacturing!.machining!;
    const shallow: PartMetrics = { ...m, manufacturing: { ...m.manufacturing!, machining: { ...machining, drilledHoles: [{ diameterMm: 5, depthMm: 4 }] } } };
    expect(tapping(1, shallow).unitCents).toBeLessThan(one);
  });

  it('prices holes asked beyond those found at the option’s price a hole, and says the line may change', () => {
    const line = tapping(7);
    expect(line.explanation).toMatch(/; and 2 holes more than the 5 holes drilled at a tap drill size, at \$1\.50 each\.$/);
    expect(line.certainty).toBe('may-change');
    expect(line.changeReason).toBe('The model has 5 holes at a tap drill size and 7 holes are to be tapped: an engineer finds where the other 2 go, and may adjust this line, with your approval.');
  });

  it('keeps the option’s price a hole where the holes were not measured (3D printing, or no machining analysis)', () => {
    const m = tapped();
    const unmeasured: PartMetrics = { ...m, manufacturing: { ...m.manufacturing!, machining: undefined } };
    expect(tapping(4, unmeasured).explanation).toBe('4 threaded holes at $1.50 each, per part.');
  });
});

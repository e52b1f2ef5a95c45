import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spreadOver, type CostComponent } from '#domain/pricing/cost-component';
import { mouldShare } from '#domain/pricing/casting-cost';
import { formatUsd, roundCents } from '#domain/pricing/money';
import { priceAt, priceBreakTable, type PriceModel } from '#domain/pricing/price';

const component = (id: string, perPartCents: number, oneOffCents = 0): CostComponent => ({
  id,
  label: id,
  explanation: id,
  certainty: 'final',
  perPartCents,
  sharedCentsPerPart: spreadOver(oneOffCents),
});

const model = (components: CostComponent[], priceFactor = 1, minimumOrderCents = 3000): PriceModel => ({
  components,
  discounts: [
    { minQuantity: 1, percent: 0 },
    { minQuantity: 10, percent: 10 },
    { minQuantity: 100, percent: 20 },
  ],
  tier: { label: priceFactor > 1 ? 'Express' : priceFactor < 1 ? 'Economy' : 'Standard', priceFactor },
  minimumOrderCents,
});

describe('priceAt', () => {
  it('itemises in whole cents per part and totals unit × quantity', () => {
    const price = priceAt(model([component('material', 1234.5), component('setup', 0, 5000)]), 3);
    expect(price.items.map((i) => [i.id, i.unitCents, i.totalCents])).toEqual([
      ['material', 1235, 3705],
      ['setup', 1667, 5001],
    ]);
    expect(price.unitPriceCents).toBe(2902);
    expect(price.totalCents).toBe(2902 * 3);
  });

  it('discounts the per-part cost, not the set-up', () => {
    const price = priceAt(model([component('material', 1000), component('setup', 0, 5000)]), 10);
    const discount = price.items.find((i) => i.id === 'quantity-discount');
    expect(discount?.unitCents).toBe(-100);
    expect(price.discountPercent).toBe(10);
    expect(price.unitPriceCents).toBe(1000 + 500 - 100);
  });

  it('applies the tier factor to the discounted subtotal', () => {
    expect(priceAt(model([component('m', 10000)], 1.5), 1).items.at(-1)).toMatchObject({ id: 'lead-time-tier', unitCents: 5000 });
    expect(priceAt(model([component('m', 10000)], 0.85), 1).items.at(-1)).toMatchObject({ id: 'lead-time-tier', unitCents: -1500 });
  });

  it('tops a small line up to the minimum order, and no further', () => {
    const small = priceAt(model([component('m', 700)]), 2);
    expect(small.items.at(-1)).toMatchObject({ id: 'minimum-order', unitCents: 800 });
    expect(small.totalCents).toBe(3000);
    expect(priceAt(model([component('m', 400)]), 7).totalCents).toBe(3003); // ceil(3000 / 7) = 429 a part
    expect(priceAt(model([component('m', 700)]), 5).items.map((i) => i.id)).toEqual(['m']);
  });

  it('never raises the unit price when the quantity grows', () => {
    const arbitraryComponent = fc.record({
      perPart: fc.double({ min: 0, max: 1e6, noNaN: true }),
      oneOff: fc.double({ min: 0, max: 1e6, noNaN: true }),
      mould: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(arbitraryComponent, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(0.85, 0.9, 1, 1.3, 1.5),
        fc.integer({ min: 0, max: 10000 }),
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 1, max: 50 }),
        (parts, factor, minimum, q, step) => {
          const components = parts.map((p, i): CostComponent => ({
            ...component(`c${i}`, p.perPart),
            sharedCentsPerPart: p.mould ? mouldShare(p.oneOff, 20) : spreadOver(p.oneOff),
          }));
          const m = model(components, factor, minimum);
          expect(priceAt(m, q + step).unitPriceCents).toBeLessThanOrEqual(priceAt(m, q).unitPriceCents);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('builds a price-break table in increasing quantity without duplicates', () => {
    const rows = priceBreakTable(model([component('m', 1000, 5000)]), [10, 1, 7, 10, 100]);
    expect(rows.map((r) => r.quantity)).toEqual([1, 7, 10, 100]);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.unitPriceCents).toBeLessThanOrEqual(rows[i - 1]!.unitPriceCents);
    expect(rows[3]).toEqual({ quantity: 100, unitPriceCents: 1000 + 50 - 200, totalCents: 85000, discountPercent: 20 });
  });
});

describe('money', () => {
  it('formats cents as US dollars', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
    expect(formatUsd(-320)).toBe('−$3.20');
  });

  it('rounds half away from zero', () => {
    expect([roundCents(2.5), roundCents(-2.5), roundCents(2.4999), roundCents(-0.4)]).toEqual([3, -3, 2, 0]);
  });
});

/** Finishes and secondary operations: price per part (and per line, for silkscreen stencils). */
import { getFinish } from '#domain/catalogue/lookup';
import type { Catalogue, FinishPricing } from '#domain/catalogue/types';
import type { FinishSelection, InsertSpec } from '#domain/rules/quote-configuration';
import { fmt, MM2_PER_CM2, NOTHING_SHARED, spreadOver, type CostComponent, type PricingGeometry } from './cost-component';
import { usd } from './money';

export function finishCosts(finishes: readonly FinishSelection[], geometry: PricingGeometry, catalogue?: Catalogue): CostComponent[] {
  return finishes.map((selection) => finishCost(selection, geometry, catalogue));
}

function finishCost(selection: FinishSelection, geometry: PricingGeometry, catalogue?: Catalogue): CostComponent {
  const finish = getFinish(selection.kind, catalogue);
  const p = finish.pricing;
  const areaCm2 = geometry.areaMm2 / MM2_PER_CM2;
  const base = { id: `finish-${selection.kind}`, label: finish.label, certainty: 'final' as const, sharedCentsPerPart: NOTHING_SHARED };
  switch (selection.kind) {
    case 'painting': {
      const colours = Math.max(1, selection.colours.length);
      const cents = colours * (p.centsPerColourPerPart ?? 0) + areaCm2 * (p.centsPerCm2 ?? 0);
      return { ...base, perPartCents: cents, explanation: `${colours} colour${plural(colours)} at ${money(p.centsPerColourPerPart)} + ${fmt(areaCm2)} cm² at ${p.centsPerCm2 ?? 0} ¢/cm², per part.` };
    }
    case 'dyeing': {
      const colours = Math.max(1, selection.colours.length);
      const factor = selection.style === 'gradient' ? (p.gradientFactor ?? 1) : 1;
      const cents = ((p.centsPerPart ?? 0) + (colours - 1) * (p.centsPerColourPerPart ?? 0)) * factor;
      const gradient = factor !== 1 ? `, × ${factor} for a gradient` : '';
      return { ...base, perPartCents: cents, explanation: `${selection.style} dye, ${colours} colour${plural(colours)}: ${money(p.centsPerPart)} + ${money(p.centsPerColourPerPart)} per extra colour${gradient}, per part.` };
    }
    case 'silkscreen': {
      const colours = Math.max(1, selection.colours.length);
      const setup = colours * (p.setupCentsPerColour ?? 0);
      return {
        ...base,
        perPartCents: colours * (p.centsPerColourPerPart ?? 0),
        sharedCentsPerPart: spreadOver(setup),
        explanation: `${colours} stencil${plural(colours)} at ${money(p.setupCentsPerColour)} once for this line, and ${money(p.centsPerColourPerPart)} per colour per part.`,
      };
    }
    case 'special-treatment':
    case 'spray-paint':
      return { ...base, perPartCents: perPartAndArea(p, areaCm2), explanation: perPartAndAreaText(p, areaCm2) };
    case 'tapping':
      return holes(base, selection.holes, p, 'threaded hole');
    case 'brass-insert':
    case 'helicoil':
      return holes(base, insertCount(selection.inserts), p, 'insert');
  }
}

function holes(base: Omit<CostComponent, 'perPartCents' | 'explanation'>, count: number, p: FinishPricing, noun: string): CostComponent {
  const n = Math.max(0, Math.floor(count));
  return { ...base, perPartCents: n * (p.centsPerHole ?? 0), explanation: `${n} ${noun}${plural(n)} at ${money(p.centsPerHole)} each, per part.` };
}

export function insertCount(inserts: readonly InsertSpec[]): number {
  return inserts.reduce((sum, i) => sum + (Number.isFinite(i.count) ? Math.max(0, Math.floor(i.count)) : 0), 0);
}

function perPartAndArea(p: FinishPricing, areaCm2: number): number {
  return (p.centsPerPart ?? 0) + areaCm2 * (p.centsPerCm2 ?? 0);
}

function perPartAndAreaText(p: FinishPricing, areaCm2: number): string {
  const area = p.centsPerCm2 ? ` + ${fmt(areaCm2)} cm² at ${p.centsPerCm2} ¢/cm²` : '';
  return `${money(p.centsPerPart)}${area}, per part.`;
}

function money(cents = 0): string {
  return `${usd(cents)}`;
}

function plural(n: number): string {
  return n === 1 ? '' : 's';
}

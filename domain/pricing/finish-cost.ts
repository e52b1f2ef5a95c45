/**
 * Finishes and secondary operations: price per part (and per line, for silkscreen stencils), from
 * the finish's record (`domain/catalogue/finishes.ts`). One formula for every finish, fed by what
 * the options' shape holds (colours, a style, holes or inserts):
 *
 *   per part = (centsPerPart + extra colours × centsPerColourPerPart + area × centsPerCm2
 *               + holes × centsPerHole) × the style's price factor
 *   per line = colours × setupCentsPerColour, shared by the parts
 *
 * where a colour finish counts at least one colour and "extra" means beyond `includedColours`.
 */
import { getFinish } from '#domain/catalogue/lookup';
import type { Catalogue, Finish } from '#domain/catalogue/types';
import { colourCount, finishFields, holeCount, type FinishSelection, type InsertSpec } from '#domain/rules/quote-configuration';
import { fmt, MM2_PER_CM2, NOTHING_SHARED, spreadOver, type CostComponent, type PricingGeometry } from './cost-component';
import { usd } from './money';

export function finishCosts(finishes: readonly FinishSelection[], geometry: PricingGeometry, catalogue?: Catalogue): CostComponent[] {
  return finishes.map((selection) => finishCost(selection, geometry, catalogue));
}

function finishCost(selection: FinishSelection, geometry: PricingGeometry, catalogue?: Catalogue): CostComponent {
  const finish = getFinish(selection.kind, catalogue);
  const fields = finishFields(selection);
  const p = finish.pricing;
  const shape = finish.options.shape;
  const areaCm2 = geometry.areaMm2 / MM2_PER_CM2;
  const hasColours = shape === 'colours' || shape === 'styled-colours';
  const colours = hasColours ? Math.max(1, colourCount(shape, fields)) : 0;
  const extraColours = Math.max(0, colours - (p.includedColours ?? 0));
  const holes = holeCount(shape, fields);
  const style = styleOf(finish, fields.style);
  const factor = style?.priceFactor ?? 1;

  const base = (p.centsPerPart ?? 0) + extraColours * (p.centsPerColourPerPart ?? 0) + areaCm2 * (p.centsPerCm2 ?? 0) + holes * (p.centsPerHole ?? 0);
  const setup = colours * (p.setupCentsPerColour ?? 0);

  const terms: string[] = [];
  if (p.centsPerPart) terms.push(usd(p.centsPerPart));
  if (p.centsPerColourPerPart && hasColours) {
    terms.push(p.includedColours ? `${usd(p.centsPerColourPerPart)} per extra colour (${extraColours})` : `${plural(colours, 'colour')} at ${usd(p.centsPerColourPerPart)}`);
  }
  if (p.centsPerCm2) terms.push(`${fmt(areaCm2)} cm² at ${p.centsPerCm2} ¢/cm²`);
  if (p.centsPerHole) terms.push(`${plural(holes, shape === 'inserts' ? 'insert' : 'threaded hole')} at ${usd(p.centsPerHole)} each`);
  const styled = style ? `${style.label.toLowerCase()}, ${plural(colours, 'colour')}: ` : '';
  const factored = factor !== 1 ? `, × ${factor} for ${style!.label.toLowerCase()}` : '';
  const perPart = terms.length > 0 ? `${styled}${terms.join(' + ')}${factored}, per part` : '';
  const once = setup > 0 ? `${plural(colours, 'stencil')} at ${usd(p.setupCentsPerColour ?? 0)} once for this line` : '';
  const explanation = `${[once, perPart].filter(Boolean).join(', and ') || 'Included'}.`;

  return {
    id: `finish-${finish.kind}`,
    label: finish.label,
    certainty: 'final',
    perPartCents: base * factor,
    sharedCentsPerPart: setup > 0 ? spreadOver(setup) : NOTHING_SHARED,
    explanation: explanation.charAt(0).toUpperCase() + explanation.slice(1),
  };
}

function styleOf(finish: Finish, id: string | undefined) {
  return finish.options.shape === 'styled-colours' ? finish.options.styles.find((s) => s.id === id) : undefined;
}

export function insertCount(inserts: readonly InsertSpec[]): number {
  return holeCount('inserts', { kind: 'inserts', inserts });
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

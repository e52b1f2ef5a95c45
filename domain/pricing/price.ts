/**
 * From cost components to an itemised price at a quantity, in whole cents per part.
 * Every step keeps the unit price from rising with quantity: shared costs are spread (they fall),
 * the discount rate only grows, the tier factor and the minimum order are monotone maps.
 * docs/decisions/010-pricing-model.md has the argument.
 */
import type { QuantityDiscount } from '#domain/catalogue/types';
import type { Certainty, CostComponent } from './cost-component';
import { CURRENCY, formatUsd, roundCents } from './money';

export interface PriceItem {
  readonly id: string;
  readonly label: string;
  readonly explanation: string;
  /** Whole cents per part. */
  readonly unitCents: number;
  /** unitCents × quantity. */
  readonly totalCents: number;
  readonly certainty: Certainty;
  readonly changeReason?: string;
}

export interface PriceBreakdown {
  readonly currency: typeof CURRENCY;
  readonly quantity: number;
  readonly items: readonly PriceItem[];
  readonly unitPriceCents: number;
  /** unitPriceCents × quantity: what the line costs. */
  readonly totalCents: number;
  readonly discountPercent: number;
}

export interface PriceBreakRow {
  readonly quantity: number;
  readonly unitPriceCents: number;
  readonly totalCents: number;
  readonly discountPercent: number;
}

export interface PriceModel {
  readonly components: readonly CostComponent[];
  readonly discounts: readonly QuantityDiscount[];
  readonly tier: { readonly label: string; readonly priceFactor: number };
  readonly minimumOrderCents: number;
}

export function discountFor(discounts: readonly QuantityDiscount[], quantity: number): QuantityDiscount | undefined {
  let best: QuantityDiscount | undefined;
  for (const d of discounts) if (quantity >= d.minQuantity && (!best || d.minQuantity > best.minQuantity)) best = d;
  return best;
}

/** The itemised price of `quantity` parts (a whole number ≥ 1). */
export function priceAt(model: PriceModel, quantity: number): PriceBreakdown {
  const items: PriceItem[] = model.components.map((c) =>
    priceItem(c.id, c.label, c.explainAt?.(quantity) ?? c.explanation, roundCents(c.perPartCents + c.sharedCentsPerPart(quantity)), quantity, c.certainty, c.changeReason),
  );
  const discount = discountFor(model.discounts, quantity);
  const percent = discount?.percent ?? 0;
  if (percent > 0) {
    const base = model.components.reduce((sum, c) => sum + roundCents(c.perPartCents), 0);
    items.push(
      priceItem('quantity-discount', `Quantity discount (${percent} %)`, `${percent} % off the per-part cost (${formatUsd(base)}) from ${discount?.minQuantity} parts; set-up costs are not discounted.`, -roundCents((base * percent) / 100), quantity, 'final'),
    );
  }
  const factor = model.tier.priceFactor;
  if (factor !== 1) {
    const subtotal = sumUnits(items);
    const sign = factor > 1 ? '+' : '−';
    const percentText = `${sign}${Math.round(Math.abs(factor - 1) * 100)} %`;
    items.push(priceItem('lead-time-tier', `${model.tier.label} lead time (${percentText})`, `${percentText} on ${formatUsd(subtotal)} a part for the ${model.tier.label.toLowerCase()} tier.`, roundCents(subtotal * (factor - 1)), quantity, 'final'));
  }
  const beforeMinimum = sumUnits(items);
  const minimumUnit = Math.ceil(model.minimumOrderCents / quantity);
  if (beforeMinimum < minimumUnit) {
    items.push(priceItem('minimum-order', 'Minimum order', `The minimum order is ${formatUsd(model.minimumOrderCents)}; ${quantity} part${quantity === 1 ? '' : 's'} come to ${formatUsd(beforeMinimum * quantity)}.`, minimumUnit - beforeMinimum, quantity, 'final'));
  }
  const unitPriceCents = sumUnits(items);
  return { currency: CURRENCY, quantity, items, unitPriceCents, totalCents: unitPriceCents * quantity, discountPercent: percent };
}

function priceItem(id: string, label: string, explanation: string, unitCents: number, quantity: number, certainty: Certainty, changeReason?: string): PriceItem {
  return changeReason === undefined
    ? { id, label, explanation, unitCents, totalCents: unitCents * quantity, certainty }
    : { id, label, explanation, unitCents, totalCents: unitCents * quantity, certainty, changeReason };
}

function sumUnits(items: readonly PriceItem[]): number {
  return items.reduce((sum, i) => sum + i.unitCents, 0);
}

/** Unit price and total at each quantity (the chosen one included), in increasing quantity. */
export function priceBreakTable(model: PriceModel, quantities: readonly number[]): PriceBreakRow[] {
  return [...new Set(quantities)].sort((a, b) => a - b).map((quantity) => {
    const p = priceAt(model, quantity);
    return { quantity, unitPriceCents: p.unitPriceCents, totalCents: p.totalCents, discountPercent: p.discountPercent };
  });
}

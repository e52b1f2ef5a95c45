/**
 * Lead time = base days of the process, material and tier + the finishing days of spec
 * section 9 (each finish's record says how many), in working days, and the ship date they give.
 */
import { CATALOGUE } from '#domain/catalogue/catalogue';
import { getFinish } from '#domain/catalogue/lookup';
import type { Catalogue, Finish, LeadTimeTier, Material } from '#domain/catalogue/types';
import { colourCount, type FinishFields, type FinishSelection } from '#domain/rules/quote-configuration';
import { addWorkingDays, DEFAULT_WORKING_CALENDAR, productionStart, type WorkingCalendar } from './working-days';

export interface LeadTimeItem {
  readonly id: string;
  readonly label: string;
  readonly workingDays: number;
  readonly explanation: string;
}

export interface LeadTime {
  readonly items: readonly LeadTimeItem[];
  readonly totalWorkingDays: number;
  /** The order time in the factory's time zone, ISO with offset. */
  readonly orderedAt: string;
  readonly afterCutOff: boolean;
  /** First production day, `YYYY-MM-DD`. */
  readonly productionStart: string;
  /** The day the parts leave the factory, `YYYY-MM-DD`. */
  readonly shipDate: string;
  readonly timeZone: string;
}

export function leadTimeItems(
  material: Material,
  tier: LeadTimeTier,
  finishes: readonly FinishSelection[],
  catalogue: Catalogue = CATALOGUE,
): LeadTimeItem[] {
  const base: LeadTimeItem = {
    id: 'production',
    label: `Production (${tier})`,
    workingDays: material.leadDays[tier],
    explanation: `${material.name}, ${tier} tier: ${material.leadDays[tier]} working days.`,
  };
  const chosen = new Set<string>(finishes.map((f) => f.kind));
  return [base, ...finishes.map((selection) => finishItem(getFinish(selection.kind, catalogue), selection, chosen, catalogue))];
}

/** A finish's working days from its record (spec section 9): per colour, several colours, or alongside another finish. */
export function finishLeadDays(finish: Finish, selection: FinishFields, chosen: ReadonlySet<string>): number {
  const rule = finish.leadDays;
  if (rule.alongside && chosen.has(rule.alongside.finish)) return rule.alongside.days;
  const colours = colourCount(finish.options.shape, selection);
  if (rule.perColour) return rule.days * Math.max(1, colours);
  if (rule.severalColours !== undefined && colours > 1) return rule.severalColours;
  return rule.days;
}

function finishItem(finish: Finish, selection: FinishFields, chosen: ReadonlySet<string>, catalogue: Catalogue): LeadTimeItem {
  const rule = finish.leadDays;
  const days = finishLeadDays(finish, selection, chosen);
  const colours = Math.max(1, colourCount(finish.options.shape, selection));
  const wd = (n: number) => `${n} working day${n === 1 ? '' : 's'}`;
  let explanation: string;
  if (rule.alongside && chosen.has(rule.alongside.finish)) {
    explanation = `With ${getFinish(rule.alongside.finish, catalogue).label.toLowerCase()}, ${finish.label.toLowerCase()} adds ${wd(days)}.`;
  } else if (rule.perColour) {
    explanation = `${wd(rule.days)} per colour × ${colours} colour${colours === 1 ? '' : 's'}.`;
  } else if (rule.severalColours !== undefined) {
    explanation = colours > 1 ? `Several colours: ${wd(days)}.` : `One colour: ${wd(days)}.`;
  } else {
    explanation = `Adds ${wd(days)}.`;
  }
  return { id: finish.kind, label: finish.label, workingDays: days, explanation };
}

export function computeLeadTime(
  material: Material,
  tier: LeadTimeTier,
  finishes: readonly FinishSelection[],
  orderedAt: Date | string | number,
  calendar: WorkingCalendar = DEFAULT_WORKING_CALENDAR,
  catalogue: Catalogue = CATALOGUE,
): LeadTime {
  const items = leadTimeItems(material, tier, finishes, catalogue);
  const totalWorkingDays = items.reduce((sum, i) => sum + i.workingDays, 0);
  const start = productionStart(orderedAt, calendar);
  return {
    items,
    totalWorkingDays,
    orderedAt: start.orderedAt.toString(),
    afterCutOff: start.afterCutOff,
    productionStart: start.day.toString(),
    shipDate: addWorkingDays(start.day, totalWorkingDays, calendar).toString(),
    timeZone: calendar.timeZone,
  };
}

/**
 * The day a part ships when its production takes `workingDays` from an order at `orderedAt`: the
 * production starts as every part's does (the cut-off, the working calendar), e.g. a reviewed part
 * whose lead time staff gave in working days (issue 34 item 4).
 */
export function shipDateAfter(workingDays: number, orderedAt: Date | string | number, calendar: WorkingCalendar = DEFAULT_WORKING_CALENDAR): string {
  return addWorkingDays(productionStart(orderedAt, calendar).day, workingDays, calendar).toString();
}

export interface TierShipDate {
  readonly tier: LeadTimeTier;
  readonly totalWorkingDays: number;
  /** `YYYY-MM-DD`. */
  readonly shipDate: string;
}

/**
 * The ship date of every lead-time tier of `material` with the chosen finishes, from one order
 * time: `computeLeadTime` for each tier (the same working days, cut-off and finishing days as the
 * price's own ship date), for the configurator's calendar (issue 34 item 7).
 */
export function shipDatesByTier(
  material: Material,
  tiers: readonly LeadTimeTier[],
  finishes: readonly FinishSelection[],
  orderedAt: Date | string | number,
  calendar: WorkingCalendar = DEFAULT_WORKING_CALENDAR,
  catalogue: Catalogue = CATALOGUE,
): TierShipDate[] {
  return tiers.map((tier) => {
    const lead = computeLeadTime(material, tier, finishes, orderedAt, calendar, catalogue);
    return { tier, totalWorkingDays: lead.totalWorkingDays, shipDate: lead.shipDate };
  });
}

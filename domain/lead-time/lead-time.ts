/**
 * Lead time = base days of the process, material and tier + the finishing days of spec
 * section 9, in working days, and the ship date they give.
 */
import type { LeadTimeTier, Material } from '#domain/catalogue/types';
import { findFinish, type FinishSelection } from '#domain/rules/quote-configuration';
import { addWorkingDays, DEFAULT_WORKING_CALENDAR, productionStart, type WorkingCalendar } from './working-days';

/** Spec section 9, exactly. */
export const FINISH_LEAD_DAYS = {
  paintingPerColour: 4,
  dyeingOneColour: 3,
  dyeingSeveralColours: 4,
  silkscreen: 3,
  silkscreenWithPainting: 1,
  specialTreatment: 1,
  sprayPaint: 2,
  tapping: 1,
  brassInsert: 1,
  helicoil: 1,
} as const;

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

export function leadTimeItems(material: Material, tier: LeadTimeTier, finishes: readonly FinishSelection[]): LeadTimeItem[] {
  const base: LeadTimeItem = {
    id: 'production',
    label: `Production (${tier})`,
    workingDays: material.leadDays[tier],
    explanation: `${material.name}, ${tier} tier: ${material.leadDays[tier]} working days.`,
  };
  const painting = findFinish(finishes, 'painting');
  return [base, ...finishes.map((finish) => finishItem(finish, painting !== undefined))];
}

function finishItem(finish: FinishSelection, withPainting: boolean): LeadTimeItem {
  const days = FINISH_LEAD_DAYS;
  switch (finish.kind) {
    case 'painting': {
      const colours = Math.max(1, finish.colours.length);
      return item('painting', 'Painting', days.paintingPerColour * colours, `${days.paintingPerColour} working days per colour × ${colours} colour${colours === 1 ? '' : 's'}.`);
    }
    case 'dyeing': {
      const several = finish.colours.length > 1;
      return item('dyeing', 'Dyeing', several ? days.dyeingSeveralColours : days.dyeingOneColour, several ? 'Several colours: 4 working days.' : 'One colour: 3 working days.');
    }
    case 'silkscreen':
      return withPainting
        ? item('silkscreen', 'Silkscreen', days.silkscreenWithPainting, 'With painting, silkscreen adds 1 working day.')
        : item('silkscreen', 'Silkscreen', days.silkscreen, 'Silkscreen adds 3 working days.');
    case 'special-treatment':
      return item('special-treatment', 'Special treatment', days.specialTreatment, 'Adds 1 working day.');
    case 'spray-paint':
      return item('spray-paint', 'Spray paint', days.sprayPaint, 'Adds 2 working days.');
    case 'tapping':
      return item('tapping', 'Tapping', days.tapping, 'Adds 1 working day.');
    case 'brass-insert':
      return item('brass-insert', 'Brass inserts', days.brassInsert, 'Adds 1 working day.');
    case 'helicoil':
      return item('helicoil', 'Helicoil inserts', days.helicoil, 'Adds 1 working day.');
  }
}

function item(id: string, label: string, workingDays: number, explanation: string): LeadTimeItem {
  return { id, label, workingDays, explanation };
}

export function computeLeadTime(
  material: Material,
  tier: LeadTimeTier,
  finishes: readonly FinishSelection[],
  orderedAt: Date | string | number,
  calendar: WorkingCalendar = DEFAULT_WORKING_CALENDAR,
): LeadTime {
  const items = leadTimeItems(material, tier, finishes);
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

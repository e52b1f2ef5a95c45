/**
 * CNC machining: stock (bounding box plus an allowance on every side) by weight, machining time
 * from the volume removed and the surface finished (slowed by tighter tolerances), and
 * programming plus set-up per line. Formulas and constants: docs/decisions/010-pricing-model.md.
 */
import type { CncPricing, CncProcessPricing, Material, ToleranceOption } from '#domain/catalogue/types';
import { setupsInWords } from '#domain/geometry/setups';
import {
  boxVolumeMm3,
  fmt,
  MM2_PER_CM2,
  MM3_PER_CM3,
  NOTHING_SHARED,
  spreadOver,
  type Certainty,
  type CostComponent,
  type PricingGeometry,
} from './cost-component';
import { usd } from './money';

export interface CncEstimate {
  readonly stockCm3: number;
  readonly removedCm3: number;
  readonly roughingMinutes: number;
  readonly finishingMinutes: number;
  readonly machiningMinutes: number;
}

export function estimateCnc(
  geometry: PricingGeometry,
  pricing: CncPricing,
  process: CncProcessPricing,
  tolerance: ToleranceOption,
): CncEstimate {
  const stockCm3 = boxVolumeMm3(geometry.size, process.stockAllowanceMm) / MM3_PER_CM3;
  const removedCm3 = Math.max(0, stockCm3 - geometry.volumeMm3 / MM3_PER_CM3);
  const roughingMinutes = removedCm3 / pricing.removalRateCm3PerMinute;
  const finishingMinutes = geometry.areaMm2 / MM2_PER_CM2 / pricing.finishingRateCm2PerMinute;
  const machiningMinutes = (roughingMinutes + finishingMinutes) * tolerance.machiningTimeFactor;
  return { stockCm3, removedCm3, roughingMinutes, finishingMinutes, machiningMinutes };
}

export function cncCosts(
  geometry: PricingGeometry,
  material: Material & { pricing: CncPricing },
  process: CncProcessPricing,
  tolerance: ToleranceOption,
  geometryCertainty: Certainty,
): CostComponent[] {
  const e = estimateCnc(geometry, material.pricing, process, tolerance);
  const kg = (e.stockCm3 * material.densityGPerCm3) / 1000;
  const toleranceNote = tolerance.machiningTimeFactor !== 1 ? `, × ${tolerance.machiningTimeFactor} for ${tolerance.label}` : '';
  return [
    {
      id: 'stock',
      label: `Stock: ${material.name}`,
      explanation: `Blank of ${fmt(e.stockCm3, 2)} cm³ (bounding box + ${process.stockAllowanceMm} mm a side) = ${fmt(kg, 3)} kg at ${usd(material.pricing.stockCentsPerKg)}/kg.`,
      certainty: geometryCertainty,
      perPartCents: kg * material.pricing.stockCentsPerKg,
      sharedCentsPerPart: NOTHING_SHARED,
    },
    {
      id: 'machining',
      label: 'Machining time',
      explanation: `${fmt(e.machiningMinutes)} min at ${usd(process.machineCentsPerHour)}/h: removing ${fmt(e.removedCm3, 2)} cm³ (${fmt(e.roughingMinutes)} min) and finishing ${fmt(geometry.areaMm2 / MM2_PER_CM2)} cm² (${fmt(e.finishingMinutes)} min)${toleranceNote}.`,
      certainty: 'may-change',
      changeReason: 'Estimated from volume and surface area; an engineer reviews features (deep pockets, undercuts, small radii) before production and may adjust it, with your approval.',
      perPartCents: (e.machiningMinutes / 60) * process.machineCentsPerHour,
      sharedCentsPerPart: NOTHING_SHARED,
    },
    {
      id: 'programming',
      label: 'Programming',
      explanation: `CAM programming, ${usd(process.programmingCents)} once for this line, shared by its parts.`,
      certainty: 'final',
      perPartCents: 0,
      sharedCentsPerPart: spreadOver(process.programmingCents),
    },
    {
      id: 'setup',
      label: 'Set-up',
      explanation: `Fixturing and tool set-up, ${usd(process.setupCents)} once for this line, shared by its parts.`,
      certainty: 'final',
      perPartCents: 0,
      sharedCentsPerPart: spreadOver(process.setupCents),
    },
    ...extraSetups(geometry, process, geometryCertainty),
  ];
}

/**
 * Each set-up beyond the first (ADR 176): its fixturing once for the line, and the minutes to turn
 * and clamp every part again. The directions are named: "3 set-ups: top, bottom and front".
 */
function extraSetups(geometry: PricingGeometry, process: CncProcessPricing, certainty: Certainty): CostComponent[] {
  const setups = geometry.manufacturing?.machining?.setups ?? [];
  const extra = setups.length - 1;
  if (extra < 1) return [];
  const turnCents = (extra * process.turnMinutesPerPart * process.machineCentsPerHour) / 60;
  return [
    {
      id: 'extra-setups',
      label: `Extra set-ups (${extra})`,
      explanation: `${setupsInWords(setups)}. Each beyond the first: ${usd(process.extraSetupCents)} of fixturing once for this line, and ${fmt(process.turnMinutesPerPart)} min a part to turn and clamp it at ${usd(process.machineCentsPerHour)}/h.`,
      certainty,
      perPartCents: turnCents,
      sharedCentsPerPart: spreadOver(extra * process.extraSetupCents),
    },
  ];
}

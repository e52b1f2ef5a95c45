/**
 * 3D printing: material (part plus estimated support) by weight, machine time from the volume
 * deposited and the build height, the share of the build chamber the bounding box occupies,
 * and a set-up per line. Formulas and constants: docs/decisions/010-pricing-model.md.
 */
import type { Material, PrintingPricing, PrintingTechnology } from '#domain/catalogue/types';
import {
  boxVolumeMm3,
  fmt,
  MM3_PER_CM3,
  NOTHING_SHARED,
  spreadOver,
  type Certainty,
  type CostComponent,
  type PricingGeometry,
} from './cost-component';
import { usd } from './money';

export interface PrintingEstimate {
  readonly partCm3: number;
  readonly supportCm3: number;
  readonly boxCm3: number;
  /** Parts are laid flat: the build height is the smallest side of the bounding box. */
  readonly heightMm: number;
  readonly machineHours: number;
}

export function estimatePrinting(geometry: PricingGeometry, technology: PrintingTechnology): PrintingEstimate {
  const partCm3 = geometry.volumeMm3 / MM3_PER_CM3;
  const boxCm3 = boxVolumeMm3(geometry.size) / MM3_PER_CM3;
  const supportCm3 = technology.supportFactor * Math.max(0, boxCm3 - partCm3);
  const heightMm = Math.min(...geometry.size);
  const machineHours = (partCm3 + supportCm3) / technology.depositionRateCm3PerHour + heightMm / technology.verticalSpeedMmPerHour;
  return { partCm3, supportCm3, boxCm3, heightMm, machineHours };
}

export function printingCosts(
  geometry: PricingGeometry,
  material: Material & { pricing: PrintingPricing },
  technology: PrintingTechnology,
  geometryCertainty: Certainty,
): CostComponent[] {
  const e = estimatePrinting(geometry, technology);
  const grams = (e.partCm3 + e.supportCm3) * material.densityGPerCm3;
  const support = e.supportCm3 > 0 ? ` (part ${fmt(e.partCm3, 2)} + support ${fmt(e.supportCm3, 2)})` : '';
  const components: CostComponent[] = [
    {
      id: 'material',
      label: `Material: ${material.name}`,
      explanation: `${fmt(e.partCm3 + e.supportCm3, 2)} cm³${support} × ${material.densityGPerCm3} g/cm³ = ${fmt(grams)} g at ${material.pricing.centsPerGram} ¢/g.`,
      certainty: geometryCertainty,
      perPartCents: grams * material.pricing.centsPerGram,
      sharedCentsPerPart: NOTHING_SHARED,
    },
    {
      id: 'machine-time',
      label: `Printing time (${technology.name})`,
      explanation: `${fmt(e.machineHours, 2)} h at ${usd(technology.machineCentsPerHour)}/h: ${fmt(e.partCm3 + e.supportCm3, 2)} cm³ at ${technology.depositionRateCm3PerHour} cm³/h plus ${fmt(e.heightMm)} mm of height at ${technology.verticalSpeedMmPerHour} mm/h.`,
      certainty: geometryCertainty,
      perPartCents: e.machineHours * technology.machineCentsPerHour,
      sharedCentsPerPart: NOTHING_SHARED,
    },
  ];
  if (technology.boxCentsPerCm3 > 0) {
    components.push({
      id: 'build-space',
      label: 'Build space',
      explanation: `Bounding box ${fmt(e.boxCm3, 2)} cm³ of the build chamber at ${technology.boxCentsPerCm3} ¢/cm³.`,
      certainty: geometryCertainty,
      perPartCents: e.boxCm3 * technology.boxCentsPerCm3,
      sharedCentsPerPart: NOTHING_SHARED,
    });
  }
  components.push({
    id: 'setup',
    label: 'Set-up',
    explanation: `File preparation and build set-up, ${usd(technology.setupCents)} once for this line, shared by its parts.`,
    certainty: 'final',
    perPartCents: 0,
    sharedCentsPerPart: spreadOver(technology.setupCents),
  });
  return components;
}

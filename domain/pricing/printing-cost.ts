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
  /** The build height: in the best orientation when supports were measured, else the smallest side (laid flat). */
  readonly heightMm: number;
  readonly machineHours: number;
  /**
   * The support columns measured under the overhangs in the best orientation, cm³ (solid), of
   * which the technology's `supportFactor` is printed; null when not measured (the empty
   * bounding-box volume stands in for them).
   */
  readonly supportColumnsCm3: number | null;
  readonly overhangCm2: number | null;
}

export function estimatePrinting(geometry: PricingGeometry, technology: PrintingTechnology): PrintingEstimate {
  const partCm3 = geometry.volumeMm3 / MM3_PER_CM3;
  const boxCm3 = boxVolumeMm3(geometry.size) / MM3_PER_CM3;
  const measured = geometry.manufacturing;
  const supportColumnsCm3 = measured ? measured.supportVolumeMm3 / MM3_PER_CM3 : null;
  const supportCm3 = technology.supportFactor * (supportColumnsCm3 ?? Math.max(0, boxCm3 - partCm3));
  // A process without supports lays the part flat; one with supports builds it in the orientation that needs the least.
  const heightMm = measured && technology.supportFactor > 0 ? measured.buildHeightMm : Math.min(...geometry.size);
  const machineHours = (partCm3 + supportCm3) / technology.depositionRateCm3PerHour + heightMm / technology.verticalSpeedMmPerHour;
  return { partCm3, supportCm3, boxCm3, heightMm, machineHours, supportColumnsCm3, overhangCm2: measured ? measured.overhangAreaMm2 / 100 : null };
}

/** How the support volume was found, for "why this price". */
function supportWords(e: PrintingEstimate, technology: PrintingTechnology): string {
  if (e.supportCm3 <= 0) return '';
  const share = `${fmt(technology.supportFactor * 100)} %`;
  const source = e.supportColumnsCm3 !== null
    ? `${share} of the ${fmt(e.supportColumnsCm3, 2)} cm³ of support columns under ${fmt(e.overhangCm2 ?? 0, 2)} cm² of overhangs, in the orientation needing the least`
    : `${share} of the empty bounding-box volume, estimated`;
  return ` (part ${fmt(e.partCm3, 2)} + support ${fmt(e.supportCm3, 2)}: ${source})`;
}

export function printingCosts(
  geometry: PricingGeometry,
  material: Material & { pricing: PrintingPricing },
  technology: PrintingTechnology,
  geometryCertainty: Certainty,
): CostComponent[] {
  const e = estimatePrinting(geometry, technology);
  const grams = (e.partCm3 + e.supportCm3) * material.densityGPerCm3;
  const support = supportWords(e, technology);
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

/**
 * Vacuum casting: one printed master model per line, silicone moulds that each give a run of
 * castings, and resin plus labour for every part. Formulas and constants:
 * docs/decisions/010-pricing-model.md.
 */
import type { CastingPricing, CastingProcessPricing, Material, PrintingPricing, PrintingTechnology } from '#domain/catalogue/types';
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
import { printingCosts } from './printing-cost';

export interface MasterModel {
  readonly material: Material & { pricing: PrintingPricing };
  readonly technology: PrintingTechnology;
}

/** Cost of one silicone mould: labour plus silicone around the part's bounding box. */
export function mouldCents(geometry: PricingGeometry, process: CastingProcessPricing): number {
  const siliconeCm3 = Math.max(0, boxVolumeMm3(geometry.size, process.mouldWallMm) - geometry.volumeMm3) / MM3_PER_CM3;
  return process.mouldLabourCents + siliconeCm3 * process.siliconeCentsPerCm3;
}

/**
 * Mould cost per part: the first mould is shared by however many parts are ordered; beyond one
 * mould's life, each part carries 1/partsPerMould of a mould. Per-part cost thus never rises with
 * quantity (a whole extra mould for the 21st part would make 21 parts dearer each than 20).
 */
export function mouldShare(mould: number, partsPerMould: number): (quantity: number) => number {
  return (quantity) => mould * Math.max(1 / quantity, 1 / partsPerMould);
}

/** Castings one silicone mould gives in this resin before it wears out (its life in shots). */
export function mouldLife(material: Material & { pricing: CastingPricing }, process: CastingProcessPricing): number {
  return material.pricing.mouldLifeShots ?? process.partsPerMould;
}

/** Silicone moulds a run of `quantity` castings needs: one per mould life, started or not. */
export function mouldsNeeded(quantity: number, life: number): number {
  return Math.max(1, Math.ceil(quantity / life));
}

/**
 * The mould line at a quantity: how many moulds the run needs and each one's life (issue 36 item 5),
 * and, beyond one mould, what the price carries (each casting a share of a mould, so that a larger
 * run never costs more a part: ADR 010).
 */
function mouldsInWords(quantity: number, life: number, mould: number, resin: string, wallMm: number): string {
  const moulds = mouldsNeeded(quantity, life);
  const castings = quantity === 1 ? '1 casting' : `${quantity} castings`;
  const each = `each gives about ${life} castings in ${resin} before it wears out`;
  const cost = `${usd(mould)} a mould (${wallMm} mm of silicone around the part)`;
  if (moulds === 1) return `1 silicone mould for ${castings} (it gives about ${life} in ${resin} before it wears out): ${cost}, shared by the run.`;
  return `${moulds} silicone moulds for ${castings}: ${each}. ${cost}; each casting carries 1/${life} of a mould (${fmt(quantity / life, 2)} moulds' worth), so a larger run never costs more a part.`;
}

export function castingCosts(
  geometry: PricingGeometry,
  material: Material & { pricing: CastingPricing },
  process: CastingProcessPricing,
  master: MasterModel,
  geometryCertainty: Certainty,
): CostComponent[] {
  const partCm3 = geometry.volumeMm3 / MM3_PER_CM3;
  const resinGrams = partCm3 * (1 + process.resinWasteFactor) * material.densityGPerCm3;
  const masterPrint = printingCosts(geometry, master.material, master.technology, geometryCertainty)
    .reduce((sum, c) => sum + c.perPartCents + c.sharedCentsPerPart(1), 0);
  const masterCents = masterPrint + process.masterFinishingCents;
  const mould = mouldCents(geometry, process);
  const life = mouldLife(material, process);
  return [
    {
      id: 'master-model',
      label: 'Master model',
      explanation: `One ${master.material.name} print (${usd(masterPrint)}) finished to a mould-ready surface (${usd(process.masterFinishingCents)}), once for this line.`,
      certainty: geometryCertainty,
      perPartCents: 0,
      sharedCentsPerPart: spreadOver(masterCents),
    },
    {
      id: 'silicone-mould',
      label: 'Silicone mould',
      explanation: `${usd(mould)} a mould (${process.mouldWallMm} mm of silicone around the part); each mould gives about ${life} castings in ${material.name}.`,
      explainAt: (quantity) => mouldsInWords(quantity, life, mould, material.name, process.mouldWallMm),
      certainty: geometryCertainty,
      perPartCents: 0,
      sharedCentsPerPart: mouldShare(mould, life),
    },
    {
      id: 'resin',
      label: `Resin: ${material.name}`,
      explanation: `${fmt(partCm3, 2)} cm³ + ${Math.round(process.resinWasteFactor * 100)} % for gates and risers × ${material.densityGPerCm3} g/cm³ = ${fmt(resinGrams)} g at ${material.pricing.resinCentsPerGram} ¢/g.`,
      certainty: geometryCertainty,
      perPartCents: resinGrams * material.pricing.resinCentsPerGram,
      sharedCentsPerPart: NOTHING_SHARED,
    },
    {
      id: 'casting-labour',
      label: 'Casting',
      explanation: `Mixing, vacuum casting, curing, demoulding and trimming: ${usd(process.labourCentsPerPart)} a part.`,
      certainty: 'final',
      perPartCents: process.labourCentsPerPart,
      sharedCentsPerPart: NOTHING_SHARED,
    },
  ];
}

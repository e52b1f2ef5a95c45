/** Types of the catalogue: processes, materials, finishes. The data lives in `catalogue.ts` and `finishes.ts`. */
import type { Finish, FinishKind } from './finishes';

export type { Finish, FinishKind, FinishLeadDays, FinishOptions, FinishPricing, FinishShape, FinishStyle } from './finishes';

export type ProcessSlug = '3d-printing' | 'cnc' | 'vacuum-casting';
export type ProcessId = 22 | 23 | 27;
export type LeadTimeTier = 'economy' | 'standard' | 'express';
export const LEAD_TIME_TIERS: readonly LeadTimeTier[] = ['economy', 'standard', 'express'];

/** Three lengths in millimetres (x, y, z). */
export type SizeMm = readonly [number, number, number];

export interface Colour {
  readonly id: string;
  readonly name: string;
  /** Swatch for the configurator, `#rrggbb`. */
  readonly hex: string;
}

export interface ToleranceOption {
  readonly id: 'standard' | 'fine' | 'precision';
  readonly label: string;
  /** The general tolerance on dimensions without a drawing, plus or minus, in mm. */
  readonly plusMinusMm: number;
  /** Factor on machining time: tighter tolerances mean slower finishing passes and inspection. */
  readonly machiningTimeFactor: number;
}

export interface TierOption {
  readonly label: string;
  /** Factor on the production price: express jumps the queue, economy fills idle machines. */
  readonly priceFactor: number;
}

export interface QuantityDiscount {
  /** From this quantity on ... */
  readonly minQuantity: number;
  /** ... the per-part production cost is reduced by this percentage. */
  readonly percent: number;
}

export type PrintingTechnologyId = 'sla' | 'sls' | 'mjf' | 'fdm' | 'slm';

/** Machine model of one printing technology (see docs/decisions/010-pricing-model.md). */
export interface PrintingTechnology {
  readonly id: PrintingTechnologyId;
  readonly name: string;
  /** Share of the empty bounding-box volume (box minus part) filled by support material. */
  readonly supportFactor: number;
  /** Cents per cm³ of bounding box: the share of a powder bed or build plate the part occupies. */
  readonly boxCentsPerCm3: number;
  /** Material deposited (part plus support) per machine hour, cm³. */
  readonly depositionRateCm3PerHour: number;
  /** Build height per machine hour, mm: the layer time a part occupies whatever its volume. */
  readonly verticalSpeedMmPerHour: number;
  readonly machineCentsPerHour: number;
  /** File preparation and build set-up, once per quote line. */
  readonly setupCents: number;
}

export interface PrintingPricing {
  readonly kind: 'printing';
  readonly technology: PrintingTechnologyId;
  /** Price of the material, cents per gram, waste included. */
  readonly centsPerGram: number;
}

export interface CncPricing {
  readonly kind: 'cnc';
  /** Price of bar or plate stock, cents per kilogram. */
  readonly stockCentsPerKg: number;
  /** Roughing: cm³ of material removed per minute. */
  readonly removalRateCm3PerMinute: number;
  /** Finishing: cm² of part surface finished per minute. */
  readonly finishingRateCm2PerMinute: number;
  /** Drilling: mm of hole depth a minute (ADR 177). */
  readonly drillFeedMmPerMinute: number;
}

export interface CastingPricing {
  readonly kind: 'casting';
  /** Polyurethane resin, cents per gram. */
  readonly resinCentsPerGram: number;
  /** Castings one silicone mould gives in this resin before it wears out (its life in shots); the process's `partsPerMould` when absent. */
  readonly mouldLifeShots?: number;
}

export type MaterialPricing = PrintingPricing | CncPricing | CastingPricing;

export interface Material {
  readonly id: string;
  readonly name: string;
  readonly process: ProcessSlug;
  /** Density of the finished part, g/cm³. */
  readonly densityGPerCm3: number;
  readonly pricing: MaterialPricing;
  readonly colours: readonly Colour[];
  readonly finishes: readonly FinishKind[];
  /** Tolerances offered, the first being the default. */
  readonly tolerances: readonly ToleranceOption[];
  /** Largest part the machines for this material take, mm. */
  readonly buildVolumeMm: SizeMm;
  /** Smallest overall dimension (thinnest side of the bounding box) that can be made, mm. */
  readonly minDimensionMm: number;
  /** The thinnest wall this material is made with, mm, when it differs from `minDimensionMm` (machining: ADR 177). */
  readonly minWallMm?: number;
  /** Base production time by tier, working days, before finishes. */
  readonly leadDays: Readonly<Record<LeadTimeTier, number>>;
  /** Shore A hardness range, for the materials where the customer chooses it. */
  readonly hardnessShoreA?: { readonly min: number; readonly max: number; readonly common: number };
  readonly description: string;
}

export interface CncProcessPricing {
  readonly kind: 'cnc';
  readonly machineCentsPerHour: number;
  readonly programmingCents: number;
  readonly setupCents: number;
  /** Stock is the bounding box plus this much on every side, mm. */
  readonly stockAllowanceMm: number;
  /** Each set-up beyond the first: fixturing and alignment once per line, cents (ADR 176). */
  readonly extraSetupCents: number;
  /** Each set-up beyond the first: minutes a part to turn, clamp and probe it, at the machine's rate. */
  readonly turnMinutesPerPart: number;
  /** A 5-axis machine, when the shop has one: parts with undercuts it reaches at an angle are made on it (ADR 177). */
  readonly fiveAxis?: { readonly machineCentsPerHour: number };
}

export interface CastingProcessPricing {
  readonly kind: 'casting';
  /** Material of the printed master model. */
  readonly masterMaterialId: string;
  /** Sanding and painting the master to a mould-ready surface, cents. */
  readonly masterFinishingCents: number;
  /** Labour to build one silicone mould, cents. */
  readonly mouldLabourCents: number;
  readonly siliconeCentsPerCm3: number;
  /** Silicone around the part on every side, mm. */
  readonly mouldWallMm: number;
  /** Castings one silicone mould gives before it wears out, for a resin that does not say (`CastingPricing.mouldLifeShots`). */
  readonly partsPerMould: number;
  /** Extra resin poured beyond the part volume (gates, risers), as a fraction. */
  readonly resinWasteFactor: number;
  /** Mixing, degassing, demoulding and trimming one casting, cents. */
  readonly labourCentsPerPart: number;
}

export interface PrintingProcessPricing {
  readonly kind: 'printing';
  readonly technologies: Readonly<Record<PrintingTechnologyId, PrintingTechnology>>;
}

export type ProcessPricing = PrintingProcessPricing | CncProcessPricing | CastingProcessPricing;

export interface Process {
  readonly id: ProcessId;
  readonly slug: ProcessSlug;
  readonly name: string;
  readonly tiers: Readonly<Record<LeadTimeTier, TierOption>>;
  readonly quantityDiscounts: readonly QuantityDiscount[];
  readonly pricing: ProcessPricing;
  readonly materials: readonly Material[];
}

export interface Catalogue {
  readonly processes: readonly Process[];
  /** Every finish by its kind (`finishes.ts`); a material offers those named in its `finishes`. */
  readonly finishes: Readonly<Record<string, Finish>>;
}

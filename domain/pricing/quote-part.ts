/**
 * The quote engine's single entry point: part metrics + configuration + order time in, price,
 * price breaks, lead time, ship date, validation and honest certainty out. Pure and
 * deterministic; the configurator (in a worker or on the main thread) and the server call it alike.
 */
import { CATALOGUE } from '#domain/catalogue/catalogue';
import { findMaterial, findProcess, getFinish } from '#domain/catalogue/lookup';
import type {
  Catalogue,
  CastingPricing,
  CncPricing,
  Material,
  PrintingPricing,
  Process,
  ProcessId,
  ProcessSlug,
} from '#domain/catalogue/types';
import { fitsBuildVolume } from '#domain/geometry/fit';
import { createFinding, type Finding } from '#domain/geometry/findings';
import { UNIT_NAMES } from '#domain/geometry/length-units';
import type { PartMetrics } from '#domain/geometry/part-metrics';
import { formatWallMm, isThinnerThan } from '#domain/geometry/wall-allowance';
import { computeLeadTime, type LeadTime } from '#domain/lead-time/lead-time';
import { DEFAULT_WORKING_CALENDAR, type WorkingCalendar } from '#domain/lead-time/working-days';
import { finishFields, holeCount, type PartConfiguration } from '#domain/rules/quote-configuration';
import type { ValidationResult } from '#domain/rules/quote-rule-engine';
import { validateQuoteConfiguration } from '#domain/rules/quote-rules';
import { castingCosts, type MasterModel } from './casting-cost';
import { cncCosts, cncFinalNote, cncTappingLine, machiningReview } from './cnc-cost';
import type { Certainty, CostComponent } from './cost-component';
import { finishCosts } from './finish-cost';
import { mapSummaries } from './map-summaries';
import { CURRENCY } from './money';
import { priceAt, priceBreakTable, type PriceBreakdown, type PriceBreakRow, type PriceModel } from './price';
import { MINIMUM_ORDER_CENTS, PRICE_BREAK_QUANTITIES } from './pricing-policy';
import { printingCosts } from './printing-cost';

/** What the quote needs of the geometry analysis (all lengths in mm). */
export type QuoteMetrics = Pick<PartMetrics, 'volumeMm3' | 'areaMm2' | 'size' | 'watertight' | 'units' | 'manufacturing'>;

export interface QuoteOptions {
  readonly calendar?: WorkingCalendar;
  readonly catalogue?: Catalogue;
  /** Findings of the file's import and geometry check: errors among them block ordering. */
  readonly geometryFindings?: readonly Finding[];
  readonly priceBreakQuantities?: readonly number[];
  readonly minimumOrderCents?: number;
}

export interface Certainties {
  /** True when no item of the price can change after ordering. */
  readonly final: boolean;
  /** What could still change the price or the date, and what is not included. */
  readonly notes: readonly string[];
}

export interface QuoteResult {
  readonly process: ProcessSlug;
  readonly processId: ProcessId | null;
  readonly currency: typeof CURRENCY;
  /** Null when the configuration cannot be priced (unknown material, invalid quantity) or the part cannot be made (`blocking`). */
  readonly price: PriceBreakdown | null;
  readonly unitPriceCents: number | null;
  readonly totalCents: number | null;
  readonly priceBreaks: readonly PriceBreakRow[];
  readonly leadTime: LeadTime | null;
  readonly shipDate: string | null;
  readonly validation: ValidationResult;
  /** Findings of this part against the chosen material (too large, too small, thin walls), and the maps' summaries (information). */
  readonly findings: readonly Finding[];
  /**
   * What keeps the part from being made, each with what to do: the errors among the file's
   * findings and the material's. When there is any, there is no price (nothing to charge for a
   * part that cannot be made) and no ship date.
   */
  readonly blocking: readonly Finding[];
  readonly certainty: Certainties;
  /** Valid configuration, priced, and no error among the findings (the part's and the file's). */
  readonly orderable: boolean;
  /**
   * The part cannot be priced at once but an engineer can price it (an undercut no machine of the
   * catalogue reaches, ADR 177): why. Null otherwise. It comes with a blocking `needs-review`
   * finding, so the part has no price until it is reviewed. quotePart always sets it; optional for
   * quotes stored before it.
   */
  readonly needsReview?: { readonly reason: string } | null;
}

export const EXW_NOTE =
  'Prices are EXW (Incoterms 2020): they do not include shipping, duties or import taxes; the goods are ready for collection at our factory on the ship date, and the carrier you choose is paid separately.';

/**
 * Quotes one part. `metrics` are in millimetres (`analyseMesh`, then `withUnit` once the user
 * confirms the units); `orderedAt` is the instant the order would be placed (a Date, an ISO string
 * with offset, or epoch ms; an invalid one throws a RangeError). Same inputs, same result.
 */
export function quotePart(
  metrics: QuoteMetrics,
  configuration: PartConfiguration,
  orderedAt: Date | string | number,
  options: QuoteOptions = {},
): QuoteResult {
  const catalogue = options.catalogue ?? CATALOGUE;
  const validation = validateQuoteConfiguration(configuration, catalogue);
  const process = findProcess(configuration.process, catalogue);
  const material = process ? findMaterial(process.slug, configuration.materialId, catalogue) : undefined;
  const quantityOk = Number.isInteger(configuration.quantity) && configuration.quantity >= 1;
  const tierOk = material !== undefined && material.leadDays[configuration.tier] !== undefined;
  const review = process && process.pricing.kind === 'cnc' ? machiningReview(metrics.manufacturing?.machining, process.pricing) : null;
  const fiveAxisMachine = process?.pricing.kind === 'cnc' && process.pricing.fiveAxis !== undefined;
  const findings = [
    ...(material ? fitFindings(metrics, material) : []),
    ...(review ? [reviewFinding(review)] : []),
    // The maps on the model in words, for the quote document, the shared page and the order (ADR 178).
    ...(material && process ? mapSummaries(metrics.manufacturing, material, process.slug, fiveAxisMachine) : []),
  ];
  const blocking = blockingFindings(findings, options.geometryFindings ?? []);
  const needsReview = review ? { reason: review } : null;
  if (!process || !material || !quantityOk || !tierOk || blocking.length > 0) {
    return unpriced(configuration, process, validation, findings, blocking, needsReview);
  }
  const model = priceModel(process, material, metrics, configuration, catalogue, options);
  const price = priceAt(model, configuration.quantity);
  const leadTime = computeLeadTime(material, configuration.tier, configuration.finishes, orderedAt, options.calendar ?? DEFAULT_WORKING_CALENDAR, catalogue);
  return {
    process: process.slug,
    processId: process.id,
    currency: CURRENCY,
    price,
    unitPriceCents: price.unitPriceCents,
    totalCents: price.totalCents,
    priceBreaks: priceBreakTable(model, [...(options.priceBreakQuantities ?? PRICE_BREAK_QUANTITIES), configuration.quantity]),
    leadTime,
    shipDate: leadTime.shipDate,
    validation,
    findings,
    blocking,
    certainty: certainties(price, metrics, cncNote(process, material, metrics, configuration)),
    orderable: validation.valid,
    needsReview,
  };
}

/** The review finding: what keeps the part from an instant price, and that an engineer prices it. */
function reviewFinding(reason: string): Finding {
  return createFinding('needs-review', `Needs an engineer's review: ${reason}`, {
    fixHint: 'An engineer reviews the part and prices it by hand. To price it at once instead, open the undercuts listed with the part towards one side (or give them a draft), so a cutter reaches them.',
  });
}

/** For a CNC part whose machining is final: the note that says so (ADR 177). */
function cncNote(process: Process, material: Material, metrics: QuoteMetrics, configuration: PartConfiguration): string | null {
  if (process.pricing.kind !== 'cnc' || material.pricing.kind !== 'cnc') return null;
  const tolerance = material.tolerances.find((t) => t.id === configuration.toleranceId) ?? material.tolerances[0];
  return tolerance ? cncFinalNote(metrics, material.pricing, process.pricing, tolerance) : null;
}

/**
 * The errors among the material's findings and the file's: what keeps the part from being made.
 * A file-level finding the material's own check repeats (too large for every machine, and for this
 * material) is given once, in the material's words.
 */
export function blockingFindings(materialFindings: readonly Finding[], geometryFindings: readonly Finding[]): Finding[] {
  const material = materialFindings.filter((f) => f.severity === 'error');
  const codes = new Set(material.map((f) => f.code));
  return [...geometryFindings.filter((f) => f.severity === 'error' && !codes.has(f.code)), ...material];
}

/** Said when a part has no price because it cannot be made. */
export const BLOCKED_NOTE = 'No price: this part cannot be made as it is. Each problem listed says what to do about it.';

function unpriced(
  configuration: PartConfiguration,
  process: Process | undefined,
  validation: ValidationResult,
  findings: readonly Finding[],
  blocking: readonly Finding[],
  needsReview: { readonly reason: string } | null = null,
): QuoteResult {
  return {
    process: configuration.process,
    processId: process?.id ?? null,
    currency: CURRENCY,
    price: null,
    unitPriceCents: null,
    totalCents: null,
    priceBreaks: [],
    leadTime: null,
    shipDate: null,
    validation,
    findings,
    blocking,
    certainty: { final: false, notes: [needsReview ? REVIEW_NOTE : blocking.length > 0 ? BLOCKED_NOTE : 'No price yet: complete the highlighted choices.', EXW_NOTE] },
    orderable: false,
    needsReview,
  };
}

/** Said when a part has no instant price because an engineer prices it (ADR 177). */
export const REVIEW_NOTE = 'No instant price: an engineer reviews this part and prices it by hand. The finding below says why.';

function priceModel(
  process: Process,
  material: Material,
  metrics: QuoteMetrics,
  configuration: PartConfiguration,
  catalogue: Catalogue,
  options: QuoteOptions,
): PriceModel {
  const geometryCertainty: Certainty = metrics.watertight && metrics.units.source !== 'guess' ? 'final' : 'may-change';
  const production = productionCosts(process, material, metrics, configuration, catalogue, geometryCertainty);
  const finishes = finishCosts(configuration.finishes, metrics, catalogue);
  // On the CNC machine, threads are tapped hole by hole from the holes measured (ADR 220).
  const cnc = process.pricing.kind === 'cnc' ? process.pricing : null;
  const onMachine = cnc
    ? finishes.map((line, k) => {
        const selection = configuration.finishes[k];
        if (selection?.kind !== 'tapping') return line;
        const perHole = getFinish('tapping', catalogue).pricing.centsPerHole ?? 0;
        return cncTappingLine(metrics, holeCount('holes', finishFields(selection)), line, perHole, cnc, geometryCertainty) ?? line;
      })
    : finishes;
  const components: CostComponent[] = [...production, ...onMachine];
  return {
    components,
    discounts: process.quantityDiscounts,
    tier: process.tiers[configuration.tier],
    minimumOrderCents: options.minimumOrderCents ?? MINIMUM_ORDER_CENTS,
  };
}

function productionCosts(
  process: Process,
  material: Material,
  metrics: QuoteMetrics,
  configuration: PartConfiguration,
  catalogue: Catalogue,
  certainty: Certainty,
): CostComponent[] {
  const pricing = process.pricing;
  if (pricing.kind === 'printing' && material.pricing.kind === 'printing') {
    const m = material as Material & { pricing: PrintingPricing };
    return printingCosts(metrics, m, pricing.technologies[m.pricing.technology], certainty);
  }
  if (pricing.kind === 'cnc' && material.pricing.kind === 'cnc') {
    const tolerance = material.tolerances.find((t) => t.id === configuration.toleranceId) ?? material.tolerances[0];
    if (!tolerance) throw new Error(`${material.id} offers no tolerance`);
    return cncCosts(metrics, material as Material & { pricing: CncPricing }, pricing, tolerance, certainty);
  }
  if (pricing.kind === 'casting' && material.pricing.kind === 'casting') {
    return castingCosts(metrics, material as Material & { pricing: CastingPricing }, pricing, masterModel(pricing.masterMaterialId, catalogue), certainty);
  }
  throw new Error(`Catalogue mismatch: ${material.id} cannot be priced by ${process.slug}`);
}

function masterModel(materialId: string, catalogue: Catalogue): MasterModel {
  const printing = findProcess('3d-printing', catalogue);
  const material = findMaterial('3d-printing', materialId, catalogue);
  if (!printing || printing.pricing.kind !== 'printing' || !material || material.pricing.kind !== 'printing') {
    throw new Error(`Catalogue mismatch: master material ${materialId} is not a printing material`);
  }
  return { material: material as Material & { pricing: PrintingPricing }, technology: printing.pricing.technologies[material.pricing.technology] };
}

function fitFindings(metrics: QuoteMetrics, material: Material): Finding[] {
  const findings: Finding[] = [];
  const [x, y, z] = metrics.size.map((v) => Math.round(v * 10) / 10);
  if (!fitsBuildVolume(metrics.size, material.buildVolumeMm)) {
    const [bx, by, bz] = material.buildVolumeMm;
    findings.push(createFinding('too-large', `At ${x} × ${y} × ${z} mm the part does not fit the ${bx} × ${by} × ${bz} mm build volume for ${material.name}, in any orientation.`));
  }
  const thinnest = Math.min(...metrics.size);
  if (thinnest < material.minDimensionMm) {
    findings.push(createFinding('too-small', `The part is only ${+thinnest.toFixed(3)} mm thick overall; ${material.name} needs at least ${material.minDimensionMm} mm.`));
  }
  const wall = metrics.manufacturing?.minWallMm;
  const minWall = material.minWallMm ?? material.minDimensionMm;
  if (wall !== undefined && wall !== null && isThinnerThan(wall, minWall, metrics.manufacturing?.chordToleranceMm) && thinnest >= material.minDimensionMm) {
    // A warning, not an error: the wall is measured along facet normals, so a sharp edge (a gear's
    // tooth tip, a chamfer) can read thin where the part is sound (ADR 073); the engineer checks.
    findings.push(
      createFinding('thin-wall', `Walls are as thin as ${formatWallMm(wall, minWall)} mm; ${material.name} needs at least ${minWall} mm.`, {
        severity: 'warning',
        fixHint: `Thicken the highlighted walls to at least ${minWall} mm, or choose a material that allows thinner walls.`,
      }),
    );
  }
  return findings;
}

function certainties(price: PriceBreakdown, metrics: QuoteMetrics, finalNote: string | null = null): Certainties {
  const notes: string[] = [];
  if (metrics.units.source === 'guess') {
    notes.push(`The file has no units; it was read as ${UNIT_NAMES[metrics.units.unit]} (${Math.round(metrics.units.confidence * 100)} % sure). Confirm the units: the price is final once you do.`);
  }
  if (!metrics.watertight) {
    notes.push('The mesh is not watertight, so its volume is approximate: the price may change once the file is repaired.');
  }
  for (const item of price.items) {
    if (item.certainty === 'may-change' && item.changeReason) notes.push(`${item.label}: ${item.changeReason}`);
  }
  if (finalNote && price.items.every((i) => i.certainty === 'final')) notes.push(finalNote);
  notes.push(EXW_NOTE);
  return { final: price.items.every((i) => i.certainty === 'final'), notes };
}

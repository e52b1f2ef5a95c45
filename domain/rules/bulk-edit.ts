/**
 * One change applied to several parts at once (issue 34 item 2): a material, a colour, a tolerance,
 * a lead-time tier, a quantity or a finish. Each part takes the change only where it is valid for
 * it (offered by its material, makeable, within the rules); otherwise it keeps its configuration,
 * and the reason is said in the customer's words. The same quote function judges it as prices it.
 */
import { findMaterial, findProcess, getFinish } from '#domain/catalogue/lookup';
import type { FinishKind, FinishShape, LeadTimeTier, ToleranceOption } from '#domain/catalogue/types';
import type { Finding } from '#domain/geometry/findings';
import { quotePart, type QuoteMetrics } from '#domain/pricing/quote-part';
import { defaultFinishSelection, withMaterial, type PartConfiguration } from './quote-configuration';

export type BulkChange =
  | { readonly field: 'material'; readonly materialId: string }
  | { readonly field: 'colour'; readonly colourId: string }
  | { readonly field: 'tolerance'; readonly toleranceId: ToleranceOption['id'] }
  | { readonly field: 'tier'; readonly tier: LeadTimeTier }
  | { readonly field: 'quantity'; readonly quantity: number }
  | { readonly field: 'finish'; readonly kind: FinishKind };

export type BulkField = BulkChange['field'];

/**
 * Finishes whose options can be set for several parts at once: those without colours to choose
 * (painting, dyeing and silkscreen take their colours part by part).
 */
export const BULK_FINISH_SHAPES: readonly FinishShape[] = ['none', 'colour', 'holes', 'inserts'];

export const BULK_MESSAGES = {
  materialUnknown: 'This material is not offered for the project’s service.',
  colourNotOffered: (material: string, colour: string) => `${material} does not come in ${colour}.`,
  toleranceNotOffered: (material: string, tolerance: string) => `${material} is not made to the ${tolerance.toLowerCase()} tolerance.`,
  finishNotOffered: (material: string, finish: string) => `${finish} is not offered for ${material}.`,
  finishesDropped: (material: string, finishes: string) => `${material} does not offer ${finishes}: change this part on its own.`,
  finishPerPart: (finish: string) => `${finish} takes its colours part by part: choose it in the part’s options.`,
} as const;

export type BulkOutcome = { readonly ok: true; readonly configuration: PartConfiguration } | { readonly ok: false; readonly reason: string };

/** What a part is judged with: its configuration and what its quote is computed from. */
export interface BulkPart {
  readonly configuration: PartConfiguration;
  readonly metrics: QuoteMetrics;
  readonly geometryFindings: readonly Finding[];
}

function errorsOf(part: BulkPart, configuration: PartConfiguration, at: number) {
  const quote = quotePart(part.metrics, configuration, at, { geometryFindings: part.geometryFindings });
  return { blocking: quote.blocking, errors: quote.validation.errors };
}

/**
 * The configuration the part takes, or why it keeps its own: a choice its material does not offer,
 * a change that makes it impossible to make (a material too small for it), or one that breaks a
 * rule that held before (a quantity out of range, a finish missing what it needs). A rule already
 * broken before the change (the colour still to choose) does not hold the change back.
 */
export function applyBulkChange(part: BulkPart, change: BulkChange, at: number): BulkOutcome {
  const current = part.configuration;
  const process = findProcess(current.process);
  const material = findMaterial(current.process, current.materialId);
  if (!process || !material) return { ok: false, reason: BULK_MESSAGES.materialUnknown };
  let next: PartConfiguration;
  switch (change.field) {
    case 'material': {
      const target = findMaterial(current.process, change.materialId);
      if (!target) return { ok: false, reason: BULK_MESSAGES.materialUnknown };
      next = withMaterial(current, target);
      const dropped = current.finishes.filter((f) => !target.finishes.includes(f.kind)).map((f) => getFinish(f.kind).label);
      if (dropped.length > 0) return { ok: false, reason: BULK_MESSAGES.finishesDropped(target.name, dropped.join(', ')) };
      break;
    }
    case 'colour': {
      const colour = material.colours.find((c) => c.id === change.colourId);
      if (!colour) {
        const name = process.materials.flatMap((m) => m.colours).find((c) => c.id === change.colourId)?.name ?? change.colourId;
        return { ok: false, reason: BULK_MESSAGES.colourNotOffered(material.name, name) };
      }
      next = { ...current, colourId: colour.id };
      break;
    }
    case 'tolerance': {
      const tolerance = material.tolerances.find((o) => o.id === change.toleranceId);
      if (!tolerance) {
        const label = process.materials.flatMap((m) => m.tolerances).find((o) => o.id === change.toleranceId)?.label ?? change.toleranceId;
        return { ok: false, reason: BULK_MESSAGES.toleranceNotOffered(material.name, label) };
      }
      next = { ...current, toleranceId: tolerance.id };
      break;
    }
    case 'tier':
      next = { ...current, tier: change.tier };
      break;
    case 'quantity':
      next = { ...current, quantity: change.quantity };
      break;
    case 'finish': {
      const finish = getFinish(change.kind);
      if (!BULK_FINISH_SHAPES.includes(finish.options.shape)) return { ok: false, reason: BULK_MESSAGES.finishPerPart(finish.label) };
      if (!material.finishes.includes(change.kind)) return { ok: false, reason: BULK_MESSAGES.finishNotOffered(material.name, finish.label) };
      if (current.finishes.some((f) => f.kind === change.kind)) return { ok: true, configuration: current };
      next = { ...current, finishes: [...current.finishes, defaultFinishSelection(finish, { holes: part.metrics.manufacturing?.tappableHoles })] };
      break;
    }
  }
  const before = errorsOf(part, current, at);
  const after = errorsOf(part, next, at);
  const newBlocking = after.blocking.find((f) => !before.blocking.some((b) => b.code === f.code && b.message === f.message));
  if (newBlocking) return { ok: false, reason: newBlocking.message };
  for (const [field, messages] of Object.entries(after.errors)) {
    const fresh = messages.find((m) => !(before.errors[field] ?? []).includes(m));
    if (fresh) return { ok: false, reason: fresh };
  }
  return { ok: true, configuration: next };
}

import { LEAD_TIME_TIERS, type FinishKind, type LeadTimeTier } from '#domain/catalogue/types';
import { isProcessSlug } from '#domain/catalogue/lookup';
import type { FinishSelection, InsertSpec, PartConfiguration } from '#domain/rules/quote-configuration';
import { HttpError } from '../errors.ts';

/**
 * A request body read as a `PartConfiguration`: the shape is checked and copied field by field
 * (nothing else is stored), so that `quotePart` always gets well-formed data. Whether the choices
 * are valid (colour chosen, colours within limits, ...) is for the quote rules, which answer in
 * the quote's `validation`; only a body that is not a configuration at all is a 422 here.
 */
export function readConfiguration(value: unknown, field = 'configuration'): PartConfiguration {
  const bad = (detail: string): never => {
    const message = `This is not a part configuration: ${detail}.`;
    throw new HttpError(422, message, { [field]: [message] });
  };
  if (!isObject(value)) return bad('expected an object');
  const { process, materialId, colourId, quantity, tier, toleranceId, hardnessShoreA, finishes } = value;
  if (!isProcessSlug(process)) return bad('process must be 3d-printing, cnc or vacuum-casting');
  if (typeof materialId !== 'string') return bad('materialId must be a string');
  if (colourId !== null && colourId !== undefined && typeof colourId !== 'string') return bad('colourId must be a string or null');
  if (typeof quantity !== 'number' || !Number.isFinite(quantity)) return bad('quantity must be a number');
  if (typeof tier !== 'string' || !(LEAD_TIME_TIERS as readonly string[]).includes(tier)) return bad('tier must be economy, standard or express');
  if (toleranceId !== undefined && toleranceId !== 'standard' && toleranceId !== 'fine' && toleranceId !== 'precision') return bad('toleranceId must be standard, fine or precision');
  if (hardnessShoreA !== undefined && (typeof hardnessShoreA !== 'number' || !Number.isFinite(hardnessShoreA))) return bad('hardnessShoreA must be a number');
  if (!Array.isArray(finishes) || finishes.length > 20) return bad('finishes must be a list');
  return {
    process,
    materialId,
    colourId: colourId ?? null,
    quantity,
    tier: tier as LeadTimeTier,
    ...(toleranceId !== undefined ? { toleranceId } : {}),
    ...(hardnessShoreA !== undefined ? { hardnessShoreA } : {}),
    finishes: finishes.map((f, i) => readFinish(f) ?? bad(`finishes[${i}] is not a finish`)),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length <= 50 && value.every((v) => typeof v === 'string' && v.length <= 100);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function readInserts(value: unknown): InsertSpec[] | undefined {
  if (!Array.isArray(value) || value.length > 50) return undefined;
  const out: InsertSpec[] = [];
  for (const v of value) {
    if (!isObject(v) || !isCount(v.count) || !isCount(v.insertLengthMm) || !isCount(v.holeDepthMm)) return undefined;
    out.push({ count: v.count, insertLengthMm: v.insertLengthMm, holeDepthMm: v.holeDepthMm });
  }
  return out;
}

function readFinish(value: unknown): FinishSelection | undefined {
  if (!isObject(value) || typeof value.kind !== 'string') return undefined;
  const kind = value.kind as FinishKind;
  switch (kind) {
    case 'painting':
    case 'silkscreen':
      return isStringList(value.colours) ? { kind, colours: value.colours } : undefined;
    case 'dyeing':
      return isStringList(value.colours) && (value.style === 'solid' || value.style === 'gradient' || value.style === 'cream')
        ? { kind, style: value.style, colours: value.colours }
        : undefined;
    case 'special-treatment':
      if (value.note !== undefined && typeof value.note !== 'string') return undefined;
      return typeof value.note === 'string' ? { kind, note: value.note.slice(0, 500) } : { kind };
    case 'spray-paint':
      if (value.colour !== undefined && typeof value.colour !== 'string') return undefined;
      return typeof value.colour === 'string' ? { kind, colour: value.colour.slice(0, 100) } : { kind };
    case 'tapping':
      return isCount(value.holes) ? { kind, holes: value.holes } : undefined;
    case 'brass-insert':
    case 'helicoil': {
      const inserts = readInserts(value.inserts);
      return inserts ? { kind, inserts } : undefined;
    }
    default:
      return undefined;
  }
}

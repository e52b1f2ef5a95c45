/**
 * CNC machining: stock (bounding box plus an allowance on every side) by weight, machining time,
 * drilling, programming plus set-up per line, and each set-up beyond the first. Formulas and
 * constants: docs/decisions/010-pricing-model.md; the time from the features measured by the
 * machining analysis (`manufacturing.machining`): docs/decisions/177-cnc-features-and-time.md.
 *
 * With the features: the stock around the part is roughed with the reference end mill, each
 * pocket and slot with the widest standard end mill that fits it (slower as the tool gets smaller,
 * at half speed with a long-reach tool), the holes are drilled rather than milled, flat and
 * straight surfaces are finished at the material's rate and 3D surfaces with a ball end mill at a
 * quarter of it. The line is final when every feature is one the shop's standard tools make;
 * otherwise its note names the features an engineer decides on. Without the features (a mesh that
 * is not closed, a file analysed before them), the volume and area estimate stands, "may change".
 */
import {
  DRILL_APPROACH_MINUTES,
  LONG_REACH_RATE_FACTOR,
  MAX_REACH_DIAMETERS,
  REFERENCE_END_MILL_MM,
  SMALLEST_END_MILL_MM,
  STANDARD_REACH_DIAMETERS,
  SURFACE_FINISHING_FACTOR,
  TAP_APPROACH_MINUTES,
  TAPPING_RPM,
  THREAD_DEPTH_DIAMETERS,
  THREAD_DIAMETER_MM,
  THREAD_PITCH_MM,
  drillable,
  endMillFor,
} from '#domain/catalogue/cnc-tools';
import type { CncPricing, CncProcessPricing, Material, ToleranceOption } from '#domain/catalogue/types';
import { threadForTapDrill, type ThreadSize } from '#domain/geometry/drill-sizes';
import type { MachiningMetrics, RecessMetrics } from '#domain/geometry/part-metrics';
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
  /** Roughing and finishing, times the tolerance's factor. */
  readonly machiningMinutes: number;
  /** With the features: how the time was made up (null for the volume and area estimate). */
  readonly features: FeatureTime | null;
}

/** The machining time from the features, and what it was made of. */
export interface FeatureTime {
  /** Stock around the part (and its steps), roughed with the reference end mill. */
  readonly outside: { readonly cm3: number; readonly minutes: number };
  /** Pockets and slots by the end mill that roughs them. */
  readonly recesses: readonly { readonly toolMm: number; readonly longReach: boolean; readonly count: number; readonly cm3: number; readonly minutes: number }[];
  readonly flatCm2: number;
  readonly surfaceCm2: number;
  readonly drilling: { readonly holes: number; readonly depthMm: number; readonly cm3: number; readonly minutes: number };
  /** Made on the 5-axis machine (undercuts it reaches at an angle). */
  readonly fiveAxis: boolean;
  /** Features no standard tool makes, in words: an engineer decides, so the price may change. */
  readonly open: readonly string[];
}

/** "a", "a and b", "a, b and c". */
function listOf(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const WORDS = { top: 'the top', bottom: 'the bottom', front: 'the front', back: 'the back', left: 'the left', right: 'the right' } as const;
const mm = (v: number) => `${+v.toFixed(v < 10 ? 2 : 1)}`;

/** The undercut area no machine of the catalogue reaches, or 0 (5-axis reaches what is at an angle, if the shop has one). */
function unreachableAreaMm2(m: MachiningMetrics, process: CncProcessPricing): number {
  if (m.undercutAreaMm2 <= 0) return 0;
  const atAngle = process.fiveAxis ? Math.min(m.undercutAtAngleAreaMm2, m.undercutAreaMm2) : 0;
  return Math.max(0, m.undercutAreaMm2 - atAngle);
}

/**
 * Why the part must go to an engineer before it has a price (ADR 177), or null: an undercut that no
 * machine of the catalogue reaches (nothing straight, and nothing at an angle, or no 5-axis machine).
 */
export function machiningReview(machining: MachiningMetrics | undefined, process: CncProcessPricing): string | null {
  if (!machining) return null;
  const area = unreachableAreaMm2(machining, process);
  if (area <= 0) return null;
  const how = process.fiveAxis ? 'no cutter reaches, straight or tilted on our 5-axis machine' : 'no cutter reaches straight, and the shop has no 5-axis machine for it';
  return `${fmt(area)} mm² of undercut that ${how}: it needs a special cutter, a second part or a redesign, which an engineer decides and prices.`;
}

/** Whether the part is made on the 5-axis machine: it has undercuts, all reached at an angle, and the shop has one. */
function onFiveAxis(m: MachiningMetrics, process: CncProcessPricing): boolean {
  return m.undercutAreaMm2 > 0 && process.fiveAxis !== undefined && unreachableAreaMm2(m, process) === 0;
}

function recessName(r: RecessMetrics, index: number): string {
  return `${r.kind} ${index + 1} (from ${WORDS[r.direction]}, ${mm(r.depthMm)} mm deep, ${mm(r.widthMm)} mm wide)`;
}

export function estimateCnc(
  geometry: PricingGeometry,
  pricing: CncPricing,
  process: CncProcessPricing,
  tolerance: ToleranceOption,
): CncEstimate {
  const stockCm3 = boxVolumeMm3(geometry.size, process.stockAllowanceMm) / MM3_PER_CM3;
  const removedCm3 = Math.max(0, stockCm3 - geometry.volumeMm3 / MM3_PER_CM3);
  const machining = geometry.manufacturing?.machining;
  if (!machining) {
    const roughingMinutes = removedCm3 / pricing.removalRateCm3PerMinute;
    const finishingMinutes = geometry.areaMm2 / MM2_PER_CM2 / pricing.finishingRateCm2PerMinute;
    const machiningMinutes = (roughingMinutes + finishingMinutes) * tolerance.machiningTimeFactor;
    return { stockCm3, removedCm3, roughingMinutes, finishingMinutes, machiningMinutes, features: null };
  }
  const open: string[] = [];
  // Drilling: every hole, its depth at the material's feed; its material is not milled.
  let drillDepth = 0, drillCm3 = 0, undrillable = 0;
  for (const h of machining.drilledHoles) {
    drillDepth += h.depthMm;
    drillCm3 += (Math.PI / 4) * h.diameterMm * h.diameterMm * h.depthMm / MM3_PER_CM3;
    if (!drillable(h)) undrillable++;
  }
  if (undrillable > 0) open.push(`${undrillable === 1 ? '1 hole' : `${undrillable} holes`} no standard drill makes`);
  const holes = machining.drilledHoles.length;
  const drillMinutes = holes * DRILL_APPROACH_MINUTES + drillDepth / pricing.drillFeedMmPerMinute;
  // Roughing: pockets and slots with the tool that fits them, the rest with the reference tool.
  const millable = Math.max(0, removedCm3 - drillCm3);
  let recessCm3 = 0;
  const byTool = new Map<string, { toolMm: number; longReach: boolean; count: number; cm3: number; minutes: number }>();
  machining.recesses.forEach((r, index) => {
    const cm3 = Math.min((r.floorAreaMm2 * r.depthMm) / MM3_PER_CM3, Math.max(0, millable - recessCm3));
    recessCm3 += cm3;
    const fitting = endMillFor(r.widthMm);
    const tool = fitting ?? SMALLEST_END_MILL_MM;
    const reach = r.depthMm / tool;
    if (fitting === null) open.push(`${recessName(r, index)}, narrower than our smallest end mill`);
    else if (reach > MAX_REACH_DIAMETERS) open.push(`${recessName(r, index)}, ${fmt(reach)} diameters deep for the Ø${tool} mm end mill that fits it`);
    const longReach = reach > STANDARD_REACH_DIAMETERS;
    const rate = pricing.removalRateCm3PerMinute * Math.min(1, (tool / REFERENCE_END_MILL_MM) ** 2) * (longReach ? LONG_REACH_RATE_FACTOR : 1);
    const key = `${tool}|${longReach}`;
    const entry = byTool.get(key) ?? { toolMm: tool, longReach, count: 0, cm3: 0, minutes: 0 };
    entry.count++;
    entry.cm3 += cm3;
    entry.minutes += cm3 / rate;
    byTool.set(key, entry);
  });
  const outsideCm3 = Math.max(0, millable - recessCm3);
  const outsideMinutes = outsideCm3 / pricing.removalRateCm3PerMinute;
  const recesses = [...byTool.values()].sort((a, b) => b.toolMm - a.toolMm);
  const roughingMinutes = outsideMinutes + recesses.reduce((sum, r) => sum + r.minutes, 0);
  // Finishing: flat and straight surfaces at the material's rate, 3D surfaces with a ball end mill.
  const surfaceCm2 = Math.min(machining.surface3dAreaMm2, geometry.areaMm2) / MM2_PER_CM2;
  const flatCm2 = Math.max(0, geometry.areaMm2 / MM2_PER_CM2 - surfaceCm2);
  const finishingMinutes = flatCm2 / pricing.finishingRateCm2PerMinute + surfaceCm2 / (pricing.finishingRateCm2PerMinute * SURFACE_FINISHING_FACTOR);
  return {
    stockCm3,
    removedCm3,
    roughingMinutes,
    finishingMinutes,
    machiningMinutes: (roughingMinutes + finishingMinutes) * tolerance.machiningTimeFactor,
    features: {
      outside: { cm3: outsideCm3, minutes: outsideMinutes },
      recesses,
      flatCm2,
      surfaceCm2,
      drilling: { holes, depthMm: drillDepth, cm3: drillCm3, minutes: drillMinutes },
      fiveAxis: onFiveAxis(machining, process),
      open,
    },
  };
}

/**
 * The note that says a CNC price is final (every feature made by standard tools, nothing for an
 * engineer to decide), or null when it is not (or there are no features to say it of).
 */
export function cncFinalNote(geometry: PricingGeometry, pricing: CncPricing, process: CncProcessPricing, tolerance: ToleranceOption): string | null {
  const machining = geometry.manufacturing?.machining;
  const e = estimateCnc(geometry, pricing, process, tolerance);
  if (!machining || !e.features || e.features.open.length > 0) return null;
  const pockets = machining.recesses.length;
  const holes = machining.drilledHoles.length;
  const setups = e.features.fiveAxis ? machining.fiveAxisSetups : machining.setups.length;
  const parts = [
    `${setups} set-up${setups === 1 ? '' : 's'}${e.features.fiveAxis ? ' on a 5-axis machine' : ''}`,
    ...(pockets > 0 ? [`${pockets} pocket${pockets === 1 ? '' : 's'} and slot${pockets === 1 ? '' : 's'}`] : []),
    ...(holes > 0 ? [`${holes} hole${holes === 1 ? '' : 's'}`] : []),
  ];
  return `Machining: every feature was recognised (${parts.join(', ')}) and none needs an engineer, so this price is final.`;
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
  const features = e.features;
  const rate = features?.fiveAxis && process.fiveAxis ? process.fiveAxis.machineCentsPerHour : process.machineCentsPerHour;
  return [
    {
      id: 'stock',
      label: `Stock: ${material.name}`,
      explanation: `Blank of ${fmt(e.stockCm3, 2)} cm³ (bounding box + ${process.stockAllowanceMm} mm a side) = ${fmt(kg, 3)} kg at ${usd(material.pricing.stockCentsPerKg)}/kg.`,
      certainty: geometryCertainty,
      perPartCents: kg * material.pricing.stockCentsPerKg,
      sharedCentsPerPart: NOTHING_SHARED,
    },
    features ? machiningFromFeatures(e, features, rate, toleranceNote, geometryCertainty) : machiningFromVolume(e, geometry, process, toleranceNote),
    ...(features && features.drilling.holes > 0 ? [drillingLine(features, material.pricing, rate, geometryCertainty)] : []),
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
    ...extraSetups(geometry, process, features?.fiveAxis ?? false, geometryCertainty),
  ];
}

/** The volume and area estimate, for a part without its features measured. */
function machiningFromVolume(e: CncEstimate, geometry: PricingGeometry, process: CncProcessPricing, toleranceNote: string): CostComponent {
  return {
    id: 'machining',
    label: 'Machining time',
    explanation: `${fmt(e.machiningMinutes)} min at ${usd(process.machineCentsPerHour)}/h: removing ${fmt(e.removedCm3, 2)} cm³ (${fmt(e.roughingMinutes)} min) and finishing ${fmt(geometry.areaMm2 / MM2_PER_CM2)} cm² (${fmt(e.finishingMinutes)} min)${toleranceNote}.`,
    certainty: 'may-change',
    changeReason: 'Estimated from volume and surface area; an engineer reviews features (deep pockets, undercuts, small radii) before production and may adjust it, with your approval.',
    perPartCents: (e.machiningMinutes / 60) * process.machineCentsPerHour,
    sharedCentsPerPart: NOTHING_SHARED,
  };
}

/** The machining time from the features, each figure named. */
function machiningFromFeatures(e: CncEstimate, f: FeatureTime, rate: number, toleranceNote: string, certainty: Certainty): CostComponent {
  const pockets = f.recesses.map((r) => `${r.count} with a Ø${r.toolMm} mm end mill${r.longReach ? ' (long reach, half speed)' : ''}, ${fmt(r.cm3, 2)} cm³ in ${fmt(r.minutes)} min`);
  const roughing = [`${fmt(f.outside.cm3, 2)} cm³ around the part with a Ø${REFERENCE_END_MILL_MM} mm end mill in ${fmt(f.outside.minutes)} min`, ...(pockets.length ? [`pockets and slots: ${pockets.join('; ')}`] : [])].join('; ');
  const finishing = `${fmt(f.flatCm2)} cm² flat and straight${f.surfaceCm2 > 0 ? ` and ${fmt(f.surfaceCm2)} cm² of 3D surface with a ball end mill` : ''} in ${fmt(e.finishingMinutes)} min`;
  const machine = f.fiveAxis ? 'on the 5-axis machine (its undercuts are reached at an angle)' : '';
  const open = f.open.length > 0;
  return {
    id: 'machining',
    label: f.fiveAxis ? 'Machining time (5-axis)' : 'Machining time',
    explanation: `${fmt(e.machiningMinutes)} min at ${usd(rate)}/h${machine ? ` ${machine}` : ''}: roughing ${roughing}; finishing ${finishing}${toleranceNote}.`,
    certainty: open ? 'may-change' : certainty,
    ...(open ? { changeReason: `An engineer decides how to make ${listOf(f.open)}, and may adjust this line, with your approval.` } : {}),
    perPartCents: (e.machiningMinutes / 60) * rate,
    sharedCentsPerPart: NOTHING_SHARED,
  };
}

/** Drilling every hole: each one's approach, and its depth at the material's feed. */
function drillingLine(f: FeatureTime, pricing: CncPricing, rate: number, certainty: Certainty): CostComponent {
  const d = f.drilling;
  const holes = d.holes === 1 ? '1 hole' : `${d.holes} holes`;
  return {
    id: 'drilling',
    label: `Drilling (${holes})`,
    explanation: `${holes}, ${fmt(d.depthMm)} mm deep in all: ${d.holes} × ${DRILL_APPROACH_MINUTES} min to position and peck, and ${fmt(d.depthMm)} mm at ${pricing.drillFeedMmPerMinute} mm/min, ${fmt(d.minutes)} min at ${usd(rate)}/h. Threads are the Tapping option's line.`,
    certainty,
    perPartCents: (d.minutes / 60) * rate,
    sharedCentsPerPart: NOTHING_SHARED,
  };
}

/** A hole the machining analysis found at a tap drill size, with its thread. */
interface TappedHole {
  readonly thread: ThreadSize;
  /** Length of thread cut, mm: the hole's depth, at most THREAD_DEPTH_DIAMETERS nominal diameters. */
  readonly lengthMm: number;
  readonly minutes: number;
}

/** The holes of a machined part that a tap follows: those drilled at a tap drill size, in the file's order. */
export function tappableDrilledHoles(machining: MachiningMetrics | undefined): TappedHole[] {
  const holes: TappedHole[] = [];
  for (const hole of machining?.drilledHoles ?? []) {
    const thread = threadForTapDrill(hole.diameterMm);
    if (!thread) continue;
    const lengthMm = Math.min(hole.depthMm, THREAD_DEPTH_DIAMETERS * THREAD_DIAMETER_MM[thread]);
    // In and back out at one pitch a turn.
    const minutes = TAP_APPROACH_MINUTES + (2 * lengthMm) / (THREAD_PITCH_MM[thread] * TAPPING_RPM);
    holes.push({ thread, lengthMm, minutes });
  }
  return holes;
}

/**
 * Tapping on the machine, hole by hole (issue 36 item 4; ADR 220): each hole asked for that the
 * analysis drilled at a tap drill size (the first ones of the file) is tapped at the machine's
 * rate, its thread named with its length and pitch; holes asked for beyond those keep the Tapping
 * option's price a hole, and the line may change (an engineer finds where they go). Null when the
 * part's holes were not measured (the option's price a hole stands).
 */
export function cncTappingLine(
  geometry: PricingGeometry,
  holesAsked: number,
  flat: CostComponent,
  centsPerHole: number,
  process: CncProcessPricing,
  certainty: Certainty,
): CostComponent | null {
  const machining = geometry.manufacturing?.machining;
  if (!machining || holesAsked < 1) return null;
  const found = tappableDrilledHoles(machining);
  const tapped = found.slice(0, holesAsked);
  const rest = holesAsked - tapped.length;
  const rate = onFiveAxis(machining, process) && process.fiveAxis ? process.fiveAxis.machineCentsPerHour : process.machineCentsPerHour;
  const minutes = tapped.reduce((sum, h) => sum + h.minutes, 0);
  // Alike threads of one length together: "4 × M6, 12 mm".
  const groups = new Map<string, { thread: ThreadSize; lengthMm: number; count: number }>();
  for (const h of tapped) {
    const key = `${h.thread} ${h.lengthMm.toFixed(2)}`;
    const group = groups.get(key) ?? { thread: h.thread, lengthMm: h.lengthMm, count: 0 };
    group.count++;
    groups.set(key, group);
  }
  const threads = [...groups.values()].map((g) => `${g.count} × ${g.thread} (${THREAD_PITCH_MM[g.thread]} mm a turn), ${mm(g.lengthMm)} mm of thread`);
  const holes = (n: number) => (n === 1 ? '1 hole' : `${n} holes`);
  const length = tapped.reduce((sum, h) => sum + h.lengthMm, 0);
  const timed = tapped.length > 0
    ? `${threads.join('; ')}: ${tapped.length} × ${TAP_APPROACH_MINUTES} min to position and change to the tap, and ${fmt(length)} mm of thread in and out at ${TAPPING_RPM} rpm, ${fmt(minutes)} min at ${usd(rate)}/h`
    : '';
  const others = rest > 0 ? `${holes(rest)} more than the ${holes(found.length)} drilled at a tap drill size, at ${usd(centsPerHole)} each` : '';
  return {
    id: flat.id,
    label: `${flat.label} (${holes(holesAsked)})`,
    explanation: `${[timed, others].filter(Boolean).join('; and ')}.`,
    certainty: rest > 0 ? 'may-change' : certainty,
    ...(rest > 0 ? { changeReason: `The model has ${holes(found.length)} at a tap drill size and ${holes(holesAsked)} are to be tapped: an engineer finds where the other ${rest === 1 ? 'one goes' : `${rest} go`}, and may adjust this line, with your approval.` } : {}),
    perPartCents: (minutes / 60) * rate + rest * centsPerHole,
    sharedCentsPerPart: NOTHING_SHARED,
  };
}

/**
 * Each set-up beyond the first (ADR 176): its fixturing once for the line, and the minutes to turn
 * and clamp every part again. The directions are named: "3 set-ups: top, bottom and front". On
 * the 5-axis machine a part is held from below and turned over at most once.
 */
function extraSetups(geometry: PricingGeometry, process: CncProcessPricing, fiveAxis: boolean, certainty: Certainty): CostComponent[] {
  const machining = geometry.manufacturing?.machining;
  const setups = machining?.setups ?? [];
  const count = fiveAxis && machining ? machining.fiveAxisSetups : setups.length;
  const extra = count - 1;
  if (extra < 1) return [];
  const turnCents = (extra * process.turnMinutesPerPart * process.machineCentsPerHour) / 60;
  const which = fiveAxis ? `${count} clampings on the 5-axis machine: from below, then turned over` : setupsInWords(setups);
  return [
    {
      id: 'extra-setups',
      label: `Extra set-ups (${extra})`,
      explanation: `${which}. Each beyond the first: ${usd(process.extraSetupCents)} of fixturing once for this line, and ${fmt(process.turnMinutesPerPart)} min a part to turn and clamp it at ${usd(process.machineCentsPerHour)}/h.`,
      certainty,
      perPartCents: turnCents,
      sharedCentsPerPart: spreadOver(extra * process.extraSetupCents),
    },
  ];
}

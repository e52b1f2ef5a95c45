/**
 * The catalogue as data: processes, materials, finishes (`finishes.ts`) and the constants the price
 * and lead time are computed from. Code never branches on a material id; it reads these records.
 * Where the numbers come from and how to recalibrate them: docs/decisions/010-pricing-model.md.
 */
import { METAL_MIN_WALL_MM, PLASTIC_MIN_WALL_MM } from './cnc-tools';
import { FINISHES } from './finishes';
import { processChoice } from './process-choices';
import type { Catalogue, Colour, FinishKind, Process, ToleranceOption } from './types';

const colour = (id: string, name: string, hex: string): Colour => ({ id, name, hex });

const WHITE = colour('white', 'White', '#f4f4f2');
const GREY = colour('grey', 'Grey', '#8c8c8c');
const BLACK = colour('black', 'Black', '#1c1c1c');
const CLEAR = colour('clear', 'Clear', '#dfeff5');
const NATURAL_WHITE = colour('natural-white', 'Natural white', '#ece9e0');
const NATURAL_GREY = colour('natural-grey', 'Natural grey', '#6f6f6f');
const RED = colour('red', 'Red', '#c62828');
const BLUE = colour('blue', 'Blue', '#1e4fa0');
const BEIGE = colour('beige', 'Beige', '#d8c8a8');
const RAW_METAL = colour('raw-metal', 'Raw metal', '#b8bcc0');
const RAW_BRASS = colour('raw-brass', 'Raw brass', '#c9a646');

const tolerance = (
  id: ToleranceOption['id'],
  plusMinusMm: number,
  machiningTimeFactor: number,
  label: string,
): ToleranceOption => ({ id, label, plusMinusMm, machiningTimeFactor });

const CNC_TOLERANCES = [
  tolerance('standard', 0.1, 1, 'Standard ±0.1 mm (ISO 2768-m)'),
  tolerance('fine', 0.05, 1.3, 'Fine ±0.05 mm'),
  tolerance('precision', 0.025, 1.7, 'Precision ±0.025 mm'),
] as const;
const SLA_TOLERANCES = [tolerance('standard', 0.2, 1, 'Standard ±0.2 mm or ±0.2 %')] as const;
const POWDER_TOLERANCES = [tolerance('standard', 0.3, 1, 'Standard ±0.3 mm or ±0.3 %')] as const;
const FDM_TOLERANCES = [tolerance('standard', 0.5, 1, 'Standard ±0.5 mm')] as const;
const METAL_PRINT_TOLERANCES = [tolerance('standard', 0.2, 1, 'Standard ±0.2 mm')] as const;
const CASTING_TOLERANCES = [tolerance('standard', 0.3, 1, 'Standard ±0.3 mm per 100 mm')] as const;

const PRINT_FINISHES: readonly FinishKind[] = [
  'painting',
  'silkscreen',
  'special-treatment',
  'spray-paint',
  'tapping',
  'brass-insert',
  'helicoil',
];
const NYLON_FINISHES: readonly FinishKind[] = [...PRINT_FINISHES, 'dyeing'];
const FDM_FINISHES: readonly FinishKind[] = ['painting', 'spray-paint', 'tapping', 'brass-insert'];
const METAL_PRINT_FINISHES: readonly FinishKind[] = ['painting', 'special-treatment', 'tapping', 'helicoil'];
const CNC_METAL_FINISHES: readonly FinishKind[] = [
  'painting',
  'silkscreen',
  'special-treatment',
  'spray-paint',
  'tapping',
  'helicoil',
];
const CNC_PLASTIC_FINISHES: readonly FinishKind[] = [
  'painting',
  'silkscreen',
  'spray-paint',
  'tapping',
  'brass-insert',
  'helicoil',
];
const CASTING_FINISHES: readonly FinishKind[] = [
  'painting',
  'silkscreen',
  'special-treatment',
  'spray-paint',
  'tapping',
  'brass-insert',
  'helicoil',
];

const printing: Process = {
  ...processChoice('3d-printing'),
  tiers: {
    economy: { label: 'Economy', priceFactor: 0.85 },
    standard: { label: 'Standard', priceFactor: 1 },
    express: { label: 'Express', priceFactor: 1.5 },
  },
  quantityDiscounts: [
    { minQuantity: 1, percent: 0 },
    { minQuantity: 10, percent: 5 },
    { minQuantity: 25, percent: 8 },
    { minQuantity: 50, percent: 12 },
    { minQuantity: 100, percent: 15 },
    { minQuantity: 500, percent: 20 },
    { minQuantity: 1000, percent: 25 },
  ],
  pricing: {
    kind: 'printing',
    technologies: {
      sla: {
        id: 'sla',
        name: 'Stereolithography (SLA)',
        supportFactor: 0.1,
        boxCentsPerCm3: 0.5,
        depositionRateCm3PerHour: 15,
        verticalSpeedMmPerHour: 60,
        machineCentsPerHour: 800,
        setupCents: 800,
      },
      sls: {
        id: 'sls',
        name: 'Selective laser sintering (SLS)',
        supportFactor: 0,
        boxCentsPerCm3: 3,
        depositionRateCm3PerHour: 60,
        verticalSpeedMmPerHour: 400,
        machineCentsPerHour: 2000,
        setupCents: 1000,
      },
      mjf: {
        id: 'mjf',
        name: 'Multi Jet Fusion (MJF)',
        supportFactor: 0,
        boxCentsPerCm3: 2.5,
        depositionRateCm3PerHour: 80,
        verticalSpeedMmPerHour: 500,
        machineCentsPerHour: 2200,
        setupCents: 1000,
      },
      fdm: {
        id: 'fdm',
        name: 'Fused deposition modelling (FDM)',
        supportFactor: 0.15,
        boxCentsPerCm3: 0,
        depositionRateCm3PerHour: 12,
        verticalSpeedMmPerHour: 40,
        machineCentsPerHour: 400,
        setupCents: 500,
      },
      slm: {
        id: 'slm',
        name: 'Selective laser melting (SLM, metal)',
        supportFactor: 0.25,
        boxCentsPerCm3: 2,
        depositionRateCm3PerHour: 6,
        verticalSpeedMmPerHour: 20,
        machineCentsPerHour: 6000,
        setupCents: 5000,
      },
    },
  },
  materials: [
    {
      id: 'sla-standard-resin',
      name: 'Standard resin',
      process: '3d-printing',
      densityGPerCm3: 1.18,
      pricing: { kind: 'printing', technology: 'sla', centsPerGram: 15 },
      colours: [WHITE, GREY, BLACK],
      finishes: PRINT_FINISHES,
      tolerances: SLA_TOLERANCES,
      buildVolumeMm: [600, 600, 400],
      minDimensionMm: 0.5,
      leadDays: { economy: 6, standard: 4, express: 2 },
      description: 'Smooth, detailed surface; good for prototypes and visual models.',
    },
    {
      id: 'sla-clear-resin',
      name: 'Clear resin',
      process: '3d-printing',
      densityGPerCm3: 1.17,
      pricing: { kind: 'printing', technology: 'sla', centsPerGram: 20 },
      colours: [CLEAR],
      finishes: PRINT_FINISHES,
      tolerances: SLA_TOLERANCES,
      buildVolumeMm: [600, 600, 400],
      minDimensionMm: 0.5,
      leadDays: { economy: 7, standard: 5, express: 3 },
      description: 'Translucent; polishes to near transparency.',
    },
    {
      id: 'sla-tough-resin',
      name: 'Tough resin (ABS-like)',
      process: '3d-printing',
      densityGPerCm3: 1.14,
      pricing: { kind: 'printing', technology: 'sla', centsPerGram: 22 },
      colours: [WHITE, GREY],
      finishes: PRINT_FINISHES,
      tolerances: SLA_TOLERANCES,
      buildVolumeMm: [600, 600, 400],
      minDimensionMm: 0.5,
      leadDays: { economy: 6, standard: 4, express: 2 },
      description: 'Impact resistant, for snap fits and functional prototypes.',
    },
    {
      id: 'sls-pa12',
      name: 'Nylon PA12 (SLS)',
      process: '3d-printing',
      densityGPerCm3: 1.01,
      pricing: { kind: 'printing', technology: 'sls', centsPerGram: 7 },
      colours: [NATURAL_WHITE],
      finishes: NYLON_FINISHES,
      tolerances: POWDER_TOLERANCES,
      buildVolumeMm: [340, 340, 580],
      minDimensionMm: 0.8,
      leadDays: { economy: 8, standard: 5, express: 3 },
      description: 'Strong, slightly grainy nylon; no support marks.',
    },
    {
      id: 'mjf-pa12',
      name: 'Nylon PA12 (MJF)',
      process: '3d-printing',
      densityGPerCm3: 1.01,
      pricing: { kind: 'printing', technology: 'mjf', centsPerGram: 6 },
      colours: [NATURAL_GREY, BLACK],
      finishes: NYLON_FINISHES,
      tolerances: POWDER_TOLERANCES,
      buildVolumeMm: [380, 284, 380],
      minDimensionMm: 0.8,
      leadDays: { economy: 7, standard: 4, express: 2 },
      description: 'Isotropic nylon parts for end use; grey, or dyed black.',
    },
    {
      id: 'fdm-pla',
      name: 'PLA (FDM)',
      process: '3d-printing',
      densityGPerCm3: 1.24,
      pricing: { kind: 'printing', technology: 'fdm', centsPerGram: 5 },
      colours: [WHITE, BLACK, GREY, RED, BLUE],
      finishes: FDM_FINISHES,
      tolerances: FDM_TOLERANCES,
      buildVolumeMm: [500, 500, 500],
      minDimensionMm: 1,
      leadDays: { economy: 5, standard: 3, express: 1 },
      description: 'Low-cost concept models; visible layer lines.',
    },
    {
      id: 'fdm-abs',
      name: 'ABS (FDM)',
      process: '3d-printing',
      densityGPerCm3: 1.04,
      pricing: { kind: 'printing', technology: 'fdm', centsPerGram: 6 },
      colours: [WHITE, BLACK],
      finishes: FDM_FINISHES,
      tolerances: FDM_TOLERANCES,
      buildVolumeMm: [500, 500, 500],
      minDimensionMm: 1,
      leadDays: { economy: 5, standard: 3, express: 1 },
      description: 'Tougher and more heat resistant than PLA.',
    },
    {
      id: 'slm-316l',
      name: 'Stainless steel 316L (SLM)',
      process: '3d-printing',
      densityGPerCm3: 7.9,
      pricing: { kind: 'printing', technology: 'slm', centsPerGram: 15 },
      colours: [RAW_METAL],
      finishes: METAL_PRINT_FINISHES,
      tolerances: METAL_PRINT_TOLERANCES,
      buildVolumeMm: [250, 250, 300],
      minDimensionMm: 0.5,
      leadDays: { economy: 15, standard: 10, express: 7 },
      description: 'Dense, corrosion-resistant metal parts.',
    },
    {
      id: 'slm-alsi10mg',
      name: 'Aluminium AlSi10Mg (SLM)',
      process: '3d-printing',
      densityGPerCm3: 2.67,
      pricing: { kind: 'printing', technology: 'slm', centsPerGram: 25 },
      colours: [RAW_METAL],
      finishes: METAL_PRINT_FINISHES,
      tolerances: METAL_PRINT_TOLERANCES,
      buildVolumeMm: [250, 250, 300],
      minDimensionMm: 0.5,
      leadDays: { economy: 15, standard: 10, express: 7 },
      description: 'Light metal parts with good thermal properties.',
    },
  ],
};

const cncMaterial = (
  id: string,
  name: string,
  densityGPerCm3: number,
  stockCentsPerKg: number,
  removalRateCm3PerMinute: number,
  finishingRateCm2PerMinute: number,
  drillFeedMmPerMinute: number,
  colours: readonly Colour[],
  metal: boolean,
  leadDays: { economy: number; standard: number; express: number },
  description: string,
) => ({
  id,
  name,
  process: 'cnc' as const,
  densityGPerCm3,
  pricing: { kind: 'cnc' as const, stockCentsPerKg, removalRateCm3PerMinute, finishingRateCm2PerMinute, drillFeedMmPerMinute },
  colours,
  finishes: metal ? CNC_METAL_FINISHES : CNC_PLASTIC_FINISHES,
  tolerances: CNC_TOLERANCES,
  buildVolumeMm: [800, 500, 400] as const,
  minDimensionMm: 1,
  minWallMm: metal ? METAL_MIN_WALL_MM : PLASTIC_MIN_WALL_MM,
  leadDays,
  description,
});

const cnc: Process = {
  ...processChoice('cnc'),
  tiers: {
    economy: { label: 'Economy', priceFactor: 0.85 },
    standard: { label: 'Standard', priceFactor: 1 },
    express: { label: 'Express', priceFactor: 1.35 },
  },
  quantityDiscounts: [
    { minQuantity: 1, percent: 0 },
    { minQuantity: 5, percent: 5 },
    { minQuantity: 10, percent: 10 },
    { minQuantity: 25, percent: 15 },
    { minQuantity: 50, percent: 20 },
    { minQuantity: 100, percent: 25 },
    { minQuantity: 500, percent: 30 },
  ],
  pricing: {
    kind: 'cnc',
    machineCentsPerHour: 7000,
    programmingCents: 5000,
    setupCents: 3000,
    stockAllowanceMm: 3,
    extraSetupCents: 2000,
    turnMinutesPerPart: 2,
    fiveAxis: { machineCentsPerHour: 11000 },
  },
  materials: [
    cncMaterial('aluminium-6061', 'Aluminium 6061-T6', 2.7, 1000, 15, 30, 300, [RAW_METAL], true,
      { economy: 12, standard: 7, express: 4 }, 'The everyday machining alloy: light, strong, anodisable.'),
    cncMaterial('aluminium-7075', 'Aluminium 7075-T6', 2.81, 2000, 12, 28, 250, [RAW_METAL], true,
      { economy: 12, standard: 7, express: 4 }, 'High-strength aluminium for stressed parts.'),
    cncMaterial('stainless-304', 'Stainless steel 304', 8, 1200, 2.5, 10, 60, [RAW_METAL], true,
      { economy: 14, standard: 8, express: 5 }, 'Corrosion resistant, general purpose stainless.'),
    cncMaterial('stainless-316', 'Stainless steel 316', 8, 1500, 2, 9, 50, [RAW_METAL], true,
      { economy: 14, standard: 8, express: 5 }, 'Marine-grade stainless with molybdenum.'),
    cncMaterial('brass-c360', 'Brass C360', 8.5, 1400, 8, 25, 250, [RAW_BRASS], true,
      { economy: 12, standard: 7, express: 4 }, 'Free-machining brass; fittings and decorative parts.'),
    cncMaterial('pom', 'POM (Delrin)', 1.41, 1500, 20, 40, 400, [WHITE, BLACK], false,
      { economy: 10, standard: 6, express: 3 }, 'Stiff, low-friction engineering plastic.'),
    cncMaterial('abs', 'ABS', 1.05, 1000, 20, 40, 400, [WHITE, BLACK, BEIGE], false,
      { economy: 10, standard: 6, express: 3 }, 'Tough, low-cost plastic for housings.'),
    cncMaterial('peek', 'PEEK', 1.31, 25000, 8, 20, 200, [BEIGE], false,
      { economy: 14, standard: 9, express: 6 }, 'High-temperature, chemically resistant polymer.'),
  ],
};

const castingMaterial = (
  id: string,
  name: string,
  densityGPerCm3: number,
  resinCentsPerGram: number,
  mouldLifeShots: number,
  colours: readonly Colour[],
  description: string,
  hardness = false,
) => ({
  id,
  name,
  process: 'vacuum-casting' as const,
  densityGPerCm3,
  pricing: { kind: 'casting' as const, resinCentsPerGram, mouldLifeShots },
  colours,
  finishes: CASTING_FINISHES,
  tolerances: CASTING_TOLERANCES,
  buildVolumeMm: [800, 600, 400] as const,
  minDimensionMm: 1.5,
  leadDays: { economy: 18, standard: 12, express: 9 },
  ...(hardness ? { hardnessShoreA: { min: 30, max: 90, common: 70 } } : {}),
  description,
});

const vacuumCasting: Process = {
  ...processChoice('vacuum-casting'),
  tiers: {
    economy: { label: 'Economy', priceFactor: 0.9 },
    standard: { label: 'Standard', priceFactor: 1 },
    express: { label: 'Express', priceFactor: 1.3 },
  },
  quantityDiscounts: [
    { minQuantity: 1, percent: 0 },
    { minQuantity: 50, percent: 5 },
    { minQuantity: 100, percent: 8 },
  ],
  pricing: {
    kind: 'casting',
    masterMaterialId: 'sla-standard-resin',
    masterFinishingCents: 2500,
    mouldLabourCents: 6000,
    siliconeCentsPerCm3: 4,
    mouldWallMm: 15,
    partsPerMould: 20,
    resinWasteFactor: 0.3,
    labourCentsPerPart: 500,
  },
  materials: [
    castingMaterial('pu-abs-like', 'PU, ABS-like', 1.1, 6, 20, [WHITE, BLACK, BEIGE], 'Rigid polyurethane that behaves like ABS.'),
    castingMaterial('pu-pp-like', 'PU, PP-like', 1.05, 6, 20, [WHITE, BLACK], 'Semi-flexible, for living hinges and clips.'),
    castingMaterial('pu-rubber-like', 'PU, rubber-like', 1.1, 8, 25, [BLACK, WHITE, CLEAR],
      'Elastomer from Shore A 30 to 90 (70 is the common choice).', true),
    castingMaterial('pu-clear', 'PU, clear (PMMA-like)', 1.07, 10, 12, [CLEAR], 'Transparent castings for lenses and covers.'),
    castingMaterial('pu-high-temp', 'PU, high temperature', 1.15, 12, 15, [BEIGE, BLACK], 'Holds shape up to about 120 °C.'),
  ],
};

export const CATALOGUE: Catalogue = {
  processes: [printing, cnc, vacuumCasting],
  finishes: FINISHES,
};

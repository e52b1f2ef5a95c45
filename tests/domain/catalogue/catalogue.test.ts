import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '#domain/catalogue/catalogue';
import { HARDNESS_SHORE_A, MAX_FILE_SIZE_BYTES, MAX_FILES_PER_UPLOAD } from '#domain/catalogue/limits';
import { buildVolumesByProcess, findMaterial, findMaterialById, findProcess } from '#domain/catalogue/lookup';
import { PROCESS_CHOICES, isProcessSlug, processName } from '#domain/catalogue/process-choices';
import { LEAD_TIME_TIERS } from '#domain/catalogue/types';

const materials = CATALOGUE.processes.flatMap((p) => p.materials);

describe('catalogue', () => {
  it('has the three processes with the spec ids and slugs', () => {
    expect(CATALOGUE.processes.map((p) => [p.id, p.slug])).toEqual([
      [22, '3d-printing'],
      [23, 'cnc'],
      [27, 'vacuum-casting'],
    ]);
    expect(findProcess(23)?.slug).toBe('cnc');
    expect(findProcess('vacuum-casting')?.id).toBe(27);
    expect(findProcess('milling')).toBeUndefined();
  });

  it('offers the materials the issue names', () => {
    const ids = (slug: string) => findProcess(slug)!.materials.map((m) => m.id);
    expect(ids('3d-printing')).toEqual(expect.arrayContaining(['sla-standard-resin', 'sls-pa12', 'mjf-pa12', 'fdm-pla', 'slm-316l']));
    expect(ids('cnc')).toEqual(expect.arrayContaining(['aluminium-6061', 'aluminium-7075', 'stainless-304', 'stainless-316', 'brass-c360', 'pom', 'abs', 'peek']));
    expect(findMaterial('vacuum-casting', 'pu-rubber-like')?.hardnessShoreA).toEqual(HARDNESS_SHORE_A);
  });

  it('gives every material a coherent record', () => {
    expect(new Set(materials.map((m) => m.id)).size).toBe(materials.length);
    for (const m of materials) {
      const process = findProcess(m.process)!;
      expect(m.densityGPerCm3).toBeGreaterThan(0.5);
      expect(m.densityGPerCm3).toBeLessThan(20);
      expect(m.colours.length).toBeGreaterThan(0);
      expect(m.tolerances[0]?.id).toBe('standard');
      expect(m.finishes.length).toBeGreaterThan(0);
      for (const f of m.finishes) expect(CATALOGUE.finishes[f]).toBeDefined();
      expect(m.buildVolumeMm.every((s) => s > 0)).toBe(true);
      expect(m.leadDays.economy).toBeGreaterThanOrEqual(m.leadDays.standard);
      expect(m.leadDays.standard).toBeGreaterThanOrEqual(m.leadDays.express);
      expect(m.leadDays.express).toBeGreaterThanOrEqual(1);
      expect(m.pricing.kind).toBe(process.pricing.kind);
      expect(findMaterialById(m.id)).toBe(m);
    }
  });

  it('makes tiers cost more the faster they are, and discounts grow with quantity', () => {
    for (const p of CATALOGUE.processes) {
      const [economy, standard, express] = LEAD_TIME_TIERS.map((t) => p.tiers[t].priceFactor);
      expect(economy).toBeLessThan(standard!);
      expect(standard).toBe(1);
      expect(express).toBeGreaterThan(1);
      const steps = p.quantityDiscounts;
      expect(steps[0]).toEqual({ minQuantity: 1, percent: 0 });
      for (let i = 1; i < steps.length; i++) {
        expect(steps[i]!.minQuantity).toBeGreaterThan(steps[i - 1]!.minQuantity);
        expect(steps[i]!.percent).toBeGreaterThan(steps[i - 1]!.percent);
      }
    }
  });

  it('casts from a printable master material', () => {
    const casting = findProcess('vacuum-casting')!.pricing;
    expect(casting.kind === 'casting' && findMaterial('3d-printing', casting.masterMaterialId)).toBeTruthy();
  });

  it('gives each process the build volume of its largest machine', () => {
    expect(buildVolumesByProcess()).toEqual({ '3d-printing': [600, 600, 400], cnc: [800, 500, 400], 'vacuum-casting': [800, 600, 400] });
  });

  it('configures the upload limits once', () => {
    expect(MAX_FILE_SIZE_BYTES).toBe(100 * 1024 * 1024);
    expect(MAX_FILES_PER_UPLOAD).toBe(20);
  });
});

describe('the services by name (the part of the catalogue in the first render, ADR 137)', () => {
  it('are the processes of the catalogue: ids, slugs and names alike', () => {
    expect(PROCESS_CHOICES.map(({ id, slug, name }) => ({ id, slug, name }))).toEqual(CATALOGUE.processes.map(({ id, slug, name }) => ({ id, slug, name })));
  });

  it('name a service by its slug, and keep a slug they do not know', () => {
    expect(processName('cnc')).toBe('CNC machining');
    expect(processName('laser-cutting')).toBe('laser-cutting');
    expect(isProcessSlug('vacuum-casting')).toBe(true);
    expect(isProcessSlug('laser-cutting')).toBe(false);
  });
});

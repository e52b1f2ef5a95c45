import { describe, expect, it } from 'vitest';
import { analyseCadFile } from '#domain/geometry/import-cad';
import { warmUpAnalysis, warmUpStl } from '#server/quote/analysis-warm-up';

describe("a new analysis thread's warm-up part (ADR 256)", () => {
  it('is a closed ring with a hole through it, read and measured as an upload is', async () => {
    const report = await analyseCadFile(warmUpStl(), { manufacturing: { priceFor: '3d-printing' } });
    expect(report.format).toBe('stl-binary');
    expect(report.metrics).toMatchObject({ triangleCount: 96 * 48 * 2, openEdgeCount: 0, nonManifoldEdgeCount: 0, bodyCount: 1 });
    // A torus of radii 30 and 10: 2π²Rr², less the facets' chords.
    expect(report.metrics!.volumeMm3).toBeGreaterThan(0.98 * 2 * Math.PI ** 2 * 30 * 100);
    expect(report.metrics!.volumeMm3).toBeLessThan(2 * Math.PI ** 2 * 30 * 100);
    expect(report.orderable).toBe(true);
  });

  it('runs the engine for each service and answers how long it took', async () => {
    expect(await warmUpAnalysis(1)).toBeGreaterThan(0);
  });
});

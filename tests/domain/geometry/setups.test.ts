import { describe, expect, it } from 'vitest';
import { directionBit } from '#domain/geometry/axis-directions';
import { analyseCadFile } from '#domain/geometry/import-cad';
import { directionList, planSetups, setupOfFacets, setupsInWords } from '#domain/geometry/setups';
import { binaryStl, box, uvSphere } from '../support/solids';

const areas = (entries: [number, number][]) => {
  const out = new Float64Array(64);
  for (const [mask, area] of entries) out[mask] = area;
  return out;
};
const bit = directionBit;

describe('planSetups', () => {
  it('takes the fewest directions that meet every set, the top first among equals', () => {
    expect(planSetups(areas([[bit('top') | bit('front'), 10]])).directions).toEqual(['top']);
    expect(planSetups(areas([[bit('left') | bit('right'), 10]])).directions).toEqual(['left']);
    const plan = planSetups(areas([[bit('top'), 5], [bit('bottom'), 50], [bit('front') | bit('bottom'), 1]]));
    expect(plan.directions).toEqual(['bottom', 'top']);
    expect(plan.areaMm2).toEqual([51, 5]);
  });

  it('leaves undercuts out (nothing reaches them) and holds a part with nothing to reach from the top', () => {
    expect(planSetups(areas([[0, 100]])).directions).toEqual(['top']);
    expect(planSetups(areas([])).directions).toEqual(['top']);
  });

  it('adds the sets of features found whole', () => {
    const plan = planSetups(areas([[bit('top'), 10]]), [{ mask: bit('right'), areaMm2: 2 }]);
    expect(plan.directions).toEqual(['top', 'right']);
  });

  it('names the set-ups as a machinist says them', () => {
    expect(directionList(['top'])).toBe('top');
    expect(directionList(['top', 'bottom'])).toBe('top and bottom');
    expect(setupsInWords(['top', 'bottom', 'front'])).toBe('3 set-ups: top, bottom and front');
    expect(setupsInWords(['top'])).toBe('1 set-up: top');
  });

  it('gives each facet the first set-up that reaches it', () => {
    const plan = planSetups(areas([[bit('top'), 1], [bit('bottom'), 1]]));
    expect([...setupOfFacets(Uint8Array.from([bit('top'), bit('bottom') | bit('top'), bit('bottom'), 0]), plan)]).toEqual([0, 0, 1, -1]);
  });
});

describe('set-ups of simple solids', () => {
  it('a sphere: top and bottom (its equator by either)', async () => {
    const report = await analyseCadFile(binaryStl(uvSphere(10, 32, 16)));
    expect(report.metrics?.manufacturing?.machining?.setups).toEqual(['top', 'bottom']);
    expect(report.metrics?.manufacturing?.machining?.undercutAreaMm2).toBe(0);
  });

  it('a box: only the blank, one set-up', async () => {
    const report = await analyseCadFile(binaryStl(box(10, 20, 30)));
    expect(report.metrics?.manufacturing?.machining).toMatchObject({ setups: ['top'], undercutAreaMm2: 0, accessComplete: true });
  });
});

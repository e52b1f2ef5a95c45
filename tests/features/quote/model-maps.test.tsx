/** The maps on the model (ADR 178): chosen by keyboard, drawn as colours, said in words, regions shown. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { createMesh } from '#domain/geometry/mesh';
import type { ModelMaps } from '#domain/geometry/model-maps';
import { BAND_COLOURS, ModelMapsPanel, SETUP_COLOURS, UNDERCUT_COLOUR, mapColours } from '#features/quote/components/model-maps';

// Four facets: a thin one, a close one, a thick one, and an undercut on the access map.
const mesh = createMesh(new Float32Array(4 * 9));
const maps: ModelMaps = {
  wall: {
    thicknessMm: Float32Array.from([1.2, 2.5, 9, 4]),
    minimumMm: 1.5,
    minThicknessMm: 1.2,
    bandAreaMm2: { thin: 704, close: 1200, sound: 300, thick: 9000, unmeasured: 0 },
    thinRegions: [{ triangles: [0], areaMm2: 704, minMm: 1.2 }],
    measuredShare: 1,
  },
  access: {
    setups: ['top', 'bottom'],
    setupOfFacet: Int8Array.from([0, 1, -1, -2]),
    setupRegions: [
      { triangles: [0], areaMm2: 1500 },
      { triangles: [1], areaMm2: 900 },
    ],
    blankAreaMm2: 9000,
    undercuts: [{ triangles: [3], areaMm2: 2591.3, atAngle: false }],
  },
};

const hex = (rgb: Uint8Array, t: number) => `#${[...rgb.subarray(t * 9, t * 9 + 3)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

test('colours each facet by its band or its set-up, the undercuts in red', () => {
  const wall = mapColours('wall', maps, 4);
  expect([0, 1, 2, 3].map((t) => hex(wall, t))).toEqual([BAND_COLOURS.thin, BAND_COLOURS.close, BAND_COLOURS.thick, BAND_COLOURS.sound]);
  expect(hex(wall, 0)).toBe(hex(wall.subarray(3), 0)); // every corner of a facet alike
  const access = mapColours('access', maps, 4);
  expect([hex(access, 0), hex(access, 1), hex(access, 3)]).toEqual([SETUP_COLOURS[0], SETUP_COLOURS[1], UNDERCUT_COLOUR]);
});

test('a map is chosen by keyboard, measured once, drawn, announced, and its legend and regions are words with buttons', async () => {
  const measure = vi.fn(() => Promise.resolve(maps));
  const onView = vi.fn();
  const onHighlight = vi.fn();
  render(<ModelMapsPanel mesh={mesh} scale={1} process="cnc" measure={measure} onView={onView} onHighlight={onHighlight} highlightKey={null} />);
  const user = userEvent.setup();
  const group = screen.getByRole('radiogroup', { name: 'Colour the model by' });
  await user.click(within(group).getByRole('radio', { name: 'Nothing' }));
  await user.keyboard('{ArrowRight}');
  expect(within(group).getByRole('radio', { name: 'Wall thickness' })).toBeChecked();
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Wall-thickness map on the model: the thinnest wall is 1.2 mm; walls thinner than 1.5 mm are in the warning colour.'));
  expect(onView).toHaveBeenLastCalledWith({ colours: expect.any(Uint8Array), name: 'Wall thickness' });
  const legend = screen.getByRole('list', { name: 'Legend of the Wall thickness map' });
  expect(within(legend).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    'Thinner than 1.5 mm (warning): 704 mm²',
    '1.5 to 3 mm: 1,200 mm²',
    '3 to 6 mm: 300 mm²',
    '6 mm and thicker: 9,000 mm²',
  ]);
  const regions = screen.getByRole('list', { name: /Regions of the Wall thickness map/ });
  expect(regions).toHaveTextContent('Thin wall 1 of 1: 1.2 mm thick over 704 mm²');
  await user.click(within(regions).getByRole('button', { name: 'Show on the model' }));
  expect(onHighlight).toHaveBeenLastCalledWith({ key: 'map-wall-0', triangles: [0], label: 'Thin wall 1 of 1: 1.2 mm thick over 704 mm²' });

  await user.keyboard('{Shift>}{Tab}{/Shift}');
  await user.keyboard('{ArrowRight}');
  expect(within(group).getByRole('radio', { name: 'Tool access' })).toBeChecked();
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Tool-access map on the model: 2 set-ups, 1 undercut highlighted.'));
  expect(measure).toHaveBeenCalledOnce();
  const access = screen.getByRole('list', { name: /Regions of the Tool access map/ });
  expect(within(access).getAllByRole('listitem').map((li) => li.textContent?.replace(/(Show|Hide) on the model$/, ''))).toEqual([
    'Set-up 1, from the top: 1,500 mm²',
    'Set-up 2, from the bottom: 900 mm²',
    'Faces of the squared blank: 9,000 mm²',
    'Undercuts (highlighted): 2,591 mm²',
    'Undercut 1 of 1: 2,591 mm², no cutter reaches it',
  ]);
  await user.click(within(group).getByRole('radio', { name: 'Nothing' }));
  expect(onView).toHaveBeenLastCalledWith(null);
  expect(screen.getByRole('status')).toHaveTextContent('Map removed from the model.');
});

test('other services have no tool-access map; a failed measure says so', async () => {
  render(<ModelMapsPanel mesh={mesh} scale={1} process="3d-printing" measure={() => Promise.reject(new Error('x'))} onView={vi.fn()} onHighlight={vi.fn()} highlightKey={null} />);
  expect(screen.queryByRole('radio', { name: 'Tool access' })).toBeNull();
  await userEvent.setup().click(screen.getByRole('radio', { name: 'Wall thickness' }));
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The map could not be measured. Try again, or choose another map.'));
});

test('a part cut from a STEP model is measured with its chord tolerance, when its mesh does not carry it (ADR 277)', async () => {
  const measure = vi.fn((_mesh: Parameters<NonNullable<Parameters<typeof ModelMapsPanel>[0]['measure']>>[0]) => Promise.resolve(maps));
  render(<ModelMapsPanel mesh={mesh} scale={1} process="cnc" chordToleranceMm={0.006} measure={measure} onView={() => {}} onHighlight={() => {}} highlightKey={null} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('radio', { name: 'Wall thickness' }));
  await waitFor(() => expect(measure).toHaveBeenCalledTimes(1));
  expect(measure.mock.calls[0]![0].chordToleranceMm).toBe(0.006);
  expect(measure.mock.calls[0]![0].positions).toBe(mesh.positions);
});

test('a part with no wall to measure (a pyramid: no two faces face each other) says so, not the minimum as its thinnest wall (ADR 280)', async () => {
  const none: ModelMaps = {
    wall: { ...maps.wall!, thicknessMm: Float32Array.from([NaN, NaN, NaN, NaN]), minThicknessMm: null, bandAreaMm2: { thin: 0, close: 0, sound: 0, thick: 0, unmeasured: 400 }, thinRegions: [] },
    access: null,
  };
  render(<ModelMapsPanel mesh={mesh} scale={1} process="3d-printing" measure={() => Promise.resolve(none)} onView={vi.fn()} onHighlight={vi.fn()} highlightKey={null} />);
  await userEvent.setup().click(screen.getByRole('radio', { name: 'Wall thickness' }));
  // Before: "the thinnest wall is 1.5 mm" (the minimum).
  await waitFor(() =>
    expect(screen.getByRole('status')).toHaveTextContent(
      'Wall-thickness map on the model: no two faces of the part face each other across it, so it has no wall to measure; its edges and corners are its thinnest parts.',
    ),
  );
  expect(within(screen.getByRole('list', { name: 'Legend of the Wall thickness map' })).getAllByRole('listitem').map((li) => li.textContent)).toContain('Not measured: 400 mm²');
});

/**
 * CNC test parts with known answers (issue 36 item 7): blocks cut by prisms with Manifold's exact
 * booleans (manifold-3d, a test-only dependency), each with what a machinist would say of it: its
 * set-ups, its undercuts (T-slots and dovetails, a hole at an angle), its pockets with their depth,
 * opening width, floor area and corner radius, its deep narrow features and its holes. The outlines
 * are our own polygons (rounded corners of `segments` sides a quarter), so every expected figure is
 * computed from the same numbers the solid is built from.
 *
 * `cncParts()` answers the whole set (tests/domain/geometry/cnc-parts.test.ts holds the analysis to
 * it; scripts/bench-cnc-features.ts prints precision and recall over it); `stlOf` and `stepOf`
 * write a part as binary STL and as an AP214 STEP file of planar faces.
 */
import Module from 'manifold-3d';
import type { AxisDirection } from '#domain/geometry/axis-directions';

type ManifoldModule = Awaited<ReturnType<typeof Module>>;
type Solid = InstanceType<ManifoldModule['Manifold']>;
type P2 = [number, number];
type P3 = [number, number, number];

/** A pocket the analysis must find, with its figures (mm, mm²). */
export interface ExpectedPocket {
  readonly direction: AxisDirection;
  readonly depthMm: number;
  /** The narrowest width across its opening. */
  readonly widthMm: number;
  readonly floorAreaMm2: number;
  /** The smallest radius of its inside vertical corners (0: sharp; null: it has none). */
  readonly cornerRadiusMm: number | null;
  /** Closed all round (a pocket) or open at its ends (a slot through the part). */
  readonly kind: 'pocket' | 'slot';
}

export interface CncTestPart {
  readonly name: string;
  readonly description: string;
  /** Triangle soup, nine numbers a facet, outward facing. */
  readonly positions: Float32Array;
  readonly volumeMm3: number;
  /** The fewest set-ups, and the directions when they are the only answer (else null). */
  readonly setups: number;
  readonly setupDirections: readonly AxisDirection[] | null;
  /** No undercut; one a 5-axis machine reaches at an angle; or one nothing reaches (review). */
  readonly undercut: 'none' | 'angle' | 'review';
  /** The undercut's area when it is known exactly, mm². */
  readonly undercutAreaMm2?: number;
  readonly pockets: readonly ExpectedPocket[];
  /** Features deeper than the reach of the tool that fits them (6 diameters): an engineer decides. */
  readonly deepFeatures: number;
  /** Features 4 to 6 diameters deep: cut with a long-reach tool. */
  readonly longReach?: number;
  /** Walls thinner than the plastics' 1.5 mm machining minimum, as regions. */
  readonly thinWalls?: number;
  /** Inside corners sharper than the smallest end mill (radius 0.5 mm). */
  readonly sharpCorners: number;
  /** Cylindrical holes (found by holes.ts). */
  readonly holes: number;
}

let module: Promise<ManifoldModule> | null = null;

async function manifold(): Promise<ManifoldModule> {
  module ??= Module().then((m) => {
    m.setup();
    return m;
  });
  return module;
}

/** A rounded rectangle centred on (cu, cv), `a` × `b`, corners of radius r (`segments` sides each), counter-clockwise. */
export function roundedRectangle(cu: number, cv: number, a: number, b: number, r: number, segments = 8): P2[] {
  const points: P2[] = [];
  const corners: [number, number, number][] = [
    [cu + a / 2 - r, cv - b / 2 + r, -Math.PI / 2],
    [cu + a / 2 - r, cv + b / 2 - r, 0],
    [cu - a / 2 + r, cv + b / 2 - r, Math.PI / 2],
    [cu - a / 2 + r, cv - b / 2 + r, Math.PI],
  ];
  for (const [x, y, start] of corners) {
    if (r === 0) {
      points.push([x, y]);
      continue;
    }
    for (let k = 0; k <= segments; k++) {
      const angle = start + (k / segments) * (Math.PI / 2);
      points.push([x + r * Math.cos(angle), y + r * Math.sin(angle)]);
    }
  }
  return points;
}

/** Area of a simple polygon (positive when counter-clockwise). */
export function polygonArea(points: readonly P2[]): number {
  let area = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i]!;
    const [x1, y1] = points[(i + 1) % points.length]!;
    area += x0 * y1 - x1 * y0;
  }
  return area / 2;
}

/** A regular polygon inscribed in a circle of radius r (a hole's outline). */
function circle(cu: number, cv: number, r: number, sides = 48): P2[] {
  return Array.from({ length: sides }, (_, k) => [cu + r * Math.cos((2 * Math.PI * k) / sides), cv + r * Math.sin((2 * Math.PI * k) / sides)] as P2);
}

interface Block {
  readonly size: P3;
}

/**
 * The frame of each face of a block: a point (u, v, w) of the face's own frame (u, v across the
 * face, w out of it, w = 0 on the face) in the block's coordinates. Every frame is a rotation.
 */
function faceFrame(block: Block, face: AxisDirection): (u: number, v: number, w: number) => P3 {
  const [L, W, H] = block.size;
  switch (face) {
    case 'top':
      return (u, v, w) => [u, v, H + w];
    case 'bottom':
      return (u, v, w) => [u, W - v, -w];
    case 'front':
      return (u, v, w) => [u, -w, v];
    case 'back':
      return (u, v, w) => [L - u, W + w, v];
    case 'right':
      return (u, v, w) => [L + w, u, v];
    case 'left':
      return (u, v, w) => [-w, W - u, v];
  }
}

/** A prism cut into `face`: the outline (in the face's u, v) from 1 mm outside the face to `depth` into the part. */
function cut(m: ManifoldModule, block: Block, face: AxisDirection, outline: readonly P2[], depth: number): Solid {
  return layer(m, block, face, outline, -1, depth);
}

/** A slice of the prism between depths `from` and `to` below the face (for T-slots). */
function layer(m: ManifoldModule, block: Block, face: AxisDirection, outline: readonly P2[], from: number, to: number): Solid {
  const frame = faceFrame(block, face);
  const prism = new m.CrossSection([outline.map((p) => [...p] as P2)]).extrude(to - from).translate([0, 0, -to]);
  return prism.warp((v) => {
    const [x, y, z] = frame(v[0], v[1], v[2]);
    v[0] = x;
    v[1] = y;
    v[2] = z;
  });
}

function soup(solid: Solid): { positions: Float32Array; volume: number } {
  const mesh = solid.getMesh();
  const { vertProperties: vp, triVerts: tv, numProp } = mesh;
  const positions = new Float32Array(tv.length * 3);
  for (let i = 0; i < tv.length; i++) {
    const v = tv[i]! * numProp;
    positions[i * 3] = vp[v]!;
    positions[i * 3 + 1] = vp[v + 1]!;
    positions[i * 3 + 2] = vp[v + 2]!;
  }
  return { positions, volume: solid.volume() };
}

type Spec = Omit<CncTestPart, 'positions' | 'volumeMm3'> & { build: (m: ManifoldModule) => Solid };

function rectangle(u0: number, v0: number, u1: number, v1: number): P2[] {
  return [
    [u0, v0],
    [u1, v0],
    [u1, v1],
    [u0, v1],
  ];
}

const BLOCK: Block = { size: [80, 60, 40] };
const block = (m: ManifoldModule, b = BLOCK) => m.Manifold.cube(b.size as P3);

/** A pocket 24 × 16 mm, 8 deep, corners of radius 3, centred on a face of BLOCK (u, v its centre). */
function standardPocket(face: AxisDirection, centre: P2): { outline: P2[]; expected: ExpectedPocket } {
  const outline = roundedRectangle(centre[0], centre[1], 24, 16, 3);
  return { outline, expected: { direction: face, depthMm: 8, widthMm: 16, floorAreaMm2: polygonArea(outline), cornerRadiusMm: 3, kind: 'pocket' } };
}

/** Each face's centre in its own (u, v). */
function faceCentre(face: AxisDirection, b = BLOCK): P2 {
  const [L, W, H] = b.size;
  if (face === 'top' || face === 'bottom') return [L / 2, W / 2];
  if (face === 'front' || face === 'back') return [L / 2, H / 2];
  return [W / 2, H / 2];
}

function pocketsOn(faces: readonly AxisDirection[]): Pick<Spec, 'build' | 'pockets'> {
  const pockets = faces.map((face) => ({ face, ...standardPocket(face, faceCentre(face)) }));
  return {
    pockets: pockets.map((p) => p.expected),
    build: (m) => pockets.reduce((solid, p) => solid.subtract(cut(m, BLOCK, p.face, p.outline, p.expected.depthMm)), block(m)),
  };
}

const SPECS: Spec[] = [
  {
    name: 'plain-block',
    description: 'A block 80 × 60 × 40 mm: only the blank\'s faces.',
    setups: 1,
    setupDirections: null,
    undercut: 'none',
    pockets: [],
    deepFeatures: 0,
    sharpCorners: 0,
    holes: 0,
    build: (m) => block(m),
  },
  {
    name: 'pockets-top',
    description: 'Two pockets from the top: 30 × 20 mm, 8 deep, corners R3; 15 × 15 mm, 5 deep, sharp corners.',
    setups: 1,
    setupDirections: ['top'],
    undercut: 'none',
    pockets: [
      { direction: 'top', depthMm: 8, widthMm: 20, floorAreaMm2: polygonArea(roundedRectangle(25, 30, 30, 20, 3)), cornerRadiusMm: 3, kind: 'pocket' },
      { direction: 'top', depthMm: 5, widthMm: 15, floorAreaMm2: 225, cornerRadiusMm: 0, kind: 'pocket' },
    ],
    deepFeatures: 0,
    sharpCorners: 4,
    holes: 0,
    build: (m) => block(m).subtract(cut(m, BLOCK, 'top', roundedRectangle(25, 30, 30, 20, 3), 8)).subtract(cut(m, BLOCK, 'top', roundedRectangle(60, 30, 15, 15, 0), 5)),
  },
  {
    name: 'pocket-r1',
    description: 'One pocket 40 × 30 mm, 12 deep, corners R1 (a Ø2 mm end mill, 6 diameters deep in the corners).',
    setups: 1,
    setupDirections: ['top'],
    undercut: 'none',
    pockets: [{ direction: 'top', depthMm: 12, widthMm: 30, floorAreaMm2: polygonArea(roundedRectangle(40, 30, 40, 30, 1)), cornerRadiusMm: 1, kind: 'pocket' }],
    deepFeatures: 0,
    sharpCorners: 0,
    holes: 0,
    build: (m) => block(m).subtract(cut(m, BLOCK, 'top', roundedRectangle(40, 30, 40, 30, 1), 12)),
  },
  { name: 'two-sides', description: 'Pockets on the top and the bottom.', setups: 2, setupDirections: ['top', 'bottom'], undercut: 'none', deepFeatures: 0, sharpCorners: 0, holes: 0, ...pocketsOn(['top', 'bottom']) },
  { name: 'three-sides', description: 'Pockets on the top, the bottom and the front.', setups: 3, setupDirections: ['top', 'bottom', 'front'], undercut: 'none', deepFeatures: 0, sharpCorners: 0, holes: 0, ...pocketsOn(['top', 'bottom', 'front']) },
  {
    name: 'five-sides',
    description: 'Pockets on the top and on all four sides.',
    setups: 5,
    setupDirections: ['top', 'front', 'back', 'left', 'right'],
    undercut: 'none',
    deepFeatures: 0,
    sharpCorners: 0,
    holes: 0,
    ...pocketsOn(['top', 'front', 'back', 'left', 'right']),
  },
  {
    name: 'deep-slot',
    description: 'A closed slot 3 mm wide, 40 long and 25 deep from the top: 8.3 diameters of the Ø3 mm end mill that fits.',
    setups: 1,
    setupDirections: ['top'],
    undercut: 'none',
    pockets: [{ direction: 'top', depthMm: 25, widthMm: 3, floorAreaMm2: polygonArea(roundedRectangle(40, 30, 40, 3, 1.5, 8)), cornerRadiusMm: 1.5, kind: 'pocket' }],
    deepFeatures: 1,
    sharpCorners: 0,
    holes: 0,
    build: (m) => block(m).subtract(cut(m, BLOCK, 'top', roundedRectangle(40, 30, 40, 3, 1.5, 8), 25)),
  },
  {
    name: 'narrow-slot',
    description: 'A closed slot 0.6 mm wide, 20 long and 0.4 deep from the top (an engraved line): narrower than the Ø1 mm end mill, however shallow.',
    setups: 1,
    setupDirections: ['top'],
    undercut: 'none',
    pockets: [{ direction: 'top', depthMm: 0.4, widthMm: 0.6, floorAreaMm2: 12, cornerRadiusMm: 0, kind: 'pocket' }],
    deepFeatures: 1,
    sharpCorners: 4,
    holes: 0,
    build: (m) => block(m).subtract(cut(m, BLOCK, 'top', roundedRectangle(40, 30, 20, 0.6, 0), 0.4)),
  },
  {
    name: 'sliver-pocket',
    description: 'A pocket 20 × 10 mm only 0.02 mm deep (a modelling sliver, within the finest tolerance): no feature at all (ADR 278).',
    setups: 1,
    setupDirections: ['top'],
    undercut: 'none',
    pockets: [],
    deepFeatures: 0,
    sharpCorners: 0,
    holes: 0,
    build: (m) => block(m).subtract(cut(m, BLOCK, 'top', roundedRectangle(40, 30, 20, 10, 0), 0.02)),
  },
  {
    name: 'through-slot',
    description: 'A slot 10 mm wide and 6 deep from the top, through the block from left to right.',
    setups: 1,
    setupDirections: ['top'],
    undercut: 'none',
    pockets: [{ direction: 'top', depthMm: 6, widthMm: 10, floorAreaMm2: 800, cornerRadiusMm: null, kind: 'slot' }],
    deepFeatures: 0,
    sharpCorners: 0,
    holes: 0,
    build: (m) => block(m).subtract(cut(m, BLOCK, 'top', rectangle(-1, 25, 81, 35), 6)),
  },
  {
    name: 't-slot',
    description: 'A blind T-slot from the top, 60 mm long: a neck 8 wide and 10 deep over a head 20 wide and 8 high.',
    setups: 1,
    setupDirections: ['top'],
    undercut: 'review',
    // Under the head's two 6 mm shoulders: ceiling and floor (2 × 2 × 60 × 6), the head's sides (2 × 60 × 8), its ends beside the neck (2 × 2 × 6 × 8).
    undercutAreaMm2: 2 * 2 * 60 * 6 + 2 * 60 * 8 + 2 * 2 * 6 * 8,
    pockets: [],
    deepFeatures: 0,
    sharpCorners: 0,
    holes: 0,
    build: (m) =>
      block(m)
        .subtract(cut(m, BLOCK, 'top', rectangle(10, 26, 70, 34), 10))
        .subtract(layer(m, BLOCK, 'top', rectangle(10, 20, 70, 40), 10, 18)),
  },
  {
    name: 'dovetail',
    description: 'A blind dovetail slot from the top, 60 mm long, 10 deep, 12 wide at the top and 20 at the floor.',
    setups: 1,
    setupDirections: ['top'],
    undercut: 'angle',
    pockets: [],
    deepFeatures: 0,
    sharpCorners: 0,
    holes: 0,
    build: (m) => {
      const [, W, H] = BLOCK.size;
      const profile = new m.CrossSection([[[W / 2 - 10, H - 10], [W / 2 + 10, H - 10], [W / 2 + 6, H], [W / 2 + 6, H + 1], [W / 2 - 6, H + 1], [W / 2 - 6, H]]]);
      // The profile lies in (y, z); extruded along z, then turned so that the extrusion runs along x.
      const slot = profile.extrude(60).warp((v) => {
        const [y, z, x] = [v[0], v[1], v[2]];
        v[0] = 10 + x;
        v[1] = y;
        v[2] = z;
      });
      return block(m).subtract(slot);
    },
  },
  {
    name: 'angled-hole',
    description: 'A blind pocket Ø10 mm, 10 deep, square to a 45° chamfer on the top right edge: reached only at an angle.',
    // On 3 axes the mouth of the hole is reached half from the top, half from the right (2 set-ups);
    // its floor only at an angle, so it is made on 5 axes in one clamping (fiveAxisSetups 1).
    setups: 2,
    setupDirections: ['top', 'right'],
    undercut: 'angle',
    pockets: [],
    deepFeatures: 0,
    sharpCorners: 0,
    holes: 1,
    build: (m) => {
      const [L, W, H] = BLOCK.size;
      // The chamfer: a 20 mm wedge off the top right edge, its face normal (1, 0, 1)/√2.
      const wedge = new m.CrossSection([[[L - 20, H], [L, H - 20], [L + 1, H + 1]].map((p) => [...p] as P2)]).extrude(W + 2).warp((v) => {
        // (x, z) in the profile, the extrusion along −y: a rotation.
        const [x, z, c] = [v[0], v[1], v[2]];
        v[0] = x;
        v[1] = W + 1 - c;
        v[2] = z;
      });
      const hole = new m.CrossSection([circle(0, 0, 5, 48)]).extrude(11).translate([0, 0, -10]);
      const s = Math.SQRT1_2;
      const centre: P3 = [L - 10, W / 2, H - 10];
      const placed = hole.warp((v) => {
        const [u, w, d] = [v[0], v[1], v[2]];
        // u across the chamfer (along (1, 0, −1)/√2), w along y, d out of it along (1, 0, 1)/√2: a rotation.
        v[0] = centre[0] + s * u + s * d;
        v[1] = centre[1] + w;
        v[2] = centre[2] - s * u + s * d;
      });
      return block(m).subtract(wedge).subtract(placed);
    },
  },
  {
    name: 'tilted-hole',
    description: 'A Ø8 mm hole 20 deep drilled into the top at 15° from vertical, counterbored Ø14 mm 6 deep: the 5-axis machine tilts to its axis.',
    setups: 1,
    setupDirections: ['top'],
    undercut: 'angle',
    pockets: [],
    deepFeatures: 0,
    sharpCorners: 0,
    holes: 2,
    build: (m) => {
      const [L, W, H] = BLOCK.size;
      const along = (radius: number, depth: number) =>
        m.Manifold.cylinder(depth + 5, radius, radius, 48).translate([0, 0, -depth]).rotate([15, 0, 0]).translate([L / 2, W / 2, H]);
      return block(m).subtract(along(4, 20)).subtract(along(7, 6));
    },
  },
  {
    name: 'side-holes',
    description: 'Four Ø6 mm holes 15 deep from the top and two Ø12 mm through holes from front to back.',
    setups: 2,
    setupDirections: null,
    undercut: 'none',
    pockets: [],
    deepFeatures: 0,
    sharpCorners: 0,
    holes: 6,
    build: (m) => {
      let solid = block(m);
      for (const [u, v] of [[15, 15], [65, 15], [15, 45], [65, 45]] as P2[]) solid = solid.subtract(cut(m, BLOCK, 'top', circle(u, v, 3), 15));
      for (const u of [25, 55]) solid = solid.subtract(cut(m, BLOCK, 'front', circle(u, 20, 6), 61));
      return solid;
    },
  },
  {
    name: 'slot-5x',
    description: 'A closed slot 4 mm wide, 30 long and 20 deep from the top, round ends: 5 diameters of the Ø4 mm end mill.',
    setups: 1,
    setupDirections: ['top'],
    undercut: 'none',
    pockets: [{ direction: 'top', depthMm: 20, widthMm: 4, floorAreaMm2: polygonArea(roundedRectangle(40, 30, 30, 4, 2, 8)), cornerRadiusMm: 2, kind: 'pocket' }],
    deepFeatures: 0,
    longReach: 1,
    sharpCorners: 0,
    holes: 0,
    build: (m) => block(m).subtract(cut(m, BLOCK, 'top', roundedRectangle(40, 30, 30, 4, 2, 8), 20)),
  },
  {
    name: 'thin-wall',
    description: 'Two pockets 30 × 40 mm, 20 deep, corners R3, side by side with a 1.2 mm wall between them.',
    setups: 1,
    setupDirections: ['top'],
    undercut: 'none',
    pockets: [
      { direction: 'top', depthMm: 20, widthMm: 30, floorAreaMm2: polygonArea(roundedRectangle(20, 30, 30, 40, 3)), cornerRadiusMm: 3, kind: 'pocket' },
      { direction: 'top', depthMm: 20, widthMm: 30, floorAreaMm2: polygonArea(roundedRectangle(51.2, 30, 30, 40, 3)), cornerRadiusMm: 3, kind: 'pocket' },
    ],
    deepFeatures: 0,
    thinWalls: 1,
    sharpCorners: 0,
    holes: 0,
    build: (m) => block(m).subtract(cut(m, BLOCK, 'top', roundedRectangle(20, 30, 30, 40, 3), 20)).subtract(cut(m, BLOCK, 'top', roundedRectangle(51.2, 30, 30, 40, 3), 20)),
  },
  {
    name: 'notched',
    description: 'A step 10 mm deep cut from the top front left corner (40 × 30 mm): an L-shaped wall with one sharp inside corner.',
    setups: 1,
    setupDirections: ['top'],
    undercut: 'none',
    pockets: [],
    deepFeatures: 0,
    sharpCorners: 1,
    holes: 0,
    build: (m) => block(m).subtract(cut(m, BLOCK, 'top', rectangle(-1, -1, 40, 30), 10)),
  },
  {
    name: 'l-bracket',
    description: 'An L-shaped bracket: a 80 × 60 × 10 foot with a 10 mm upright 40 high along its back.',
    setups: 1,
    setupDirections: null,
    undercut: 'none',
    pockets: [],
    deepFeatures: 0,
    sharpCorners: 0,
    holes: 0,
    build: (m) => m.Manifold.cube([80, 60, 10]).add(m.Manifold.cube([80, 10, 40]).translate([0, 50, 0])),
  },
];

/** The whole set, built (about a second). */
export async function cncParts(): Promise<CncTestPart[]> {
  const m = await manifold();
  return SPECS.map(({ build, ...spec }) => {
    const solid = build(m);
    const { positions, volume } = soup(solid);
    return { ...spec, positions, volumeMm3: volume };
  });
}

/**
 * One part of the set with every edge split into `n` (Manifold's `refine`): the same solid in about
 * n² times the triangles, for timing the analysis at 100k and 1M triangles (scripts/bench-cnc-features.ts).
 */
export async function refinedPart(name: string, n: number): Promise<CncTestPart> {
  const m = await manifold();
  const spec = SPECS.find((s) => s.name === name);
  if (!spec) throw new Error(`No CNC test part ${name}`);
  const { build, ...rest } = spec;
  const { positions, volume } = soup(build(m).refine(n));
  return { ...rest, positions, volumeMm3: volume };
}

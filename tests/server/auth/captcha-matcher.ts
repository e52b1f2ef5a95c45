/**
 * A glyph-path matcher: the attack the probe made on svg-captcha (issue 12 item 11), made as strong
 * as a few dozen lines allow, to measure the captcha against.
 *
 * It learns each character's outline from images whose answers it knows, then reads an image by
 * (1) cutting it into characters: one filled `<path>` each when there are as many as characters,
 * otherwise by grouping the outlines of all filled paths whose horizontal extents overlap; and
 * (2) naming each piece: a template with the very same command sequence wins (what read 20 of 20);
 * otherwise the template whose outline, sampled along its curves and scaled to a unit box, is
 * nearest (symmetric chamfer distance), trying the piece turned by up to ±30°.
 */

type Point = [number, number];

const TOKEN = /[MLQCZ]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi;

interface Outline {
  /** The command letters, e.g. `MLLQQZ`. */
  signature: string;
  /** Points along the curves (end points and samples between). */
  samples: Point[];
}

function outlineOf(d: string): Outline[] {
  const tokens = d.match(TOKEN) ?? [];
  const outlines: Outline[] = [];
  let i = 0;
  let at: Point = [0, 0];
  const num = () => Number(tokens[i++]);
  const pt = (): Point => [num(), num()];
  while (i < tokens.length) {
    const c = (tokens[i++] ?? '').toUpperCase();
    if (c === 'M') {
      at = pt();
      outlines.push({ signature: 'M', samples: [at] });
      continue;
    }
    const current = outlines.at(-1);
    if (!current) continue;
    current.signature += c;
    if (c === 'L') {
      const to = pt();
      for (const t of [0.5, 1]) current.samples.push([at[0] + (to[0] - at[0]) * t, at[1] + (to[1] - at[1]) * t]);
      at = to;
    } else if (c === 'Q') {
      const [q, to] = [pt(), pt()];
      for (const t of [0.25, 0.5, 0.75, 1]) {
        const u = 1 - t;
        current.samples.push([u * u * at[0] + 2 * u * t * q[0] + t * t * to[0], u * u * at[1] + 2 * u * t * q[1] + t * t * to[1]]);
      }
      at = to;
    } else if (c === 'C') {
      const [c1, c2, to] = [pt(), pt(), pt()];
      for (const t of [0.25, 0.5, 0.75, 1]) {
        const u = 1 - t;
        current.samples.push([
          u * u * u * at[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * to[0],
          u * u * u * at[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * to[1],
        ]);
      }
      at = to;
    }
  }
  return outlines;
}

interface Piece {
  signature: string;
  samples: Point[];
  minX: number;
  maxX: number;
}

function piece(outlines: Outline[]): Piece {
  const samples = outlines.flatMap((o) => o.samples);
  const xs = samples.map((p) => p[0]);
  return { signature: outlines.map((o) => o.signature).join('|'), samples, minX: Math.min(...xs), maxX: Math.max(...xs) };
}

/** Scaled into a unit box around its centre, turned by `angle`. */
function normalise(samples: Point[], angle = 0): Point[] {
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const cx = samples.reduce((s, p) => s + p[0], 0) / samples.length;
  const cy = samples.reduce((s, p) => s + p[1], 0) / samples.length;
  const turned = samples.map(([x, y]): Point => [(x - cx) * cos - (y - cy) * sin, (x - cx) * sin + (y - cy) * cos]);
  const span = Math.max(...turned.map((p) => Math.abs(p[1])), ...turned.map((p) => Math.abs(p[0])), 1e-6);
  return turned.map(([x, y]) => [x / span, y / span]);
}

/** About 60 points of an outline (the distance is quadratic in the count). */
function thin(samples: Point[]): Point[] {
  return samples.filter((_, i) => i % Math.max(1, Math.floor(samples.length / 60)) === 0);
}

function chamfer(a: Point[], b: Point[]): number {
  const one = (from: Point[], to: Point[]) => from.reduce((sum, [x, y]) => sum + Math.min(...to.map(([u, v]) => (x - u) ** 2 + (y - v) ** 2)), 0) / from.length;
  return one(a, b) + one(b, a);
}

/** Every `<path>` with a fill (the characters; noise lines have fill="none"). */
function filledPaths(svg: string): string[] {
  return [...svg.matchAll(/<path\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => !/fill="none"/.test(tag))
    .map((tag) => /\sd="([^"]+)"/.exec(tag)?.[1] ?? '')
    .filter(Boolean);
}

/** The image cut into `count` characters, left to right. */
function pieces(svg: string, count: number): Piece[] {
  const paths = filledPaths(svg);
  if (paths.length === count) return paths.map((d) => piece(outlineOf(d))).sort((a, b) => a.minX - b.minX);
  // One path, or a different number: group outlines whose horizontal extents overlap.
  const outlines = paths.flatMap(outlineOf).map((o) => piece([o]));
  outlines.sort((a, b) => a.minX - b.minX);
  let groups: Piece[][] = [];
  for (const o of outlines) {
    const last = groups.at(-1);
    if (last && o.minX < Math.max(...last.map((g) => g.maxX))) last.push(o);
    else groups.push([o]);
  }
  // Characters that touch: split the outlines into `count` clusters by their centres (1-D k-means).
  if (groups.length !== count && outlines.length >= count) groups = clusters(outlines, count);
  return groups.map((g) => ({ signature: g.map((p) => p.signature).join('|'), samples: g.flatMap((p) => p.samples), minX: Math.min(...g.map((p) => p.minX)), maxX: Math.max(...g.map((p) => p.maxX)) }));
}

function clusters(outlines: Piece[], count: number): Piece[][] {
  const centre = (p: Piece) => (p.minX + p.maxX) / 2;
  const xs = outlines.map(centre);
  const [lo, hi] = [Math.min(...xs), Math.max(...xs)];
  let means = Array.from({ length: count }, (_, k) => lo + ((hi - lo) * (k + 0.5)) / count);
  let assigned: number[] = [];
  for (let round = 0; round < 20; round++) {
    assigned = xs.map((x) => means.reduce((best, m, k) => (Math.abs(x - m) < Math.abs(x - (means[best] ?? 0)) ? k : best), 0));
    means = means.map((m, k) => {
      const mine = xs.filter((_, i) => assigned[i] === k);
      return mine.length ? mine.reduce((a, b) => a + b, 0) / mine.length : m;
    });
  }
  return means.map((_, k) => outlines.filter((_, i) => assigned[i] === k)).filter((g) => g.length > 0);
}

export class GlyphMatcher {
  private readonly bySignature = new Map<string, string>();
  private readonly shapes = new Map<string, Point[]>();

  /** Learns from an image and its answer (plain svg-captcha: one path per character). */
  learn(svg: string, answer: string): void {
    const found = pieces(svg, answer.length);
    if (found.length !== answer.length) return;
    found.forEach((p, i) => {
      const ch = answer[i] ?? '';
      this.bySignature.set(p.signature, ch);
      if (!this.shapes.has(ch)) this.shapes.set(ch, normalise(thin(p.samples)));
    });
  }

  /** The characters it reads, `?` where it cannot cut the image into `length` pieces. */
  read(svg: string, length: number): string {
    const found = pieces(svg, length);
    if (found.length !== length) return '?'.repeat(length);
    return found.map((p) => this.bySignature.get(p.signature) ?? this.nearest(p.samples)).join('');
  }

  private nearest(samples: Point[]): string {
    let best = { ch: '?', distance: Infinity };
    const thinned = thin(samples);
    for (const angle of [-0.5, -0.25, 0, 0.25, 0.5]) {
      const shape = normalise(thinned, angle);
      for (const [ch, template] of this.shapes) {
        const distance = chamfer(shape, template);
        if (distance < best.distance) best = { ch, distance };
      }
    }
    return best.ch;
  }
}

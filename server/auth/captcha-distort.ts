/**
 * Distortion of svg-captcha's image against glyph-path matching (issue 12 item 11, ADR 081).
 *
 * svg-captcha draws each character as the font's own outline, one `<path>` per character, moved
 * into place and jittered by ±0.1 px: the sequence of path commands alone names the glyph, which a
 * script matched 20 times out of 20. None of its options changes that (they choose the font, the
 * size, the colours and the noise lines), so the image is redrawn here:
 * - every character turned, scaled, sheared and shifted at random, then the whole text bent by a
 *   gentle wave, so that no outline keeps the font's coordinates;
 * - every command rewritten at random (straight edges become curves, curves are split or raised to
 *   cubics), so that the command sequence differs from the font's and from one image to the next;
 * - all characters in one path, their outlines shuffled, so that no element is one character;
 * - the noise lines drawn thicker, across the text.
 * A person reads it as before; the rate limits stay the main defence (ADR 023), and a
 * proof-of-work challenge is the way through for anyone who cannot see the image.
 */

export type Random = () => number;

type Point = [number, number];
type Segment = { kind: 'M'; to: Point } | { kind: 'L'; to: Point } | { kind: 'Q'; c: Point; to: Point } | { kind: 'C'; c1: Point; c2: Point; to: Point } | { kind: 'Z' };

const TOKEN = /[MLQCZ]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi;

/** One glyph's outline as absolute segments (opentype.js writes M, L, Q, C and Z only). */
export function parsePath(d: string): Segment[] {
  const tokens = d.match(TOKEN) ?? [];
  const out: Segment[] = [];
  let i = 0;
  const num = () => Number(tokens[i++]);
  const point = (): Point => [num(), num()];
  while (i < tokens.length) {
    const command = (tokens[i++] ?? '').toUpperCase();
    if (command === 'M') out.push({ kind: 'M', to: point() });
    else if (command === 'L') out.push({ kind: 'L', to: point() });
    else if (command === 'Q') out.push({ kind: 'Q', c: point(), to: point() });
    else if (command === 'C') out.push({ kind: 'C', c1: point(), c2: point(), to: point() });
    else if (command === 'Z') out.push({ kind: 'Z' });
  }
  return out;
}

const lerp = (a: Point, b: Point, t: number): Point => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/** The same outline with every command rewritten at random (the shape stays, the commands do not). */
function rewrite(segments: Segment[], random: Random): Segment[] {
  const out: Segment[] = [];
  let at: Point = [0, 0];
  let start: Point = [0, 0];
  const between = (lo: number, hi: number) => lo + (hi - lo) * random();
  for (const s of segments) {
    if (s.kind === 'M') {
      out.push(s);
      at = s.to;
      start = s.to;
    } else if (s.kind === 'Z') {
      out.push(s);
      at = start;
    } else if (s.kind === 'L') {
      // A straight edge becomes a slightly bowed cubic.
      const bow = between(-1.2, 1.2);
      const [dx, dy] = [s.to[0] - at[0], s.to[1] - at[1]];
      const length = Math.hypot(dx, dy) || 1;
      const normal: Point = [(-dy / length) * bow, (dx / length) * bow];
      const c1 = lerp(at, s.to, between(0.25, 0.4));
      const c2 = lerp(at, s.to, between(0.6, 0.75));
      out.push({ kind: 'C', c1: [c1[0] + normal[0], c1[1] + normal[1]], c2: [c2[0] + normal[0], c2[1] + normal[1]], to: s.to });
      at = s.to;
    } else if (s.kind === 'Q') {
      if (random() < 0.5) {
        // Split at t (de Casteljau): two quadratics.
        const t = between(0.3, 0.7);
        const a = lerp(at, s.c, t);
        const b = lerp(s.c, s.to, t);
        const mid = lerp(a, b, t);
        out.push({ kind: 'Q', c: a, to: mid }, { kind: 'Q', c: b, to: s.to });
      } else {
        // Raised to the cubic that draws the same curve.
        out.push({ kind: 'C', c1: lerp(at, s.c, 2 / 3), c2: lerp(s.to, s.c, 2 / 3), to: s.to });
      }
      at = s.to;
    } else {
      if (random() < 0.5) {
        const t = between(0.3, 0.7);
        const ab = lerp(at, s.c1, t);
        const bc = lerp(s.c1, s.c2, t);
        const cd = lerp(s.c2, s.to, t);
        const abc = lerp(ab, bc, t);
        const bcd = lerp(bc, cd, t);
        const mid = lerp(abc, bcd, t);
        out.push({ kind: 'C', c1: ab, c2: abc, to: mid }, { kind: 'C', c1: bcd, c2: cd, to: s.to });
      } else out.push(s);
      at = s.to;
    }
  }
  return out;
}

function mapPoints(segments: Segment[], f: (p: Point) => Point): Segment[] {
  return segments.map((s) => {
    if (s.kind === 'Z') return s;
    if (s.kind === 'M') return { kind: 'M', to: f(s.to) };
    if (s.kind === 'L') return { kind: 'L', to: f(s.to) };
    if (s.kind === 'Q') return { kind: 'Q', c: f(s.c), to: f(s.to) };
    return { kind: 'C', c1: f(s.c1), c2: f(s.c2), to: f(s.to) };
  });
}

function points(segments: Segment[]): Point[] {
  return segments.flatMap((s) => (s.kind === 'Z' ? [] : s.kind === 'Q' ? [s.c, s.to] : s.kind === 'C' ? [s.c1, s.c2, s.to] : [s.to]));
}

/** Each subpath (from one M to the next) of an outline. */
function subpaths(segments: Segment[]): Segment[][] {
  const out: Segment[][] = [];
  for (const s of segments) {
    if (s.kind === 'M' || out.length === 0) out.push([]);
    out.at(-1)?.push(s);
  }
  return out;
}

const f1 = (n: number) => String(Math.round(n * 10) / 10);
const p1 = ([x, y]: Point) => `${f1(x)} ${f1(y)}`;

function pathData(segments: Segment[]): string {
  return segments
    .map((s) => (s.kind === 'Z' ? 'Z' : s.kind === 'Q' ? `Q${p1(s.c)} ${p1(s.to)}` : s.kind === 'C' ? `C${p1(s.c1)} ${p1(s.c2)} ${p1(s.to)}` : `${s.kind}${p1(s.to)}`))
    .join('');
}

function shuffle<T>(items: T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const GLYPH = /<path fill="([^"]+)" d="([^"]+)"\/>/g;
const NOISE = /<path d="([^"]+)" stroke="([^"]+)" fill="none"\/>/g;

/** svg-captcha's image redrawn as described above; `random` is the source of every choice. */
export function distortCaptchaSvg(svg: string, random: Random = Math.random): string {
  const between = (lo: number, hi: number) => lo + (hi - lo) * random();
  const width = Number(/width="(\d+)"/.exec(svg)?.[1] ?? 150);
  const height = Number(/height="(\d+)"/.exec(svg)?.[1] ?? 50);
  const glyphs = [...svg.matchAll(GLYPH)].map((m) => parsePath(m[2] ?? ''));
  const wave = { ax: between(1.5, 2.5), ay: between(2, 3.5), fx: between(6, 9), fy: between(9, 13), px: between(0, 6.3), py: between(0, 6.3) };
  const bend = ([x, y]: Point): Point => [x + wave.ax * Math.sin(y / wave.fx + wave.px), y + wave.ay * Math.sin(x / wave.fy + wave.py)];
  const middle = width / 2;
  const outlines = glyphs.flatMap((segments) => {
    const all = points(segments);
    const xs = all.map((p) => p[0]);
    const ys = all.map((p) => p[1]);
    const [cx, cy] = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
    const turn = between(-0.3, 0.3);
    const [sx, sy, shear] = [between(0.8, 1.2), between(0.85, 1.2), between(-0.3, 0.3)];
    // Characters drawn closer together, so that neighbours touch and overlap: no gap cuts them apart.
    const [dx, dy] = [(middle - cx) * between(0.1, 0.18) + between(-3, 3), between(-4, 4)];
    const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
    const place = ([x, y]: Point): Point => {
      const u = (x - cx) * sx + (y - cy) * shear;
      const v = (y - cy) * sy;
      return bend([cx + dx + u * cos - v * sin, cy + dy + u * sin + v * cos]);
    };
    return subpaths(mapPoints(rewrite(segments, random), place));
  });
  // Decoys: a few pieces of the characters' own outlines, smaller, turned and dropped between them.
  const pieces = outlines.filter((o) => o.length > 3);
  for (let k = 0; k < 3 && pieces.length > 0; k++) {
    const source = pieces[Math.floor(random() * pieces.length)] ?? [];
    const all = points(source);
    const [cx, cy] = [all.reduce((a, p) => a + p[0], 0) / all.length, all.reduce((a, p) => a + p[1], 0) / all.length];
    const [scale, turn] = [between(0.3, 0.45), between(-1.2, 1.2)];
    // Along the top or the bottom edge, beside the characters rather than over them.
    const [tx, ty] = [between(width * 0.08, width * 0.92), random() < 0.5 ? between(height * 0.1, height * 0.2) : between(height * 0.82, height * 0.92)];
    const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
    outlines.push(mapPoints(source, ([x, y]) => [tx + ((x - cx) * cos - (y - cy) * sin) * scale, ty + ((x - cx) * sin + (y - cy) * cos) * scale]));
  }
  const ink = `hsl(${Math.floor(between(200, 260))} 45% ${Math.floor(between(18, 30))}%)`;
  const text = `<path fill="${ink}" fill-rule="nonzero" d="${shuffle(outlines, random).map(pathData).join('')}"/>`;
  const noise = [...svg.matchAll(NOISE)].map((m) => `<path d="${m[1] ?? ''}" stroke="${m[2] ?? '#888'}" stroke-width="${f1(between(1.4, 2.4))}" fill="none"/>`);
  const background = /<rect [^>]*\/>/.exec(svg)?.[0] ?? '';
  const layers = shuffle([text, ...noise], random).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0,0,${width},${height}">${background}${layers}</svg>`;
}

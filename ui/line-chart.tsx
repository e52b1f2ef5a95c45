import { twMerge } from './tv.ts';

export interface ChartPoint {
  readonly x: number;
  readonly y: number;
}

export interface LineChartProps {
  /** The points, any order; x must be > 0 on a logarithmic axis. */
  points: readonly ChartPoint[];
  /**
   * What the picture says, in one sentence: the chart is `role="img"` and this is its name. The
   * numbers themselves belong in a table beside it (the chart's text alternative).
   */
  summary: string;
  /** The x of the point to mark (the current choice): drawn larger, with a guide line and its values. */
  markedX?: number;
  formatX: (x: number) => string;
  formatY: (y: number) => string;
  /** The x axis on a logarithmic scale (quantities from 1 to thousands). */
  logX?: boolean;
  /** The id of an element that describes the chart further (its table), when it is on the page. */
  describedBy?: string;
  className?: string;
}

const WIDTH = 320;
const HEIGHT = 168;
const PAD = { left: 56, right: 16, top: 24, bottom: 24 };

/**
 * A small line chart in plain SVG (no chart library, ADR 212): the points joined by a line, the y
 * axis from zero with three gridlines, the x axis ticked at powers of ten on a logarithmic scale
 * (or at its ends), one point marked. It scales to its container's width; its text is drawn in the
 * page's font. The whole picture is one image with a name; nothing in it is focusable.
 */
export function LineChart({ points, summary, markedX, formatX, formatY, logX = false, describedBy, className }: LineChartProps) {
  const sorted = [...points].sort((a, b) => a.x - b.x);
  if (sorted.length === 0) return null;
  const sx = (x: number) => (logX ? Math.log10(Math.max(x, 1e-9)) : x);
  const minX = sx(sorted[0]!.x);
  const maxX = sx(sorted[sorted.length - 1]!.x);
  const maxY = Math.max(...sorted.map((p) => p.y), 0) || 1;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const px = (x: number) => PAD.left + (maxX === minX ? plotW / 2 : ((sx(x) - minX) / (maxX - minX)) * plotW);
  const py = (y: number) => PAD.top + plotH - (y / maxY) * plotH;
  const path = sorted.map((p, i) => `${i === 0 ? 'M' : 'L'}${px(p.x).toFixed(1)},${py(p.y).toFixed(1)}`).join(' ');
  const yTicks = [0, maxY / 2, maxY];
  const xTicks = logX ? decades(sorted[0]!.x, sorted[sorted.length - 1]!.x) : [sorted[0]!.x, sorted[sorted.length - 1]!.x];
  const marked = markedX === undefined ? undefined : sorted.find((p) => p.x === markedX);
  const markedLabel = marked ? `${formatX(marked.x)} · ${formatY(marked.y)}` : '';
  // The marked point's label stays inside the picture: anchored to its left near the right edge.
  const anchor = marked && px(marked.x) > WIDTH - 96 ? 'end' : marked && px(marked.x) < PAD.left + 48 ? 'start' : 'middle';
  return (
    <svg
      role="img"
      aria-label={summary}
      aria-describedby={describedBy}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className={twMerge('block h-auto w-full max-w-md overflow-visible font-sans text-neutral-700', className)}
      data-chart="line"
    >
      <g aria-hidden>
        {yTicks.map((y) => (
          <g key={y}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={py(y)} y2={py(y)} className="stroke-neutral-200 forced-colors:stroke-[GrayText]" strokeWidth={1} />
            <text x={PAD.left - 6} y={py(y)} dy="0.35em" textAnchor="end" className="fill-current text-[11px] forced-colors:fill-[CanvasText]">
              {formatY(y)}
            </text>
          </g>
        ))}
        {xTicks.map((x) => (
          <text key={x} x={px(x)} y={HEIGHT - 6} textAnchor="middle" className="fill-current text-[11px] forced-colors:fill-[CanvasText]">
            {formatX(x)}
          </text>
        ))}
        <path d={path} fill="none" strokeWidth={2} strokeLinejoin="round" className="stroke-brand-600 forced-colors:stroke-[CanvasText]" />
        {sorted.map((p) => (
          <circle key={p.x} cx={px(p.x)} cy={py(p.y)} r={3} className="fill-brand-600 forced-colors:fill-[CanvasText]" data-x={p.x} />
        ))}
        {marked && (
          <g data-marked={marked.x}>
            <line x1={px(marked.x)} x2={px(marked.x)} y1={PAD.top} y2={PAD.top + plotH} strokeDasharray="3 3" strokeWidth={1} className="stroke-neutral-600 forced-colors:stroke-[Highlight]" />
            <circle cx={px(marked.x)} cy={py(marked.y)} r={6} strokeWidth={3} className="fill-neutral-0 stroke-brand-700 forced-colors:fill-[Canvas] forced-colors:stroke-[Highlight]" />
            <text x={px(marked.x)} y={PAD.top - 8} textAnchor={anchor} className="fill-neutral-900 text-[12px] font-semibold forced-colors:fill-[CanvasText]">
              {markedLabel}
            </text>
          </g>
        )}
      </g>
    </svg>
  );
}

/** The powers of ten from `from` to `to` (both > 0), with the ends when no power lies between. */
export function decades(from: number, to: number): number[] {
  const ticks: number[] = [];
  for (let p = Math.ceil(Math.log10(from)); 10 ** p <= to; p++) ticks.push(10 ** p);
  if (ticks.length < 2) return [...new Set([from, ...ticks, to])];
  return ticks;
}

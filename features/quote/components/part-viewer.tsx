import { Suspense, useEffect, useRef, useState } from 'react';
import { Toolbar } from '#ui/toolbar';
import type { Mesh } from '#domain/geometry/mesh';
import { useFormat, type Formatter } from '#lib/i18n/format';
import { useT, type MessageKey, type Translate } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { focusRingLook } from '#ui/focus-ring';
import type { ViewCommand } from '#ui/viewer/part-viewer-canvas';
import { webglAvailable } from '#ui/viewer/software-rendering';
import { ViewerBoundary } from '#ui/viewer/viewer-boundary';
import { lazyComponent } from '#lib/lazy-component';

// The canvas is ui/'s (ADR 231), in a chunk of its own: three.js stays out of the page's first load.
const PartViewerCanvas = lazyComponent(async () => (await import('#ui/viewer/part-viewer-canvas')).default);

/**
 * Fetches three.js and the canvas ahead of the first preview (ADR 145): while the browser imports
 * a dropped file, so that the preview's first frame does not come when the server answers.
 */
export const preloadPartViewer = (): Promise<void> => (webglAvailable() ? PartViewerCanvas.preload() : Promise.resolve());
/** A word in the preview's place (no WebGL, a failed view). */
const NOTE = 'absolute inset-0 grid place-items-center p-4 text-center text-caption text-neutral-700';
/** Commands kept for a scene still loading: more presses than anyone makes before it arrives. */
const MAX_PENDING_COMMANDS = 50;

export interface PartViewerProps {
  fileName: string;
  mesh: Mesh;
  /** Size in mm, x y z, as the part will be made. */
  sizeMm: readonly [number, number, number];
  /** Millimetres per model unit (25.4 when the file is in inches). */
  scale?: number;
  /** Triangles of the finding being looked at. */
  highlight?: readonly number[];
  highlightLabel?: string;
  /** Changes when another finding is chosen: the model then takes the focus and turns to it. */
  highlightKey?: string | null;
  /** A map on the model (ADR 178): its colours per vertex, and its name for the model's label. */
  map?: { colours: Uint8Array; name: string } | null;
}

const COMMANDS: { kind: ViewCommand['kind']; label: MessageKey }[] = [
  { kind: 'rotate-left', label: 'quote.viewer.rotateLeft' },
  { kind: 'rotate-right', label: 'quote.viewer.rotateRight' },
  { kind: 'rotate-up', label: 'quote.viewer.tiltUp' },
  { kind: 'rotate-down', label: 'quote.viewer.tiltDown' },
  { kind: 'zoom-in', label: 'quote.viewer.zoomIn' },
  { kind: 'zoom-out', label: 'quote.viewer.zoomOut' },
  { kind: 'fit', label: 'quote.viewer.fit' },
];

/** A length in mm with three significant figures or so: 0 decimals from 100, 1 from 10, else 2. */
export function formatMm(value: number, format: Formatter): string {
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return format.number(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** "10.0 × 20.0 × 5.00 mm": a part's bounding box. */
export function formatSize(size: readonly [number, number, number], t: Translate, format: Formatter): string {
  return t('quote.metric.sizeValue', { x: formatMm(size[0], format), y: formatMm(size[1], format), z: formatMm(size[2], format) });
}

/**
 * The 3D preview: orbit with the pointer, or the buttons (keyboard and screen readers); the part's
 * dimensions in text beside it; a finding's triangles in red. three.js loads only when the first
 * preview opens, so the page is usable before it arrives.
 */
export function PartViewer({ fileName, mesh, sizeMm, scale = 1, highlight = [], highlightLabel, highlightKey = null, map = null }: PartViewerProps) {
  // Every toolbar command since the viewer opened (bounded), for the scene to run in order.
  const [commands, setCommands] = useState<readonly ViewCommand[]>([]);
  const model = useRef<HTMLDivElement>(null);
  // A chosen finding: focus goes to the model, whose name says what is highlighted (the list's status line announces it too).
  useEffect(() => {
    if (highlightKey) model.current?.focus();
  }, [highlightKey]);
  // The mesh goes to the GPU after the page has painted once: the price appears first, the model a moment later.
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  const t = useT();
  const format = useFormat();
  const dims = formatSize(sizeMm, t, format);
  const canDraw = webglAvailable();
  return (
    <figure className="flex flex-col gap-2" aria-label={t('quote.viewer.figure', { name: fileName })}>
      <div
        ref={model}
        role="img"
        tabIndex={-1}
        aria-label={
          highlight.length
            ? t('quote.viewer.modelHighlighted', { name: fileName, size: dims, problem: highlightLabel ?? t('quote.viewer.selectedProblem') })
            : map
              ? t('maps.model', { name: fileName, size: dims, map: map.name })
              : t('quote.viewer.model', { name: fileName, size: dims })
        }
        className={`relative aspect-[4/3] w-full overflow-hidden rounded-card border border-neutral-200 bg-neutral-50 ${focusRingLook()} focus:outline-2`}
      >
        {/* Without WebGL (or when the view fails) the preview says so and the quote goes on. */}
        <ViewerBoundary unavailable={<p className={NOTE}>{t('quote.viewer.unavailable')}</p>} failed={<p className={NOTE}>{t('quote.viewer.failed')}</p>}>
          <Suspense fallback={<p className="absolute inset-0 grid place-items-center text-caption text-neutral-600">{t('quote.viewer.loading')}</p>}>
            {painted ? (
              <PartViewerCanvas mesh={mesh} highlight={highlight} commands={commands} scale={scale} colours={map?.colours ?? null} />
            ) : (
              <p className="absolute inset-0 grid place-items-center text-caption text-neutral-600">{t('quote.viewer.loading')}</p>
            )}
          </Suspense>
        </ViewerBoundary>
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-caption text-neutral-700">
        <span>{t.rich('quote.viewer.boundingBox', { size: dims, strong: (chunks) => <strong>{chunks}</strong> })}</span>
        {/* A toolbar: one tab stop, arrow keys move between the buttons; none where nothing can be turned (no WebGL). */}
        {canDraw && (
          <Toolbar aria-label={t('quote.viewer.toolbar')}>
            {COMMANDS.map((c) => (
              <Button key={c.kind} variant="quiet" className="px-2 py-1 text-caption" onPress={() => setCommands((prev) => [...prev.slice(-(MAX_PENDING_COMMANDS - 1)), { kind: c.kind, seq: (prev.at(-1)?.seq ?? 0) + 1 }])}>
                {t(c.label)}
              </Button>
            ))}
          </Toolbar>
        )}
      </figcaption>
    </figure>
  );
}

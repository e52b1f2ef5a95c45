import { Suspense, lazy, useState } from 'react';
import { Toolbar } from 'react-aria-components';
import type { Mesh } from '#domain/geometry/mesh';
import { Button } from '#ui/button';
import type { ViewCommand } from './part-viewer-canvas.tsx';

const PartViewerCanvas = lazy(() => import('./part-viewer-canvas.tsx'));

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
}

const COMMANDS: { kind: ViewCommand['kind']; label: string }[] = [
  { kind: 'rotate-left', label: 'Rotate left' },
  { kind: 'rotate-right', label: 'Rotate right' },
  { kind: 'rotate-up', label: 'Tilt up' },
  { kind: 'rotate-down', label: 'Tilt down' },
  { kind: 'zoom-in', label: 'Zoom in' },
  { kind: 'zoom-out', label: 'Zoom out' },
  { kind: 'fit', label: 'Fit to view' },
];

export function formatMm(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

/**
 * The 3D preview: orbit with the pointer, or the buttons (keyboard and screen readers); the part's
 * dimensions in text beside it; a finding's triangles in red. three.js loads only when the first
 * preview opens, so the page is usable before it arrives.
 */
export function PartViewer({ fileName, mesh, sizeMm, scale = 1, highlight = [], highlightLabel }: PartViewerProps) {
  const [command, setCommand] = useState<ViewCommand | null>(null);
  const dims = `${formatMm(sizeMm[0])} × ${formatMm(sizeMm[1])} × ${formatMm(sizeMm[2])} mm`;
  return (
    <figure className="flex flex-col gap-2" aria-label={`3D preview of ${fileName}`}>
      <div
        role="img"
        aria-label={`3D model of ${fileName}, ${dims}${highlight.length ? `; highlighted in red: ${highlightLabel ?? 'the selected problem'}` : ''}`}
        className="relative aspect-[4/3] w-full overflow-hidden rounded-card border border-neutral-200 bg-neutral-50"
      >
        <Suspense fallback={<p className="absolute inset-0 grid place-items-center text-caption text-neutral-600">Loading the 3D preview…</p>}>
          <PartViewerCanvas mesh={mesh} highlight={highlight} command={command} scale={scale} />
        </Suspense>
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-caption text-neutral-700">
        <span>
          Bounding box <strong>{dims}</strong>
        </span>
        {/* A toolbar: one tab stop, arrow keys move between the buttons. */}
        <Toolbar aria-label="3D view" className="flex flex-wrap gap-1">
          {COMMANDS.map((c) => (
            <Button key={c.kind} variant="quiet" className="px-2 py-1 text-caption" onPress={() => setCommand((prev) => ({ kind: c.kind, seq: (prev?.seq ?? 0) + 1 }))}>
              {c.label}
            </Button>
          ))}
        </Toolbar>
      </figcaption>
    </figure>
  );
}

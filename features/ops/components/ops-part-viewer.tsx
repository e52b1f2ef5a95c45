import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { errorMessage } from '#lib/api/error-message';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { lazyComponent } from '#lib/lazy-component';
import { queryKeys } from '#lib/query-keys';
import { Button } from '#ui/button';
import type { ViewCommand } from '#ui/viewer/part-viewer-canvas';
import { webglAvailable } from '#ui/viewer/software-rendering';
import { ViewerBoundary } from '#ui/viewer/viewer-boundary';
import { downloadOpsFile } from '../api.ts';
import { stlPositions } from '../stl-positions.ts';

// The customer's canvas, from ui/ (ADR 231): three.js in a chunk of its own.
const PartViewerCanvas = lazyComponent(async () => (await import('#ui/viewer/part-viewer-canvas')).default);

const COMMANDS: Record<ViewCommand['kind'], MessageKey> = {
  'rotate-left': 'opsOrders.viewer.rotateLeft',
  'rotate-right': 'opsOrders.viewer.rotateRight',
  'rotate-up': 'opsOrders.viewer.tiltUp',
  'rotate-down': 'opsOrders.viewer.tiltDown',
  'zoom-in': 'opsOrders.viewer.zoomIn',
  'zoom-out': 'opsOrders.viewer.zoomOut',
  fit: 'opsOrders.viewer.fit',
};

/** A mesh answer with no triangles to draw. */
class EmptyMesh extends Error {}

/** Commands kept for a scene still loading (as the customer's viewer keeps them). */
const MAX_PENDING_COMMANDS = 50;

/** The mesh route's binary STL (ADR 231). */
async function meshAt(path: string) {
  const mesh = stlPositions(await (await downloadOpsFile(path)).arrayBuffer());
  if (!mesh) throw new EmptyMesh('empty mesh');
  return mesh;
}

export interface OpsPartViewerProps {
  /** The figure's id (the button that opens it names it in `aria-controls`). */
  id?: string;
  /** Where the product's mesh is read (OpsOrderFile.mesh). */
  path: string;
  /** The product's name, for the model's accessible name. */
  name: string;
}

/**
 * An ordered product's model in 3D for staff (issue 38 item 2): the server's mesh of it drawn by
 * the customer's canvas, turned with the pointer or the toolbar (keyboard and screen readers), as
 * the customer's viewer is. Loaded when a "View in 3D" button opens it (ops-order-files.tsx).
 */
export function OpsPartViewer({ id, path, name }: OpsPartViewerProps) {
  const t = useT();
  // The buttons' commands since the view opened (bounded), run in order by the scene; a press before three.js arrives is kept.
  const [commands, setCommands] = useState<readonly ViewCommand[]>([]);
  // Without WebGL nothing can be drawn: the mesh is not fetched, no toolbar is offered, and the boundary says why.
  const canDraw = webglAvailable();
  const mesh = useQuery({ queryKey: queryKeys.ops.orders.file(path), queryFn: () => meshAt(path), staleTime: Infinity, retry: false, enabled: canDraw });
  const note = 'absolute inset-0 grid place-items-center p-4 text-center text-caption text-neutral-700';
  const loading = <p className={note}>{t('opsOrders.viewer.loading')}</p>;
  return (
    <figure id={id} className="flex w-full flex-col gap-2 sm:w-96 sm:shrink-0" aria-label={t('opsOrders.viewer.figure', { name })}>
      <div
        role="img"
        aria-label={t('opsOrders.viewer.model', { name })}
        className="relative aspect-[4/3] w-full overflow-hidden rounded-control border border-neutral-200 bg-neutral-50"
      >
        {/* Without WebGL the boundary says so (and the mesh was not asked for); a view that fails says so in its place. */}
        <ViewerBoundary unavailable={<p className={note}>{t('opsOrders.viewer.unavailable')}</p>} failed={<p className={note}>{t('opsOrders.viewer.viewFailed')}</p>}>
          {mesh.isError ? (
            <p className={note}>{mesh.error instanceof EmptyMesh ? t('opsOrders.viewer.failed') : errorMessage(mesh.error)}</p>
          ) : mesh.data ? (
            <Suspense fallback={loading}>
              <PartViewerCanvas mesh={mesh.data} highlight={[]} commands={commands} scale={1} />
            </Suspense>
          ) : (
            loading
          )}
        </ViewerBoundary>
      </div>
      {/* Plain buttons from ui/button as the quote's viewer has them inline: a module both shared would be split into a chunk more on the quote page (ADR 231). */}
      {canDraw && (
        <figcaption role="group" aria-label={t('opsOrders.viewer.toolbar')} className="flex flex-wrap gap-1">
          {(Object.entries(COMMANDS) as [ViewCommand['kind'], MessageKey][]).map(([kind, label]) => (
            <Button key={kind} variant="quiet" className="px-2 py-1 text-caption" onPress={() => setCommands((prev) => [...prev.slice(-(MAX_PENDING_COMMANDS - 1)), { kind, seq: (prev.at(-1)?.seq ?? 0) + 1 }])}>
              {t(label)}
            </Button>
          ))}
        </figcaption>
      )}
    </figure>
  );
}

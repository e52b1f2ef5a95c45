import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { parseBinaryStl } from '#domain/geometry/stl-binary';
import { errorMessage } from '#lib/api/error-message';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { lazyComponent } from '#lib/lazy-component';
import { queryKeys } from '#lib/query-keys';
import { ViewToolbar, useViewCommands, type ViewCommandKind } from '#ui/viewer/view-toolbar';
import { downloadOpsFile } from '../api.ts';

// The customer's canvas, from ui/ (ADR 231): three.js in a chunk of its own.
const PartViewerCanvas = lazyComponent(async () => (await import('#ui/viewer/part-viewer-canvas')).default);

const COMMANDS: Record<ViewCommandKind, MessageKey> = {
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

/** The mesh route's binary STL (ADR 231), read by the domain's reader. */
async function meshAt(path: string) {
  const bytes = new Uint8Array(await (await downloadOpsFile(path)).arrayBuffer());
  const { mesh } = parseBinaryStl(bytes);
  if (!mesh || mesh.triangleCount === 0) throw new EmptyMesh('empty mesh');
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
  const [commands, command] = useViewCommands();
  const mesh = useQuery({ queryKey: queryKeys.ops.orders.mesh(path), queryFn: () => meshAt(path), staleTime: Infinity, retry: false });
  const note = 'absolute inset-0 grid place-items-center p-4 text-center text-caption text-neutral-700';
  const loading = <p className={note}>{t('opsOrders.viewer.loading')}</p>;
  const labels = Object.fromEntries(Object.entries(COMMANDS).map(([kind, key]) => [kind, t(key)])) as Record<ViewCommandKind, string>;
  return (
    <figure id={id} className="flex w-full flex-col gap-2 sm:w-96 sm:shrink-0" aria-label={t('opsOrders.viewer.figure', { name })}>
      <div
        role="img"
        aria-label={t('opsOrders.viewer.model', { name })}
        className="relative aspect-[4/3] w-full overflow-hidden rounded-control border border-neutral-200 bg-neutral-50"
      >
        {mesh.isError ? (
          <p className={note}>{mesh.error instanceof EmptyMesh ? t('opsOrders.viewer.failed') : errorMessage(mesh.error)}</p>
        ) : mesh.data ? (
          <Suspense fallback={loading}>
            <PartViewerCanvas mesh={mesh.data} highlight={[]} commands={commands} scale={1} />
          </Suspense>
        ) : (
          loading
        )}
      </div>
      <figcaption>
        <ViewToolbar aria-label={t('opsOrders.viewer.toolbar')} labels={labels} onCommand={command} />
      </figcaption>
    </figure>
  );
}

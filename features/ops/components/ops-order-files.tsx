import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState } from 'react';
import type { OpsOrder, OpsOrderFile } from '#domain/api/ops';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { lazyComponent } from '#lib/lazy-component';
import { queryKeys } from '#lib/query-keys';
import { saveBlob } from '#lib/save-blob';
import { Button } from '#ui/button';
import { Card } from '#ui/card';
import { NoteList } from '#ui/note-list';
import { downloadOpsFile } from '../api.ts';

type Product = OpsOrder['order']['products'][number];

// The 3D view (ADR 231) and three.js come when a "View in 3D" button is first pressed.
const OpsPartViewer = lazyComponent(async () => (await import('./ops-part-viewer.tsx')).OpsPartViewer);

function DownloadButton({ path, name }: { path: string; name: string }) {
  const t = useT();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        isPending={busy}
        onPress={() => {
          setFailure(null);
          setBusy(true);
          downloadOpsFile(path)
            .then(
              (blob) => saveBlob(blob, name),
              (error: unknown) => setFailure(errorMessage(error)),
            )
            .finally(() => setBusy(false));
        }}
      >
        {t('opsOrders.files.download', { name })}
      </Button>
      {failure && <span role="alert">{failure}</span>}
    </span>
  );
}

/** The part's picture, drawn by the server from its model as the customer's parts table draws it; asked for once it is on screen. */
function Preview({ path, name }: { path: string; name: string }) {
  const t = useT();
  const picture = useQuery({ queryKey: queryKeys.ops.orders.file(path), queryFn: () => downloadOpsFile(path), staleTime: Infinity, retry: false });
  const blob = picture.data ?? null;
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const frame = 'flex size-40 shrink-0 items-center justify-center rounded-control border border-neutral-200 bg-neutral-50 p-2 text-center text-caption text-neutral-700';
  if (picture.isError) return <p className={frame}>{t('opsOrders.files.noPreview')}</p>;
  if (!url) return <p className={frame}>{t('opsOrders.files.previewLoading')}</p>;
  return <img src={url} alt={t('opsOrders.files.preview', { name })} width={160} height={160} className="size-40 shrink-0 rounded-control border border-neutral-200 bg-neutral-50" />;
}

function ProductFiles({ product, files }: { product: Product; files: OpsOrderFile | undefined }) {
  const t = useT();
  const format = useFormat();
  const headingId = `files-${product.id}`;
  // The picture is the first view; the button swaps in the 3D view and back (the same button, so the focus stays on it).
  const [in3d, setIn3d] = useState(false);
  const viewerId = `viewer-${product.id}`;
  const picture = files?.preview ? <Preview path={files.preview} name={product.name} /> : <p className="flex size-40 shrink-0 items-center justify-center rounded-control border border-neutral-200 p-2 text-center text-caption text-neutral-700">{t('opsOrders.files.noPreview')}</p>;
  return (
    <li className="flex flex-col gap-3 border-t border-neutral-200 pt-4 first:border-t-0 first:pt-0 sm:flex-row">
      {in3d && files?.mesh ? (
        <Suspense fallback={<p id={viewerId} className="flex aspect-[4/3] w-full items-center justify-center rounded-control border border-neutral-200 bg-neutral-50 text-caption text-neutral-700 sm:w-96 sm:shrink-0">{t('opsOrders.viewer.loading')}</p>}>
          <OpsPartViewer id={viewerId} path={files.mesh} name={product.name} />
        </Suspense>
      ) : (
        picture
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h3 id={headingId} className="font-semibold text-neutral-900">
          {t('opsOrders.files.product', { name: product.name, quantity: format.number(product.quantity) })}
        </h3>
        <ul role="list" className="flex flex-col gap-2">
          <li className="flex flex-wrap items-center gap-2">
            {files?.model ? (
              <>
                <span>{t('opsOrders.files.model', { name: files.model.name })}</span>
                <DownloadButton path={files.model.path} name={files.model.name} />
                {files.mesh && (
                  <Button variant="secondary" aria-expanded={in3d} aria-controls={in3d ? viewerId : undefined} aria-describedby={headingId} onPress={() => setIn3d((open) => !open)}>
                    {in3d ? t('opsOrders.files.hide3d') : t('opsOrders.files.view3d')}
                  </Button>
                )}
              </>
            ) : (
              t('opsOrders.files.modelRemoved')
            )}
          </li>
          <li className="flex flex-wrap items-center gap-2">
            {files?.drawing ? (
              <>
                <span>{t('opsOrders.files.drawing', { name: files.drawing.name })}</span>
                <DownloadButton path={files.drawing.path} name={files.drawing.name} />
              </>
            ) : (
              t('opsOrders.files.noDrawing')
            )}
          </li>
        </ul>
        {files?.partNote && (
          <>
            <h4 className="font-medium">{t('opsOrders.files.partNote')}</h4>
            <p className="whitespace-pre-line">{files.partNote}</p>
          </>
        )}
        {product.comment && (
          <>
            <h4 className="font-medium">{t('opsOrders.files.comment')}</h4>
            <p className="whitespace-pre-line">{product.comment}</p>
          </>
        )}
        <h4 className="font-medium">{t('opsOrders.files.findings')}</h4>
        {product.findings.length > 0 ? (
          <NoteList notes={product.findings.map((f, i) => ({ id: `${f.code}-${i}`, tone: f.severity === 'error' ? 'danger' : 'neutral', lead: f.message, detail: f.fixHint }))} />
        ) : (
          <p className="text-neutral-700">{t('opsOrders.files.noFindings')}</p>
        )}
      </div>
    </li>
  );
}

/**
 * The order's files for staff (issue 38 item 2): for each product its picture (drawn from the model
 * by the server, the customer's parts-table picture) or, at the press of "View in 3D", its model in
 * 3D (ops-part-viewer.tsx, ADR 231), its model and drawing to download with the
 * staff token, the findings of its analysis as the customer saw them, and the customer's notes.
 */
export function OpsOrderFiles({ data }: { data: OpsOrder }) {
  const t = useT();
  const byProduct = new Map(data.files.map((f) => [f.productId, f]));
  return (
    <Card title={t('opsOrders.files')} description={t('opsOrders.files.hint')}>
      <ul role="list" className="flex flex-col gap-4 px-5 pb-5 pt-3">
        {data.order.products.map((product) => (
          <ProductFiles key={product.id} product={product} files={byProduct.get(product.id)} />
        ))}
      </ul>
    </Card>
  );
}

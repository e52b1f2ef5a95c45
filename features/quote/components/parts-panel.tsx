import { Suspense, useEffect, useMemo, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { lazyComponent } from '#lib/lazy-component';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import type { CartResult } from '#machines/quote-workspace-machine';
import { Button } from '#ui/button';
import { Link } from '#ui/link';
import type { WorkspaceActor } from '../quote-workspace.ts';
import { PartsTable } from './parts-table.tsx';
import { usePartRows } from './use-part-rows.ts';

// The change to several parts at once: its selects and number field, fetched with the table.
const BulkEditBar = lazyComponent(async () => (await import('./bulk-edit-bar.tsx')).BulkEditBar);

/**
 * The project's parts as a table with the quote's total (issue 34): the workspace's parts and their
 * actors, read here, so that the table itself stays a plain component for stories and tests. Rows
 * ticked get one change at once (item 2); every priced part goes to the cart in one action.
 */
export function PartsPanel({ workspace }: { workspace: WorkspaceActor }) {
  const parts = useSelector(workspace, (s) => s.context.parts);
  const selectedId = useSelector(workspace, (s) => s.context.selectedId);
  const projectId = useSelector(workspace, (s) => s.context.project?.id ?? null);
  const process = useSelector(workspace, (s) => s.context.process);
  const checkedIds = useSelector(workspace, (s) => s.context.checkedIds);
  const bulkResult = useSelector(workspace, (s) => s.context.bulkResult);
  const rows = usePartRows(parts);
  const checked = useMemo(() => new Set(checkedIds), [checkedIds]);
  useEffect(() => {
    void BulkEditBar.preload();
  }, []);
  // The ticked parts' configurations (what their materials offer), current with every row change.
  const configurations = useMemo(
    () => parts.filter((p) => checked.has(p.id)).flatMap((p) => (p.configurator ? [p.configurator.getSnapshot().context.configuration] : [])),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the rows change whenever a configurator does
    [parts, checked, rows],
  );
  return (
    <div className="flex flex-col gap-4">
      <PartsTable
        rows={rows}
        projectId={projectId}
        selectedId={selectedId}
        onConfigure={(id) => workspace.send({ type: 'part.selected', id, focus: true })}
        onRemove={(id) => workspace.send({ type: 'part.removed', id })}
        onRetry={(id) => parts.find((p) => p.id === id)?.upload?.send({ type: 'retry' })}
        checked={checked}
        onCheckedChange={(ids) => workspace.send({ type: 'parts.checked', ids })}
        footer={<AddAllToCart workspace={workspace} pricedCount={rows.filter((r) => r.status === 'priced').length} />}
      />
      {checkedIds.length > 0 && (
        <Suspense fallback={null}>
          <BulkEditBar
            process={process}
            configurations={configurations}
            count={checkedIds.length}
            onApply={(change) => workspace.send({ type: 'parts.bulkEdit', change })}
            onClear={() => workspace.send({ type: 'parts.checked', ids: [] })}
            result={bulkResult}
          />
        </Suspense>
      )}
    </div>
  );
}

/** "Add every priced part to the cart": one call; then to the checkout, or a summary of what stayed. */
function AddAllToCart({ workspace, pricedCount }: { workspace: WorkspaceActor; pricedCount: number }) {
  const t = useT();
  const [, navigate] = useLocation();
  const adding = useSelector(workspace, (s) => s.matches({ ready: 'addingToCart' }));
  const result = useSelector(workspace, (s) => s.context.cartResult);
  const error = useSelector(workspace, (s) => (s.context.error?.kind === 'cart' ? s.context.error.reason : null));
  // Everything priced went in: on to the checkout, as one part's Add to cart does.
  const seen = useRef(result?.seq ?? 0);
  useEffect(() => {
    if (!result || result.seq === seen.current) return;
    seen.current = result.seq;
    if (result.added > 0 && result.skipped.length === 0) navigate('/checkout');
  }, [result, navigate]);
  if (pricedCount === 0 && !result) return null;
  return (
    <div className="mt-2 flex flex-col gap-2">
      <Button className="self-start" isPending={adding} isDisabled={pricedCount === 0} onPress={() => workspace.send({ type: 'parts.addToCart' })}>
        {t('quote.cart.addAll', { count: pricedCount })}
      </Button>
      {error && (
        <p role="alert" className="text-caption text-danger-700">
          {error}
        </p>
      )}
      <CartSummary result={result} />
    </div>
  );
}

function CartSummary({ result }: { result: CartResult | null }) {
  const t = useT();
  const format = useFormat();
  const colour = result?.skipped.filter((s) => s.reason === 'needs-colour') ?? [];
  const unpriced = result?.skipped.filter((s) => s.reason === 'unpriced') ?? [];
  return (
    <div role="status" className="flex flex-col gap-1 text-caption">
      {result && result.skipped.length > 0 && (
        <>
          <p className="text-neutral-900">{t('quote.cart.added', { count: result.added })}</p>
          {colour.length > 0 && <p className="text-warning-700">{t('quote.cart.skippedColour', { count: colour.length, names: format.list(colour.map((s) => s.name)) })}</p>}
          {unpriced.length > 0 && <p className="text-neutral-700">{t('quote.cart.skippedUnpriced', { count: unpriced.length, names: format.list(unpriced.map((s) => s.name)) })}</p>}
          {result.added > 0 && <Link href="/checkout">{t('quote.cart.goToCheckout')}</Link>}
        </>
      )}
    </div>
  );
}

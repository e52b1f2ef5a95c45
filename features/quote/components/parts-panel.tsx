import { Suspense, memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { lazyComponent } from '#lib/lazy-component';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import type { PartRow } from '#machines/quote-parts';
import type { CartResult } from '#machines/quote-workspace-machine';
import { Button } from '#ui/button';
import { Link } from '#ui/link';
import type { WorkspaceActor, WorkspacePart } from '../quote-workspace.ts';
import type { BomAssembly } from './bill-of-materials.tsx';
import { PartsTable } from './parts-table.tsx';
import { usePartRows } from './use-part-rows.ts';

// The change to several parts at once: its selects and number field, fetched with the table.
const BulkEditBar = lazyComponent(async () => (await import('./bulk-edit-bar.tsx')).BulkEditBar);
// Split assemblies as trees (React Aria's Tree): fetched once the project holds one.
const BillOfMaterials = lazyComponent(async () => (await import('./bill-of-materials.tsx')).BillOfMaterials);

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
  const assemblies = useMemo(() => billOfMaterials(parts, rows), [parts, rows]);
  const assemblyPending = useSelector(workspace, (s) => (s.matches({ ready: 'settingAssembly' }) ? s.context.pendingAssemblyId : null));
  const assemblyError = useSelector(workspace, (s) => (s.context.error?.kind === 'assembly' ? s.context.error : null));
  const checked = useMemo(() => new Set(checkedIds), [checkedIds]);
  useEffect(() => {
    void BulkEditBar.preload();
  }, []);
  useEffect(() => {
    if (assemblies.length > 0) void BillOfMaterials.preload();
  }, [assemblies.length]);
  // The ticked parts' configurations (what their materials offer), current with every row change.
  const configurations = useMemo(
    () => parts.filter((p) => checked.has(p.id)).flatMap((p) => (p.configurator ? [p.configurator.getSnapshot().context.configuration] : [])),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the rows change whenever a configurator does
    [parts, checked, rows],
  );
  // The table's handlers and footer keep their identity, so that the table re-renders only when a
  // row, the selection or the ticks change (its rows are cached by object, with these handlers).
  const onConfigure = useCallback((id: string) => workspace.send({ type: 'part.selected', id, focus: true }), [workspace]);
  const onRemove = useCallback((id: string) => workspace.send({ type: 'part.removed', id }), [workspace]);
  const onRetry = useCallback((id: string) => workspace.getSnapshot().context.parts.find((p) => p.id === id)?.upload?.send({ type: 'retry' }), [workspace]);
  const onCheckedChange = useCallback((ids: string[]) => workspace.send({ type: 'parts.checked', ids }), [workspace]);
  const pricedCount = rows.filter((r) => r.status === 'priced').length;
  const footer = useMemo(() => <AddAllToCart workspace={workspace} pricedCount={pricedCount} />, [workspace, pricedCount]);
  return (
    // data-upload-panel: a part chosen here (a row, a tree's part) takes the focus to its configurator.
    <div className="flex flex-col gap-4" data-upload-panel>
      <PartsTable
        rows={rows}
        projectId={projectId}
        selectedId={selectedId}
        onConfigure={onConfigure}
        onRemove={onRemove}
        onRetry={onRetry}
        checked={checked}
        onCheckedChange={onCheckedChange}
        footer={footer}
      />
      {assemblies.length > 0 && (
        <Suspense fallback={null}>
          <BillOfMaterials
            assemblies={assemblies}
            onQuantity={(assemblyId, quantity) => workspace.send({ type: 'assembly.quantity', assemblyId, quantity })}
            onConfigure={(id) => workspace.send({ type: 'part.selected', id, focus: true })}
            pendingId={assemblyPending}
            error={assemblyError}
          />
        </Suspense>
      )}
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

/** The project's split assemblies, each with its parts as the table shows them, in the table's order. */
function billOfMaterials(parts: readonly WorkspacePart[], rows: readonly PartRow[]): BomAssembly[] {
  const byId = new Map<string, BomAssembly>();
  for (const part of parts) {
    const assembly = part.serverFile?.assembly;
    if (!assembly) continue;
    let entry = byId.get(assembly.id);
    if (!entry) {
      entry = { id: assembly.id, name: assembly.name, quantity: assembly.quantity, parts: [] };
      byId.set(assembly.id, entry);
    }
    const row = rows.find((r) => r.id === part.id);
    entry.parts.push({ id: part.id, name: row?.name ?? part.fileName, perAssembly: assembly.perAssembly, quantity: row?.quantity ?? null, totalCents: row?.status === 'priced' ? row.totalCents : null });
  }
  return [...byId.values()];
}

/** "Add every priced part to the cart": one call; then to the checkout, or a summary of what stayed. */
const AddAllToCart = memo(function AddAllToCart({ workspace, pricedCount }: { workspace: WorkspaceActor; pricedCount: number }) {
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
});

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

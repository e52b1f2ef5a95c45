import { memo, useId, useLayoutEffect, useMemo, useState, useSyncExternalStore, type MouseEvent, type ReactNode } from 'react';
import type { PartRow, PartStatus } from '#machines/quote-parts';
import { quoteTotals } from '#machines/quote-parts';
import { useFormat } from '#lib/i18n/format';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { ServerState } from '#lib/server-state';
import { useSessionAccount } from '#machines/session-context';
import { Button } from '#ui/button';
import { Checkbox } from '#ui/checkbox';
import { DataTable } from '#ui/data-table';
import { ProgressBar } from '#ui/progress-bar';
import { FileIcon } from '#ui/icons';
import { StatusBadge } from '#ui/status-badge';
import { useStoredPicture } from './stored-picture.tsx';
import { uploadStatusText } from '../upload-status.ts';

export const STATUS_WORDS: Record<PartStatus, MessageKey> = {
  reading: 'quote.parts.status.reading',
  analysing: 'quote.parts.status.analysing',
  priced: 'quote.parts.status.priced',
  attention: 'quote.parts.status.attention',
  'no-price': 'quote.parts.status.noPrice',
  'in-review': 'quote.parts.status.inReview',
};

/** The status badge's look (ui/status-badge.tsx) by the part's status. */
const STATUS_LOOK: Record<PartStatus, string> = {
  reading: 'reading',
  analysing: 'analysing',
  priced: 'priced',
  attention: 'needs attention',
  'no-price': 'no price',
  'in-review': 'in review',
};

export interface PartsTableProps {
  rows: readonly PartRow[];
  projectId: string | null;
  selectedId: string | null;
  /** Choosing a row configures that part. */
  onConfigure: (id: string) => void;
  onRemove: (id: string) => void;
  /** A failed upload's retry (only rows whose upload failed offer it). */
  onRetry: (id: string) => void;
  /** Rows ticked for a change to several parts at once (item 2): shown with checkboxes when given. */
  checked?: ReadonlySet<string>;
  onCheckedChange?: (ids: string[]) => void;
  /** Under the quote's total: what can be done with the whole quote (add every priced part to the cart). */
  footer?: ReactNode;
}

/**
 * Every part of the project at a glance (issue 34 item 1): an HTML table (ADR 274), one row a part,
 * with its picture, a name that tells it apart (an assembly's part in full, with its assembly), its
 * status, quantity, unit price, line total and lead time, then the quote's total with the latest
 * ship date. A part's name is the button that configures it (a press elsewhere on its row does the
 * same); with `onCheckedChange`, each row has a box that ticks it for a change to several parts, and
 * the header one that ticks them all. Below `sm` each row stacks its cells under their own labels,
 * so the table reads at 320 px without a sideways scroll.
 */
export const PartsTable = memo(function PartsTable({ rows, projectId, selectedId, onConfigure, onRemove, onRetry, checked, onCheckedChange, footer }: PartsTableProps) {
  const t = useT();
  const totals = useMemo(() => quoteTotals(rows), [rows]);
  const store = useRowStore(rows);
  const items = useTableItems(rows);
  const dash = t('quote.parts.noValue');
  // The table is the same element while its rows are the same parts with the same names: an option
  // change does not draw it again, only the cells that show what changed, which read their row from
  // the store (`Live`).
  const table = useMemo(() => {
    const ticks = onCheckedChange ? (checked ?? new Set<string>()) : null;
    const tickedCount = ticks ? items.filter((item) => ticks.has(item.id)).length : 0;
    const tick = (id: string, on: boolean) => {
      if (!onCheckedChange || !ticks) return;
      // In the table's order, whatever order they were ticked in.
      onCheckedChange(items.filter((item) => (item.id === id ? on : ticks.has(item.id))).map((item) => item.id));
    };
    const column = 'border-b border-neutral-200 px-2.5 py-2 text-caption font-semibold text-neutral-700';
    return (
      <DataTable aria-labelledby="parts-heading" className="max-sm:block">
        {/* Below `sm` the columns' names are read, not shown (each value has its label); "Select all parts" stays on screen with its words. */}
        <thead className={ticks ? 'bg-neutral-50 max-sm:block' : 'bg-neutral-50 max-sm:sr-only'}>
          <tr className="max-sm:flex">
            {ticks && (
              <th scope="col" className={`w-10 ${column} text-start max-sm:w-full`}>
                {items.length > 0 && (
                  <Checkbox
                    isSelected={tickedCount > 0 && tickedCount === items.length}
                    isIndeterminate={tickedCount > 0 && tickedCount < items.length}
                    onChange={(on) => onCheckedChange?.(on ? items.map((item) => item.id) : [])}
                  >
                    <span className="sm:sr-only">{t('quote.parts.selectAll')}</span>
                  </Checkbox>
                )}
              </th>
            )}
            <th scope="col" className={`${column} text-start max-sm:sr-only`}>{t('quote.parts.column.part')}</th>
            <th scope="col" className={`${column} text-start max-sm:sr-only`}>{t('quote.parts.column.status')}</th>
            <th scope="col" className={`${column} text-end max-sm:sr-only`}>{t('quote.parts.column.quantity')}</th>
            <th scope="col" className={`${column} text-end max-sm:sr-only`}>{t('quote.parts.column.unitPrice')}</th>
            <th scope="col" className={`${column} text-end max-sm:sr-only`}>{t('quote.parts.column.lineTotal')}</th>
            <th scope="col" className={`${column} text-start max-sm:sr-only`}>{t('quote.parts.column.leadTime')}</th>
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {items.map((item) => (
            <PartRowView
              key={item.id}
              item={item}
              store={store}
              projectId={projectId}
              selected={item.id === selectedId}
              ticked={ticks ? ticks.has(item.id) : null}
              onTick={tick}
              dash={dash}
              onConfigure={onConfigure}
              onRemove={onRemove}
              onRetry={onRetry}
            />
          ))}
        </tbody>
      </DataTable>
    );
  }, [items, checked, onCheckedChange, onConfigure, onRemove, onRetry, selectedId, projectId, dash, t, store]);
  return (
    <section aria-labelledby="parts-heading" className="flex flex-col gap-3" data-upload-panel>
      <h2 id="parts-heading" className="text-title">
        {t('quote.parts.heading')}
      </h2>
      {/* The parts' pictures are server state: the table draws the cache itself, fetched with it
          rather than with the quote page's first render (ADR 260). */}
      <ServerState useAccount={useSessionAccount}>{table}</ServerState>
      <QuoteTotal totals={totals}>{footer}</QuoteTotal>
    </section>
  );
});

interface PartRowViewProps {
  item: PartRow;
  store: RowStore;
  projectId: string | null;
  /** The part being configured. */
  selected: boolean;
  /** Whether the row is ticked; null when the table has no boxes. */
  ticked: boolean | null;
  onTick: (id: string, on: boolean) => void;
  dash: string;
  onConfigure: (id: string) => void;
  onRemove: (id: string) => void;
  onRetry: (id: string) => void;
}

const CELL = 'border-b border-neutral-100 px-2.5 py-2.5 align-top font-normal';
/** A cell of text; a number's (below) is aligned to its end, so digits line up. */
const TEXT_CELL = `${CELL} text-start`;
const NUMBER_CELL = `${CELL} text-end tabular-nums max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:border-0 max-sm:py-0.5`;

/** One part's row; named by its name cell (the row header), as a screen reader's row commands read it. */
const PartRowView = memo(function PartRowView({ item, store, projectId, selected, ticked, onTick, dash, onConfigure, onRemove, onRetry }: PartRowViewProps) {
  const t = useT();
  const format = useFormat();
  const nameId = useId();
  const fullName = item.assembly ? `${item.name} ${t('quote.parts.inAssembly', { assembly: item.assembly })}` : item.name;
  // A press on the row's text configures its part, as a press on its name does; the row's controls
  // (its box, its buttons) keep their own. The keyboard's way is the name's button.
  const onRowClick = (event: MouseEvent<HTMLTableRowElement>) => {
    if (event.target instanceof Element && event.target.closest('button, a, input, label, [role="checkbox"]')) return;
    onConfigure(item.id);
  };
  return (
    <tr
      aria-labelledby={nameId}
      onClick={onRowClick}
      className={`cursor-default text-neutral-900 hover:bg-neutral-50 max-sm:flex max-sm:flex-col max-sm:gap-1 max-sm:border-b max-sm:border-neutral-200 max-sm:py-2 ${ticked ? 'bg-brand-50' : ''}`}
    >
      {ticked !== null && (
        <td className={`${TEXT_CELL} w-10 max-sm:border-0 max-sm:py-1`}>
          <Checkbox aria-label={t('quote.parts.select', { part: fullName })} isSelected={ticked} onChange={(on) => onTick(item.id, on)} />
        </td>
      )}
      <th scope="row" className={`${TEXT_CELL} max-sm:block max-sm:border-0 max-sm:py-1`}>
        <div className="flex items-start gap-2">
          <PartThumbnail projectId={projectId} fileId={item.fileId} />
          <div id={nameId} className="flex min-w-0 flex-col items-start">
            <Button
              variant="quiet"
              className="min-w-0 px-1 py-0 text-start font-medium break-words text-neutral-900"
              aria-current={selected ? 'true' : undefined}
              onPress={() => onConfigure(item.id)}
            >
              {item.name}
            </Button>
            {item.assembly && <span className="px-1 text-caption break-words text-neutral-600">{t('quote.parts.inAssembly', { assembly: item.assembly })}</span>}
            {selected && <span className="px-1 text-caption font-medium text-brand-700">{t('quote.parts.configuring')}</span>}
          </div>
        </div>
      </th>
      <td className={`${TEXT_CELL} max-sm:block max-sm:border-0 max-sm:py-1`}>
        <Live store={store} item={item}>
          {(row) => <StatusCell row={row} />}
        </Live>
        <span className="mt-1 flex flex-wrap gap-1">
          {item.attention?.kind === 'upload-failed' && (
            <Button variant="secondary" className="px-2 py-0 text-caption" onPress={() => onRetry(item.id)}>
              {t('common.tryAgain')}
            </Button>
          )}
          <Button variant="quiet" className="-ml-1 px-1 py-0 text-caption" aria-label={t('quote.upload.removeFile', { name: item.name })} onPress={() => onRemove(item.id)}>
            {t('common.remove')}
          </Button>
        </span>
      </td>
      <LiveCell label={t('quote.parts.column.quantity')} store={store} item={item}>
        {(row) => (
          <>
            {row.quantity === null ? dash : format.number(row.quantity)}
            {row.perAssembly !== null && <span className="block text-caption text-neutral-600">{t('quote.parts.perAssembly', { count: row.perAssembly })}</span>}
          </>
        )}
      </LiveCell>
      <LiveCell label={t('quote.parts.column.unitPrice')} store={store} item={item}>
        {(row) => (row.unitPriceCents === null ? dash : format.money(row.unitPriceCents))}
      </LiveCell>
      <LiveCell label={t('quote.parts.column.lineTotal')} store={store} item={item}>
        {(row) => (row.totalCents === null ? dash : format.money(row.totalCents))}
      </LiveCell>
      <LiveCell className={`${TEXT_CELL} max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:border-0 max-sm:py-0.5`} label={t('quote.parts.column.leadTime')} store={store} item={item}>
        {(row) =>
          row.leadDays === null || !row.shipDate ? (
            dash
          ) : (
            <>
              <span className="block">{t('quote.parts.leadDays', { days: row.leadDays })}</span>
              <span className="block text-caption text-neutral-600">{t('quote.parts.ships', { date: format.date(row.shipDate) })}</span>
            </>
          )
        }
      </LiveCell>
    </tr>
  );
});

/** The rows by part, for the cells that show what an option change changes: each cell follows its own row. */
interface RowStore {
  get(id: string): PartRow | undefined;
  set(rows: readonly PartRow[]): void;
  subscribe(onChange: () => void): () => void;
}

function createRowStore(initial: readonly PartRow[]): RowStore {
  let byId = new Map(initial.map((r) => [r.id, r]));
  const listeners = new Set<() => void>();
  return {
    get: (id) => byId.get(id),
    set(rows) {
      byId = new Map(rows.map((r) => [r.id, r]));
      listeners.forEach((l) => l());
    },
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}

/** The table's rows in a store of its own, told of new rows once they are committed. */
function useRowStore(rows: readonly PartRow[]): RowStore {
  const [store] = useState(() => createRowStore(rows));
  useLayoutEffect(() => store.set(rows), [store, rows]);
  return store;
}

/**
 * What the table's collection is made of: a row as first seen, kept while what the row's frame
 * shows (its part, name, assembly, stored file, a failed upload's retry) is the same; the array
 * kept while every item is. The rest of a row is read from the store by its cells.
 */
function useTableItems(rows: readonly PartRow[]): readonly PartRow[] {
  const [items, setItems] = useState(rows);
  const before = new Map(items.map((r) => [r.id, r]));
  const next = rows.map((row) => {
    const old = before.get(row.id);
    return old && sameFrame(old, row) ? old : row;
  });
  if (next.length === items.length && next.every((r, i) => r === items[i])) return items;
  // React's "information from previous renders": kept for the next render, used at once.
  setItems(next);
  return next;
}

function sameFrame(a: PartRow, b: PartRow): boolean {
  return a.id === b.id && a.name === b.name && a.assembly === b.assembly && a.fileId === b.fileId && (a.attention?.kind === 'upload-failed') === (b.attention?.kind === 'upload-failed');
}

/** A part of a row that follows the row: re-rendered when its row changes, and only then. */
function Live({ store, item, children }: { store: RowStore; item: PartRow; children: (row: PartRow) => ReactNode }) {
  const get = () => store.get(item.id) ?? item;
  const row = useSyncExternalStore(store.subscribe, get, get);
  return children(row);
}

/** A cell that follows its row (`Live`), its column's name before it below `sm` (`Stacked`): a number cell unless told. */
function LiveCell({ className = NUMBER_CELL, label, store, item, children }: { className?: string; label: string; store: RowStore; item: PartRow; children: (row: PartRow) => ReactNode }) {
  return (
    <td className={className}>
      <Stacked label={label}>
        <Live store={store} item={item}>
          {children}
        </Live>
      </Stacked>
    </td>
  );
}

/**
 * A number cell: in the table from `sm`, the value alone (its column says what it is); below, a
 * row of its own with the column's name before it (hidden from screen readers, who hear the column).
 */
function Stacked({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <span aria-hidden className="text-caption text-neutral-600 sm:hidden">
        {label}
      </span>
      <span className="max-sm:text-end">{children}</span>
    </>
  );
}

function StatusCell({ row }: { row: PartRow }) {
  const t = useT();
  const format = useFormat();
  const detail = statusDetail(row, t, format);
  return (
    <div className="flex flex-col items-start gap-1">
      <StatusBadge status={STATUS_LOOK[row.status]}>{t(STATUS_WORDS[row.status])}</StatusBadge>
      {row.progress && (
        <ProgressBar
          aria-label={t('quote.upload.progress', { name: row.name, step: row.progress.phase === 'uploading' ? 'upload' : 'reading' })}
          value={row.progress.fraction === null ? undefined : row.progress.fraction * 100}
          isIndeterminate={row.progress.fraction === null}
          compact
        />
      )}
      {row.progress && (
        <span className="text-caption text-neutral-600">
          {uploadStatusText(row.progress.phase, { progress: row.progress.fraction, importProgress: row.progress.fraction, error: null }, t, format)}
        </span>
      )}
      {detail && (
        // A refused upload is said at once (the workspace also announces it politely by name).
        <span role={row.attention?.kind === 'upload-failed' ? 'alert' : undefined} className={`text-caption ${row.status === 'attention' || row.status === 'no-price' ? 'text-danger-700' : 'text-neutral-600'}`}>
          {detail}
        </span>
      )}
    </div>
  );
}

/** The words under a status: why it needs attention, why there is no price, or that the colour is still to choose. */
function statusDetail(row: PartRow, t: ReturnType<typeof useT>, format: ReturnType<typeof useFormat>): string | null {
  const review = row.review;
  if (review) {
    const date = review.expiresAt ? format.dateTime(review.expiresAt, 'date') : '';
    if (review.state === 'pending') return t('quote.parts.review.pending');
    if (review.state === 'held') return t('quote.parts.review.held', { date });
    if (review.state === 'refused') return t('quote.parts.review.refused', { reason: review.reason ?? '' });
    if (review.state === 'expired' && row.status !== 'priced') return t('quote.parts.review.expired', { date });
    if (review.state === 'changed' && row.status !== 'priced') return t('quote.parts.review.changed');
  }
  const a = row.attention;
  if (a) {
    switch (a.kind) {
      case 'upload-failed':
        return a.message ?? t('quote.upload.unusable');
      case 'analysis-failed':
        return a.message ?? t('quote.upload.unreadable');
      case 'units':
        return t('quote.parts.attention.units');
      case 'save-failed':
        return t('error.quotationFetch');
      case 'invalid':
        return a.message ?? t('quote.addToCart.invalid');
    }
  }
  if (row.status === 'no-price') return row.noPriceReason ?? t('quote.price.blocked');
  if (row.status === 'priced' && row.needsColour) return t('quote.parts.colourToChoose');
  return null;
}

function QuoteTotal({ totals, children }: { totals: ReturnType<typeof quoteTotals>; children?: ReactNode }) {
  const t = useT();
  const format = useFormat();
  const strong = (chunks: ReactNode[]) => <strong className="text-title">{chunks}</strong>;
  return (
    <div className="flex flex-col gap-1 rounded-card border border-neutral-200 bg-neutral-0 p-4" data-testid="quote-total">
      <p>{t.rich('quote.parts.total', { total: format.money(totals.totalCents), count: totals.pricedCount, strong })}</p>
      {totals.latestShipDate && <p className="text-neutral-700">{t('quote.parts.latestShip', { date: format.date(totals.latestShipDate, 'weekday') })}</p>}
      {totals.unpricedCount > 0 && <p className="text-caption text-neutral-600">{t('quote.parts.unpriced', { count: totals.unpricedCount })}</p>}
      {children}
    </div>
  );
}

/** The part's picture, drawn by the server once its file is stored; a file sign before, or when there is none. */
function PartThumbnail({ projectId, fileId }: { projectId: string | null; fileId: string | null }) {
  const frame = 'flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-control border border-neutral-200 bg-neutral-50';
  if (!projectId || !fileId) {
    return (
      <div aria-hidden className={`${frame} text-neutral-500`}>
        <FileIcon className="size-5" />
      </div>
    );
  }
  return <StoredThumbnail projectId={projectId} fileId={fileId} frame={frame} />;
}

function StoredThumbnail({ projectId, fileId, frame }: { projectId: string; fileId: string; frame: string }) {
  const { url, loading } = useStoredPicture(projectId, fileId);
  if (!url) {
    return (
      <div aria-hidden className={`${frame} text-neutral-500 ${loading ? 'motion-safe:animate-pulse' : ''}`}>
        <FileIcon className="size-5" />
      </div>
    );
  }
  return (
    <div aria-hidden className={frame}>
      <img src={url} alt="" width={40} height={40} className="size-10 object-contain" />
    </div>
  );
}

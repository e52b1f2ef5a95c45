import { memo, useEffect, useMemo, type ReactNode } from 'react';
import type { PartRow, PartStatus } from '#machines/quote-parts';
import { quoteTotals } from '#machines/quote-parts';
import { useFormat } from '#lib/i18n/format';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '#lib/query-keys';
import { asyncState } from '#lib/query-state';
import { Button } from '#ui/button';
import type { Key, Selection } from '#ui/collections';
import { ProgressBar } from '#ui/progress-bar';
import { FileIcon } from '#ui/icons';
import { StatusBadge } from '#ui/status-badge';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '#ui/table';
import { getPartThumbnail } from '../api.ts';
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
 * Every part of the project at a glance (issue 34 item 1): a React Aria table, one row a part, with
 * its picture, a name that tells it apart (an assembly's part in full, with its assembly), its
 * status, quantity, unit price, line total and lead time, then the quote's total with the latest
 * ship date. Arrow keys move between cells, Enter on a row configures its part. Below `sm` each row
 * stacks its cells under their own labels, so the table reads at 320 px without a sideways scroll.
 */
export const PartsTable = memo(function PartsTable({ rows, projectId, selectedId, onConfigure, onRemove, onRetry, checked, onCheckedChange, footer }: PartsTableProps) {
  const t = useT();
  const format = useFormat();
  const totals = useMemo(() => quoteTotals(rows), [rows]);
  const selectedKeys = useMemo(() => (checked ? [...checked] : undefined), [checked]);
  // The header is the same element from render to render: a row's change does not draw it again.
  const header = useMemo(
    () => (
      <TableHeader className="max-sm:sr-only">
        <Column isRowHeader className="px-2.5">{t('quote.parts.column.part')}</Column>
        <Column className="px-2.5">{t('quote.parts.column.status')}</Column>
        <Column align="end" className="px-2.5">{t('quote.parts.column.quantity')}</Column>
        <Column align="end" className="px-2.5">{t('quote.parts.column.unitPrice')}</Column>
        <Column align="end" className="px-2.5">{t('quote.parts.column.lineTotal')}</Column>
        <Column className="px-2.5">{t('quote.parts.column.leadTime')}</Column>
      </TableHeader>
    ),
    [t],
  );
  const onSelectionChange = (keys: Selection) => {
    if (!onCheckedChange) return;
    onCheckedChange(keys === 'all' ? rows.map((r) => r.id) : [...keys].map(String));
  };
  const dash = t('quote.parts.noValue');
  return (
    <section aria-labelledby="parts-heading" className="flex flex-col gap-3" data-upload-panel>
      <h2 id="parts-heading" className="text-title">
        {t('quote.parts.heading')}
      </h2>
      <Table
        aria-labelledby="parts-heading"
        onRowAction={(key: Key) => onConfigure(String(key))}
        selectionMode={onCheckedChange ? 'multiple' : 'none'}
        selectionBehavior="toggle"
        selectedKeys={selectedKeys}
        onSelectionChange={onSelectionChange}
        className="max-sm:block"
      >
        {header}
        {/* Rows are cached by object: whatever else a row's render reads is a dependency. */}
        <TableBody items={rows} className="max-sm:block" dependencies={[selectedId, projectId, dash, t, format, onConfigure, onRemove, onRetry]}>
          {(row) => (
            <Row
              id={row.id}
              textValue={row.name}
              className="max-sm:flex max-sm:flex-col max-sm:gap-1 max-sm:border-b max-sm:border-neutral-200 max-sm:py-2"
            >
              <Cell className="px-2.5 max-sm:block max-sm:border-0 max-sm:py-1">
                <div className="flex items-start gap-2">
                  <PartThumbnail projectId={projectId} fileId={row.fileId} />
                  <div className="flex min-w-0 flex-col items-start">
                    {/* The name configures its part, whatever is ticked (a ticked table's rows tick on a press). */}
                    <Button
                      variant="quiet"
                      className="min-w-0 px-1 py-0 text-start font-medium break-words text-neutral-900"
                      aria-current={row.id === selectedId ? 'true' : undefined}
                      onPress={() => onConfigure(row.id)}
                    >
                      {row.name}
                    </Button>
                    {row.assembly && <span className="px-1 text-caption break-words text-neutral-600">{t('quote.parts.inAssembly', { assembly: row.assembly })}</span>}
                    {row.id === selectedId && <span className="px-1 text-caption font-medium text-brand-700">{t('quote.parts.configuring')}</span>}
                  </div>
                </div>
              </Cell>
              <Cell className="px-2.5 max-sm:block max-sm:border-0 max-sm:py-1">
                <StatusCell row={row} />
                <span className="mt-1 flex flex-wrap gap-1">
                  {row.attention?.kind === 'upload-failed' && (
                    <Button variant="secondary" className="px-2 py-0 text-caption" onPress={() => onRetry(row.id)}>
                      {t('common.tryAgain')}
                    </Button>
                  )}
                  <Button variant="quiet" className="-ml-1 px-1 py-0 text-caption" aria-label={t('quote.upload.removeFile', { name: row.name })} onPress={() => onRemove(row.id)}>
                    {t('common.remove')}
                  </Button>
                </span>
              </Cell>
              <Cell align="end" className="px-2.5 max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:border-0 max-sm:py-0.5">
                <Stacked label={t('quote.parts.column.quantity')}>
                  {row.quantity === null ? dash : format.number(row.quantity)}
                  {row.perAssembly !== null && <span className="block text-caption text-neutral-600">{t('quote.parts.perAssembly', { count: row.perAssembly })}</span>}
                </Stacked>
              </Cell>
              <Cell align="end" className="px-2.5 max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:border-0 max-sm:py-0.5">
                <Stacked label={t('quote.parts.column.unitPrice')}>{row.unitPriceCents === null ? dash : format.money(row.unitPriceCents)}</Stacked>
              </Cell>
              <Cell align="end" className="px-2.5 max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:border-0 max-sm:py-0.5">
                <Stacked label={t('quote.parts.column.lineTotal')}>{row.totalCents === null ? dash : format.money(row.totalCents)}</Stacked>
              </Cell>
              <Cell className="px-2.5 max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:border-0 max-sm:py-0.5">
                <Stacked label={t('quote.parts.column.leadTime')}>
                  {row.leadDays === null || !row.shipDate ? (
                    dash
                  ) : (
                    <>
                      <span className="block">{t('quote.parts.leadDays', { days: row.leadDays })}</span>
                      <span className="block text-caption text-neutral-600">{t('quote.parts.ships', { date: format.date(row.shipDate) })}</span>
                    </>
                  )}
                </Stacked>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      <QuoteTotal totals={totals}>{footer}</QuoteTotal>
    </section>
  );
});

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
  const picture = asyncState(useQuery({ queryKey: queryKeys.thumbnails.part(projectId, fileId), queryFn: ({ signal }) => getPartThumbnail(projectId, fileId, signal) }));
  const blob = picture.status === 'success' ? picture.data : null;
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!url) {
    return (
      <div aria-hidden className={`${frame} text-neutral-500 ${picture.status === 'loading' ? 'motion-safe:animate-pulse' : ''}`}>
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

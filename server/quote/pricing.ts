import { formatUsd } from '#domain/pricing/money';
import { REPRICE_AFTER_HOURS } from '#domain/rules/project-rules';
import { quotePart, type QuoteResult } from '#domain/pricing/quote-part';
import type { ProcessSlug } from '#domain/catalogue/types';
import { defaultConfiguration, type PartConfiguration } from '#domain/rules/quote-configuration';
import { iso } from '../clock.ts';
import { HttpError } from '../errors.ts';
import { fileFindings, fileMetrics, type FileRow } from './records.ts';

/** What a customer reads when a line or an order passes the ceiling. */
export function orderCeilingMessage(maxOrderCents: number): string {
  return `Orders above ${formatUsd(maxOrderCents)} are quoted by our team: choose a smaller quantity, or contact us for a quote.`;
}

/**
 * A quote above the ceiling gets the ceiling's message instead of a price (issue 12 item 12): no
 * price or total, only the price breaks under the ceiling, not orderable, the message under
 * `quantity` (the field to change).
 */
export function withOrderCeiling(result: QuoteResult, maxOrderCents: number): QuoteResult {
  if (result.totalCents === null || result.totalCents <= maxOrderCents) return result;
  const message = orderCeilingMessage(maxOrderCents);
  const errors = result.validation.errors;
  return {
    ...result,
    price: null,
    unitPriceCents: null,
    totalCents: null,
    priceBreaks: result.priceBreaks.filter((row) => row.totalCents <= maxOrderCents),
    validation: { ...result.validation, valid: false, errors: { ...errors, quantity: errors.quantity?.length ? errors.quantity : [message] } },
    certainty: { final: false, notes: [message, ...result.certainty.notes] },
    orderable: false,
  };
}

/**
 * The price that counts (ADR 042): the domain's `quotePart`, run by the server on its own copy of
 * the geometry (metrics and findings from its own analysis), for the order time `at`, under the
 * order ceiling.
 */
export function priceFile(file: Pick<FileRow, 'metrics' | 'findings' | 'name'>, configuration: PartConfiguration, at: Date, maxOrderCents: number): QuoteResult {
  const metrics = fileMetrics(file);
  if (!metrics) {
    const first = fileFindings(file).find((f) => f.severity === 'error');
    const message = `"${file.name}" could not be read, so it cannot be priced${first ? `: ${first.message}` : '.'}`;
    throw new HttpError(422, message, { file: [message] });
  }
  return withOrderCeiling(quotePart(metrics, configuration, at, { geometryFindings: fileFindings(file) }), maxOrderCents);
}

/**
 * A measured part's first configuration and price (ADR 257): its service's defaults, as the
 * browser's configurator starts, priced with the server's own metrics. The upload answers them, so
 * a configurator nobody has changed has its confirmed price without saving it first. Nulls when the
 * file has no metrics (unreadable: no price).
 */
export function defaultsPriced(file: Pick<FileRow, 'metrics' | 'findings' | 'name'>, process: ProcessSlug, at: Date, maxOrderCents: number): Pick<FileRow, 'configuration' | 'quote' | 'priced_at'> {
  if (!file.metrics) return { configuration: null, quote: null, priced_at: null };
  const configuration = defaultConfiguration(process);
  return { configuration: JSON.stringify(configuration), quote: JSON.stringify(priceFile(file, configuration, at, maxOrderCents)), priced_at: iso(at) };
}

/** Priced longer ago than REPRICE_AFTER_HOURS: the ship date (and possibly the price) moved on. */
export function isStale(pricedAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(pricedAt) >= REPRICE_AFTER_HOURS * 3600 * 1000;
}

/** The cart and document columns of a priced result (only orderable results reach them). */
export function pricedColumns(result: QuoteResult): {
  unit_price_cents: number;
  total_cents: number;
  currency: string;
  lead_time_days: number;
  ship_date: string;
} {
  return {
    unit_price_cents: result.unitPriceCents ?? 0,
    total_cents: result.totalCents ?? 0,
    currency: result.currency,
    lead_time_days: result.leadTime?.totalWorkingDays ?? 0,
    ship_date: result.shipDate ?? '',
  };
}

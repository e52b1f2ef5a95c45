import { REPRICE_AFTER_HOURS } from '#domain/rules/project-rules';
import { quotePart, type QuoteResult } from '#domain/pricing/quote-part';
import type { PartConfiguration } from '#domain/rules/quote-configuration';
import { HttpError } from '../errors.ts';
import { fileFindings, fileMetrics, type FileRow } from './records.ts';

/**
 * The price that counts (ADR 042): the domain's `quotePart`, run by the server on its own copy of
 * the geometry (metrics and findings from its own analysis), for the order time `at`.
 */
export function priceFile(file: Pick<FileRow, 'metrics' | 'findings' | 'name'>, configuration: PartConfiguration, at: Date): QuoteResult {
  const metrics = fileMetrics(file);
  if (!metrics) {
    const first = fileFindings(file).find((f) => f.severity === 'error');
    const message = `"${file.name}" could not be read, so it cannot be priced${first ? `: ${first.message}` : '.'}`;
    throw new HttpError(422, message, { file: [message] });
  }
  return quotePart(metrics, configuration, at, { geometryFindings: fileFindings(file) });
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

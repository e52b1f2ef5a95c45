/** Every paginated list of the API (spec section 3): the page asked for and the total count. */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from '../rules/paging-rules.ts';
import { described } from './fields.ts';

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}


/** A whole number from `min` to `max` in a query string ("2") or a body (2), with one message for every way it can be wrong. */
function wholeNumber(label: string, min: number, max: number) {
  const message = `${label} must be a whole number from ${min} to ${max}.`;
  return z.coerce
    .number<string | number>({ error: () => message })
    .int({ error: () => message })
    .min(min, { error: () => message })
    .max(max, { error: () => message });
}

/** `page` and `pageSize` of a query string (or a body): whole numbers, defaults 1 and 10. */
export const PageQuerySchema = z.object({
  page: described(wholeNumber('Page', 1, MAX_PAGE), 'From 1 (default 1).').optional(),
  pageSize: described(wholeNumber('Page size', 1, MAX_PAGE_SIZE), `From 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

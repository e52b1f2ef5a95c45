/** Every paginated list of the API (spec section 3): the page asked for and the total count. */
import { z } from 'zod';
import { described } from './fields.ts';

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** Far beyond any list a customer has; bounds the offset a query can ask for. */
export const MAX_PAGE = 100_000;

/** `page` and `pageSize` of a query string (or a body): whole numbers, defaults 1 and 10. */
export const PageQuerySchema = z.object({
  page: described(z.coerce.number<string | number>().int().min(1).max(MAX_PAGE), 'From 1 (default 1).').optional(),
  pageSize: described(z.coerce.number<string | number>().int().min(1).max(MAX_PAGE_SIZE), `From 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

import type { SelectQueryBuilder } from 'kysely';
import type { Page, PageQuery } from '#domain/api/paging';
import { DEFAULT_PAGE_SIZE } from '#domain/rules/paging-rules';

export interface Paging {
  page: number;
  pageSize: number;
  offset: number;
}

/** `page` from 1 and `pageSize` (default 10) as the query asked; the shape check bounded both. */
export function toPaging(query: PageQuery | undefined): Paging {
  const page = query?.page ?? 1;
  const pageSize = query?.pageSize ?? DEFAULT_PAGE_SIZE;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** What `rows` hands back: a query that can be limited, offset and run (any Kysely select). */
interface Pageable<Row> {
  limit(limit: number): { offset(offset: number): { execute(): Promise<Row[]> } };
}

/**
 * One page of a list, the same on SQLite and PostgreSQL: `filtered` is the rows the caller may
 * see (with its where clauses, nothing selected yet), counted for the total; `rows` selects and
 * orders them (joins included), and one page of it is read and mapped to the list's items.
 * Every paged list of the API answers through here (spec section 3: list, total, page, pageSize).
 */
export async function paginate<DB, TB extends keyof DB, O, Row, Item>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  query: PageQuery | undefined,
  rows: (filtered: SelectQueryBuilder<DB, TB, O>) => Pageable<Row>,
  toItem: (row: Row) => Item | Promise<Item>,
): Promise<Page<Item>> {
  const { page, pageSize, offset } = toPaging(query);
  const counted = await filtered.select((eb) => eb.fn.countAll<number | string | bigint>().as('total')).executeTakeFirstOrThrow();
  const found = await rows(filtered).limit(pageSize).offset(offset).execute();
  const list = await Promise.all(found.map(toItem));
  return { list, total: Number((counted as unknown as { total: number | string | bigint }).total), page, pageSize };
}

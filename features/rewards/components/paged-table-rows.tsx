import type { Page } from '#domain/api/paging';
import { useT } from '#lib/i18n/i18n';
import { EmptyState } from '#ui/empty-state';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '#ui/table';
import type { PagedTableProps } from './paged-table.tsx';

export interface PagedTableRowsProps<T extends { id: string }> extends Pick<PagedTableProps<T>, 'label' | 'columns' | 'emptyTitle' | 'emptyBody' | 'emptyAction'> {
  data: Page<T> | null;
  isLoading: boolean;
}

/** The table of a paged list (paged-table.tsx), a chunk fetched beside the list's first page (ADR 140). */
export function PagedTableRows<T extends { id: string }>({ label, columns, emptyTitle, emptyBody, emptyAction, data, isLoading }: PagedTableRowsProps<T>) {
  const t = useT();
  return (
    <Table aria-label={label}>
      <TableHeader columns={columns}>
        {(column) => (
          <Column id={column.id} isRowHeader={column.isRowHeader ?? false} {...(column.align ? { align: column.align } : {})}>
            {column.label}
          </Column>
        )}
      </TableHeader>
      <TableBody
        items={data?.list ?? []}
        dependencies={[columns]}
        isLoading={isLoading}
        loadingLabel={t('common.loading')}
        emptyState={<EmptyState level={3} title={emptyTitle} description={emptyBody} action={emptyAction} />}
      >
        {(item) => (
          <Row id={item.id} columns={columns}>
            {(column) => <Cell className={column.align === 'end' ? 'text-end tabular-nums' : undefined}>{column.cell(item)}</Cell>}
          </Row>
        )}
      </TableBody>
    </Table>
  );
}

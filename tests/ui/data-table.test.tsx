import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataCell, DataColumn, DataRow, DataTable, DataTableBody, DataTableHeader } from '#ui/data-table';

const rows = [
  { id: 'a', order: 'W10231', amount: '$459.00' },
  { id: 'b', order: 'W10244', amount: '$120.50' },
];

function Orders({ items = rows, isLoading = false }: { items?: typeof rows; isLoading?: boolean }) {
  return (
    <DataTable aria-label="Orders">
      <DataTableHeader>
        <DataColumn>Order</DataColumn>
        <DataColumn align="end">Amount</DataColumn>
      </DataTableHeader>
      <DataTableBody items={items} columnCount={2} isLoading={isLoading} loadingLabel="Loading orders…" emptyState="No orders yet">
        {(row) => (
          <DataRow>
            <DataCell isRowHeader>{row.order}</DataCell>
            <DataCell align="end">{row.amount}</DataCell>
          </DataRow>
        )}
      </DataTableBody>
    </DataTable>
  );
}

describe('DataTable (ADR 269)', () => {
  it('is a table a screen reader reads by its columns, each row named by its row header', () => {
    render(<Orders />);
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Order', 'Amount']);
    expect(within(table).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['W10231', 'W10244']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // Not a grid: nothing of it takes arrow keys, and only its scrolling box is a tab stop.
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.getByRole('group', { name: 'Orders' })).toHaveAttribute('tabindex', '0');
  });

  it('right-aligns an end column and its cells, in tabular figures', () => {
    render(<Orders />);
    expect(screen.getByRole('columnheader', { name: 'Amount' }).className).toContain('text-end');
    expect(screen.getByRole('columnheader', { name: 'Order' }).className).not.toContain('text-end');
    const amount = screen.getByRole('cell', { name: '$459.00' });
    expect(amount.className).toContain('text-end');
    expect(amount.className).toContain('tabular-nums');
  });

  it('says it is loading, then what an empty list means, in one row across every column', () => {
    const { rerender } = render(<Orders items={[]} isLoading />);
    const loading = screen.getByRole('progressbar', { name: 'Loading orders…' });
    expect(loading.closest('td')).toHaveAttribute('colspan', '2');
    rerender(<Orders items={[]} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('cell', { name: 'No orders yet' })).toHaveAttribute('colspan', '2');
  });
});

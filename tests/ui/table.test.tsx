import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '#ui/table';

describe('Table: numeric columns', () => {
  it('right-aligns an align="end" column and its cells, in tabular figures', async () => {
    render(
      <Table aria-label="Orders">
        <TableHeader>
          <Column isRowHeader>Order ID</Column>
          <Column align="end">Amount</Column>
        </TableHeader>
        <TableBody>
          <Row id="1">
            <Cell>10231</Cell>
            <Cell align="end">$459.00</Cell>
          </Row>
        </TableBody>
      </Table>,
    );
    const amountHeader = await screen.findByRole('columnheader', { name: 'Amount' });
    expect(amountHeader.className).toContain('text-end');
    expect(screen.getByRole('columnheader', { name: 'Order ID' }).className).not.toContain('text-end');
    const amount = screen.getByRole('gridcell', { name: '$459.00' });
    expect(amount.className).toContain('text-end');
    expect(amount.className).toContain('tabular-nums');
  });
});

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

describe('Table: rows chosen with checkboxes', () => {
  it('adds a selection column with "select all" and a box per row; ticking one reports its key', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const chosen: string[][] = [];
    render(
      <Table aria-label="Parts" selectionMode="multiple" selectionBehavior="toggle" onSelectionChange={(keys) => chosen.push(keys === 'all' ? ['all'] : [...keys].map(String))}>
        <TableHeader>
          <Column isRowHeader>Part</Column>
        </TableHeader>
        <TableBody>
          <Row id="a">
            <Cell>bracket.stl</Cell>
          </Row>
          <Row id="b">
            <Cell>lid.stl</Cell>
          </Row>
        </TableBody>
      </Table>,
    );
    expect(screen.getAllByRole('columnheader')).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: 'Select All' })).toBeInTheDocument();
    const boxes = screen.getAllByRole('checkbox', { name: /Select/ });
    expect(boxes).toHaveLength(3);
    await userEvent.setup().click(boxes[2]!);
    expect(chosen.at(-1)).toEqual(['b']);
  });

  it('a table without selection has no checkbox column', () => {
    render(
      <Table aria-label="Plain">
        <TableHeader>
          <Column isRowHeader>Part</Column>
        </TableHeader>
        <TableBody>
          <Row id="a">
            <Cell>bracket.stl</Cell>
          </Row>
        </TableBody>
      </Table>,
    );
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getAllByRole('columnheader')).toHaveLength(1);
  });
});

import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { PartsTable } from '#features/quote/components/parts-table';
import { MIXED } from '../../../stories/features/quote/parts-table.stories.tsx';
import { WithQueryClient } from '../../support/query-client.tsx';

vi.mock('#features/quote/api', () => ({ getPartThumbnail: () => Promise.reject(new Error('no picture')) }));

test('a row per part, named apart, with its status and values; the quote’s total; a part’s name configures it, by pointer or keyboard', { timeout: 20_000 }, async () => {
  const onConfigure = vi.fn();
  render(<PartsTable rows={MIXED} projectId="project-1" selectedId="p1" onConfigure={onConfigure} onRemove={vi.fn()} onRetry={vi.fn()} />, { wrapper: WithQueryClient });
  const table = screen.getByRole('table', { name: 'Parts of this quote' });
  expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Part', 'Status', 'Quantity', 'Unit price', 'Line total', 'Lead time']);
  const rod = within(table).getByRole('row', { name: 'as1 / rod in as1-oc-214.stp' });
  expect(within(rod).getByRole('rowheader')).toHaveTextContent('as1 / rodin as1-oc-214.stp');
  expect(within(rod).getAllByRole('cell').map((c) => c.textContent)).toEqual(
    expect.arrayContaining(['PricedColour to choose before orderingRemove', 'Quantity82 per assembly', 'Unit price$4.20', 'Line total$33.60']),
  );
  expect(within(table).getByRole('row', { name: 'bracket.stl Being configured' })).toHaveTextContent('Being configured');
  expect(screen.getByTestId('quote-total')).toHaveTextContent('Quote total: $157.60 for 2 priced parts');
  // No boxes without a change to several parts to make.
  expect(screen.queryByRole('checkbox')).toBeNull();

  const user = userEvent.setup();
  await user.click(within(table).getByRole('button', { name: 'spacer.stl' }));
  expect(onConfigure).toHaveBeenLastCalledWith('p5');
  // A press anywhere on a row configures its part too; its buttons keep their own.
  await user.click(within(table).getByText('The part is 1,000 × 1,000 × 1,000 mm: larger than every machine of this service.'));
  expect(onConfigure).toHaveBeenLastCalledWith('p4');
  onConfigure.mockClear();
  await user.click(within(table).getByRole('button', { name: 'Remove spacer.stl' }));
  expect(onConfigure).not.toHaveBeenCalled();
  // By keyboard: Tab from housing.step's name reaches its Remove button, then spacer.stl's name; Enter.
  act(() => within(table).getByRole('button', { name: 'housing.step' }).focus());
  await user.tab();
  expect(within(table).getByRole('button', { name: 'Remove housing.step' })).toHaveFocus();
  await user.tab();
  expect(within(table).getByRole('button', { name: 'spacer.stl' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(onConfigure).toHaveBeenLastCalledWith('p5');
});

test('with parts to tick: a box a row and one for them all; a press on a row still configures its part', { timeout: 20_000 }, async () => {
  const onConfigure = vi.fn();
  const onCheckedChange = vi.fn();
  const rows = MIXED.slice(0, 3);
  const { rerender } = render(
    <PartsTable rows={rows} projectId="project-1" selectedId={null} onConfigure={onConfigure} onRemove={vi.fn()} onRetry={vi.fn()} checked={new Set(['p1'])} onCheckedChange={onCheckedChange} />,
    { wrapper: WithQueryClient },
  );
  const user = userEvent.setup();
  const all = screen.getByRole('checkbox', { name: 'Select all parts' });
  expect(all).toBePartiallyChecked();
  expect(screen.getByRole('checkbox', { name: 'Select bracket.stl' })).toBeChecked();
  // Ticking a row adds it in the table's order.
  await user.click(screen.getByRole('checkbox', { name: 'Select as1 / rod in as1-oc-214.stp' }));
  expect(onCheckedChange).toHaveBeenLastCalledWith(['p1', 'p2']);
  expect(onConfigure).not.toHaveBeenCalled();
  await user.click(screen.getByText('$33.60'));
  expect(onConfigure).toHaveBeenLastCalledWith('p2');
  await user.click(all);
  expect(onCheckedChange).toHaveBeenLastCalledWith(rows.map((r) => r.id));
  rerender(
    <PartsTable rows={rows} projectId="project-1" selectedId={null} onConfigure={onConfigure} onRemove={vi.fn()} onRetry={vi.fn()} checked={new Set(rows.map((r) => r.id))} onCheckedChange={onCheckedChange} />,
  );
  expect(screen.getByRole('checkbox', { name: 'Select all parts' })).toBeChecked();
  // By keyboard: Space on a row's box unticks it.
  act(() => screen.getByRole('checkbox', { name: 'Select bracket.stl' }).focus());
  await user.keyboard(' ');
  expect(onCheckedChange).toHaveBeenLastCalledWith(rows.map((r) => r.id).filter((id) => id !== 'p1'));
  await user.click(screen.getByRole('checkbox', { name: 'Select all parts' }));
  expect(onCheckedChange).toHaveBeenLastCalledWith([]);
});

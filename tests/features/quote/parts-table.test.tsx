import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { PartsTable } from '#features/quote/components/parts-table';
import { MIXED } from '../../../stories/features/quote/parts-table.stories.tsx';
import { WithQueryClient } from '../../support/query-client.tsx';

vi.mock('#features/quote/api', () => ({ getPartThumbnail: () => Promise.reject(new Error('no picture')) }));

test('a row per part, named apart, with its status and values; the quote’s total; a row chosen by keyboard configures its part', { timeout: 20_000 }, async () => {
  const onConfigure = vi.fn();
  render(<PartsTable rows={MIXED} projectId="project-1" selectedId="p1" onConfigure={onConfigure} onRemove={vi.fn()} onRetry={vi.fn()} />, { wrapper: WithQueryClient });
  const table = screen.getByRole('grid', { name: 'Parts of this quote' });
  expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Part', 'Status', 'Quantity', 'Unit price', 'Line total', 'Lead time']);
  const rod = within(table).getByRole('row', { name: /as1 \/ rod in as1-oc-214\.stp/ });
  expect(within(rod).getAllByRole('gridcell').map((c) => c.textContent)).toEqual(
    expect.arrayContaining(['PricedColour to choose before orderingRemove', 'Quantity82 per assembly', 'Unit price$4.20', 'Line total$33.60']),
  );
  expect(within(table).getByRole('row', { name: /bracket\.stl/ })).toHaveTextContent('Being configured');
  expect(screen.getByTestId('quote-total')).toHaveTextContent('Quote total: $157.60 for 2 priced parts');

  const user = userEvent.setup();
  await user.click(within(table).getByRole('button', { name: 'spacer.stl' }));
  expect(onConfigure).toHaveBeenLastCalledWith('p5');
  // A press anywhere on a row configures its part too.
  await user.click(within(table).getByText('The part is 1,000 × 1,000 × 1,000 mm: larger than every machine of this service.'));
  expect(onConfigure).toHaveBeenLastCalledWith('p4');
  // By keyboard: from housing.step's row down to spacer.stl's, Enter.
  act(() => within(table).getByRole('row', { name: /^housing\.step/ }).focus());
  await user.keyboard('{ArrowDown}{Enter}');
  expect(onConfigure).toHaveBeenLastCalledWith('p5');
});

test('with parts ticked, a press on a row ticks it; its name still configures it', { timeout: 20_000 }, async () => {
  const onConfigure = vi.fn();
  const onCheckedChange = vi.fn();
  render(
    <PartsTable rows={MIXED.slice(0, 3)} projectId="project-1" selectedId={null} onConfigure={onConfigure} onRemove={vi.fn()} onRetry={vi.fn()} checked={new Set(['p1'])} onCheckedChange={onCheckedChange} />,
    { wrapper: WithQueryClient },
  );
  const user = userEvent.setup();
  await user.click(screen.getByText('$33.60'));
  expect(onCheckedChange).toHaveBeenLastCalledWith(['p1', 'p2']);
  await user.click(screen.getByRole('button', { name: 'as1 / rod' }));
  expect(onConfigure).toHaveBeenCalledWith('p2');
  expect(screen.getByRole('checkbox', { name: /Select as1 \/ rod in as1-oc-214\.stp/ })).toBeInTheDocument();
});

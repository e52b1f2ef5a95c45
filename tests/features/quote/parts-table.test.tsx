import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { PartsTable } from '#features/quote/components/parts-table';
import { MIXED } from '../../../stories/features/quote/parts-table.stories.tsx';

vi.mock('#features/quote/api', () => ({ getPartThumbnail: () => Promise.reject(new Error('no picture')) }));

test('a row per part, named apart, with its status and values; the quote’s total; a row chosen by keyboard configures its part', async () => {
  const onConfigure = vi.fn();
  render(<PartsTable rows={MIXED} projectId="project-1" selectedId="p1" onConfigure={onConfigure} onRemove={vi.fn()} onRetry={vi.fn()} />);
  const table = screen.getByRole('grid', { name: 'Parts of this quote' });
  expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Part', 'Status', 'Quantity', 'Unit price', 'Line total', 'Lead time', 'Actions']);
  const rod = within(table).getByRole('row', { name: /as1 \/ rod in as1-oc-214\.stp/ });
  expect(within(rod).getAllByRole('gridcell').map((c) => c.textContent)).toEqual(
    expect.arrayContaining(['PricedColour to choose before ordering', 'Quantity8', 'Unit price$4.20', 'Line total$33.60']),
  );
  expect(within(table).getByRole('row', { name: /bracket\.stl/ })).toHaveTextContent('Being configured');
  expect(screen.getByTestId('quote-total')).toHaveTextContent('Quote total: $157.60 for 2 priced parts');

  const user = userEvent.setup();
  await user.click(within(table).getByText('spacer.stl'));
  expect(onConfigure).toHaveBeenLastCalledWith('p5');
  await user.keyboard('{ArrowUp}{Enter}');
  expect(onConfigure).toHaveBeenLastCalledWith('p4');
});

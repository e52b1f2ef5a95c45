import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Pagination, clampPage, pageAfterResize, pageCount, pageRange } from '#ui/pagination';

describe('pagination arithmetic', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(64, 10)).toBe(7);
    expect(pageCount(70, 10)).toBe(7);
    expect(pageCount(71, 10)).toBe(8);
    expect(pageCount(0, 10)).toBe(1);
    expect(() => pageCount(10, 0)).toThrow(RangeError);
  });
  it('clamps the page into range', () => {
    expect(clampPage(0, 64, 10)).toBe(1);
    expect(clampPage(9, 64, 10)).toBe(7);
    expect(clampPage(3, 64, 10)).toBe(3);
  });
  it('gives the 1-based item range of a page', () => {
    expect(pageRange(2, 10, 64)).toEqual({ first: 11, last: 20 });
    expect(pageRange(7, 10, 64)).toEqual({ first: 61, last: 64 });
    expect(pageRange(1, 10, 0)).toEqual({ first: 0, last: 0 });
  });
  it('keeps the first shown item visible when the page size changes', () => {
    expect(pageAfterResize(3, 10, 20, 64)).toBe(2); // item 21
    expect(pageAfterResize(2, 20, 10, 64)).toBe(3); // item 21
    expect(pageAfterResize(7, 10, 50, 64)).toBe(2); // item 61
  });
});

function Harness() {
  const [page, setPage] = useState(1);
  return <Pagination page={page} pageSize={10} total={64} onPageChange={setPage} />;
}

describe('<Pagination>', () => {
  it('says "Page 2 of 7" after Next, and disables the ends', async () => {
    render(<Harness />);
    expect(screen.getByText('Page 1 of 7')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 2 of 7')).toBeInTheDocument();
    expect(screen.getByText('11–20 of 64')).toBeInTheDocument();
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { decades, LineChart } from '#ui/line-chart';

const points = [
  { x: 1, y: 1200 },
  { x: 10, y: 800 },
  { x: 100, y: 500 },
  { x: 25, y: 700 },
];

describe('LineChart', () => {
  it('is one image named by its summary, with nothing focusable inside', () => {
    render(<LineChart points={points} summary="Unit price falls from $12 to $5" formatX={String} formatY={(y) => `$${y / 100}`} logX markedX={25} describedBy="the-table" />);
    const chart = screen.getByRole('img', { name: 'Unit price falls from $12 to $5' });
    expect(chart).toHaveAttribute('aria-describedby', 'the-table');
    expect(chart.querySelectorAll('[tabindex], a, button')).toHaveLength(0);
    expect(chart.querySelectorAll('circle[data-x]')).toHaveLength(4);
  });

  it('marks the chosen point with its values, and marks nothing for an x it does not have', () => {
    const { container, rerender } = render(<LineChart points={points} summary="s" formatX={(x) => `${x} pcs`} formatY={(y) => `$${y / 100}`} logX markedX={25} />);
    expect(container.querySelector('[data-marked="25"]')).toHaveTextContent('25 pcs · $7');
    rerender(<LineChart points={points} summary="s" formatX={(x) => `${x} pcs`} formatY={(y) => `$${y / 100}`} logX markedX={3} />);
    expect(container.querySelector('[data-marked]')).toBeNull();
  });

  it('draws the line left to right whatever the points’ order, lower prices lower', () => {
    const { container } = render(<LineChart points={points} summary="s" formatX={String} formatY={String} logX />);
    const d = container.querySelector('path')!.getAttribute('d')!;
    const xy = [...d.matchAll(/[ML]([\d.]+),([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(xy.map(([x]) => x)).toEqual([...xy.map(([x]) => x!)].sort((a, b) => a - b));
    // SVG y grows downwards: a falling price climbs down the picture.
    expect(xy.map(([, y]) => y)).toEqual([...xy.map(([, y]) => y!)].sort((a, b) => a - b));
  });

  it('draws nothing without points', () => {
    const { container } = render(<LineChart points={[]} summary="s" formatX={String} formatY={String} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('decades', () => {
  it('ticks the powers of ten between the ends', () => {
    expect(decades(1, 1000)).toEqual([1, 10, 100, 1000]);
    expect(decades(3, 5000)).toEqual([10, 100, 1000]);
  });
  it('falls back to the ends when fewer than two powers lie between', () => {
    expect(decades(2, 8)).toEqual([2, 8]);
    expect(decades(5, 50)).toEqual([5, 10, 50]);
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '#domain/orders/order-status';
import { StatusBadge, statusLooks, statusTone } from '#ui/status-badge';

describe('statusTone', () => {
  it('maps order statuses given as words or identifiers', () => {
    expect(statusTone('Pending payment')).toBe('warning');
    expect(statusTone('pending_payment')).toBe('warning');
    expect(statusTone('awaiting_transfer')).toBe('warning');
    expect(statusTone('in_production')).toBe('info');
    expect(statusTone('Delivered')).toBe('success');
    expect(statusTone('cancelled')).toBe('danger');
    expect(statusTone('something new')).toBe('neutral');
  });
});

/** The drawing of a badge's icon, to compare shapes. */
function iconOf(label: string, status?: string): string {
  const { container, unmount } = render(<StatusBadge status={status}>{label}</StatusBadge>);
  const svg = container.querySelector('svg')!.innerHTML;
  unmount();
  return svg;
}

describe('<StatusBadge>', () => {
  it('always shows the status as text', () => {
    render(<StatusBadge tone="danger">Payment failed</StatusBadge>);
    expect(screen.getByText('Payment failed')).toBeVisible();
  });

  it('gives every order status of the lifecycle its own look, and its own icon shape', () => {
    for (const status of ORDER_STATUSES) expect(statusLooks[status.replace(/_/g, ' ')], status).toBeDefined();
    const shapes = ORDER_STATUSES.map((status) => iconOf(status, status));
    expect(new Set(shapes).size).toBe(ORDER_STATUSES.length);
  });

  it('draws "In production" and "Shipped" differently although they share a tone', () => {
    expect(statusTone('In production')).toBe(statusTone('Shipped'));
    expect(iconOf('In production')).not.toBe(iconOf('Shipped'));
  });

  it('picks the look by the identifier when the label is translated', () => {
    expect(iconOf('Expédiée', 'shipped')).toBe(iconOf('Shipped'));
    render(<StatusBadge status="cancelled">Annulée</StatusBadge>);
    expect(screen.getByText('Annulée').className).toContain('text-danger-700');
  });

  it('keeps the icon hidden from screen readers: the words carry the status', () => {
    const { container } = render(<StatusBadge>Shipped</StatusBadge>);
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden');
  });
});

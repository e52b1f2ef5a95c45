import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge, statusTone } from '#ui/status-badge';

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

describe('<StatusBadge>', () => {
  it('always shows the status as text', () => {
    render(<StatusBadge tone="danger">Payment failed</StatusBadge>);
    expect(screen.getByText('Payment failed')).toBeVisible();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import type { Assembly } from '#domain/api/quote';
import { AssemblyNotice } from '#features/quote/components/assembly-notice';

const as1: Assembly = {
  bodyCount: 18,
  partCount: 5,
  parts: [
    { name: 'Nut', count: 8 },
    { name: 'Bolt', count: 6 },
    { name: 'L-bracket', count: 2 },
    { name: 'Rod', count: 1 },
    { name: 'Plate', count: 1 },
  ],
  offered: true,
};

test('says what the file holds, and both choices are buttons reached and pressed by keyboard', async () => {
  const onSplit = vi.fn();
  const onKeep = vi.fn();
  render(<AssemblyNotice assembly={as1} onSplit={onSplit} onKeep={onKeep} pending={null} error={null} />);
  expect(screen.getByRole('region', { name: 'Several parts in one file' })).toHaveTextContent(
    'This file holds 18 bodies: 5 different parts (8 × Nut, 6 × Bolt, 2 × L-bracket, 1 × Rod, and 1 × Plate).',
  );
  const user = userEvent.setup();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Split into 5 parts' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(onSplit).toHaveBeenCalledOnce();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Keep as one part' })).toHaveFocus();
  await user.keyboard(' ');
  expect(onKeep).toHaveBeenCalledOnce();
});

test('more parts than listed end with an ellipsis; one part and one body read in the singular; a refusal is an alert', () => {
  const { rerender } = render(
    <AssemblyNotice
      assembly={{ bodyCount: 40, partCount: 25, parts: Array.from({ length: 20 }, (_, i) => ({ name: `Body ${i + 1}`, count: 2 })), offered: true }}
      onSplit={() => {}}
      onKeep={() => {}}
      pending={null}
      error={null}
    />,
  );
  expect(screen.getByText(/25 different parts \(2 × Body 1, .*, and 2 × Body 20, …\)\.$/)).toBeInTheDocument();
  rerender(
    <AssemblyNotice assembly={{ bodyCount: 4, partCount: 1, parts: [{ name: 'Cube', count: 4 }], offered: true }} onSplit={() => {}} onKeep={() => {}} pending={null} error="Refused." />,
  );
  expect(screen.getByText('This file holds 4 bodies: all the same part (4 × Cube).')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Split into 1 part' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('Refused.');
});

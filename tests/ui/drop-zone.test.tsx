import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { FileDropZone } from '#ui/drop-zone';

describe('the drop zone’s own button', () => {
  test.each(['{Enter}', ' '])('opens the file chooser on %s', async (key) => {
    render(<FileDropZone onFiles={() => {}} title="Drop STL or STEP files here" limits="Up to 20 files." />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    const opened = vi.spyOn(input as HTMLInputElement, 'click').mockImplementation(() => {});
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Drop STL or STEP files here' })).toHaveFocus();
    await userEvent.keyboard(key);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  test('the Browse button still opens it once, and other keys do nothing', async () => {
    render(<FileDropZone onFiles={() => {}} title="Drop files" limits="Up to 20 files." />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    const opened = vi.spyOn(input as HTMLInputElement, 'click').mockImplementation(() => {});
    await userEvent.tab();
    await userEvent.keyboard('a');
    expect(opened).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Browse files' }));
    expect(opened).toHaveBeenCalledTimes(1);
  });
});

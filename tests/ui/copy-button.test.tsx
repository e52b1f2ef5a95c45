import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { CopyButton, writeClipboard } from '#ui/copy-button';

const props = { value: 'REF7K2QXM9P', label: 'Copy', accessibleLabel: 'Copy the code REF7K2QXM9P', copiedLabel: 'Copied', failedMessage: 'Unable to copy, please copy it manually.' };

describe('the copy button', () => {
  test('copies the value by keyboard and says so politely; the button keeps its name', async () => {
    const write = vi.fn(async () => {});
    render(<CopyButton {...props} write={write} />);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Copy the code REF7K2QXM9P' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(write).toHaveBeenCalledWith('REF7K2QXM9P');
    expect(await screen.findByRole('status')).toHaveTextContent('Copied');
    expect(screen.getByRole('button', { name: 'Copy the code REF7K2QXM9P' })).toHaveTextContent('Copy');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('a refused clipboard shows the spec’s words as an alert', async () => {
    render(<CopyButton {...props} write={() => Promise.reject(new Error('denied'))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy the code REF7K2QXM9P' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to copy, please copy it manually.');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  test('without a clipboard API the write is refused (an insecure page, an old browser)', async () => {
    const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    try {
      await expect(writeClipboard('x')).rejects.toThrow('The clipboard is not available');
    } finally {
      if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
    }
  });
});

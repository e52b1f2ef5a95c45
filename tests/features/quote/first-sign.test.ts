import { afterEach, describe, expect, test, vi } from 'vitest';
import { onFirstSign } from '#features/quote/first-sign';

afterEach(() => {
  Reflect.deleteProperty(navigator, 'userActivation');
});

describe('the first sign that a file may come (ADR 246)', () => {
  test('waits for the first input or file dragged over the page, then runs once', () => {
    const signs = [
      new PointerEvent('pointerdown', { bubbles: true }),
      new KeyboardEvent('keydown', { key: 'a', bubbles: true }),
      new Event('dragenter', { bubbles: true }),
      // A screen reader's browse mode activates a button with a click alone.
      new MouseEvent('click', { bubbles: true }),
    ];
    for (const event of signs) {
      const run = vi.fn();
      onFirstSign(run);
      document.body.dispatchEvent(new Event('scroll'));
      expect(run).not.toHaveBeenCalled();
      document.body.dispatchEvent(event);
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'b', bubbles: true }));
      expect(run, event.type).toHaveBeenCalledTimes(1);
    }
  });

  test('runs at once when the page already had an input (made before the workspace was there)', () => {
    Object.defineProperty(navigator, 'userActivation', { value: { hasBeenActive: true, isActive: false }, configurable: true });
    const run = vi.fn();
    onFirstSign(run);
    expect(run).toHaveBeenCalledTimes(1);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    expect(run).toHaveBeenCalledTimes(1);
  });

  test('not sticky: an activation the page already had is not a sign, an input on it is (ADR 260)', () => {
    Object.defineProperty(navigator, 'userActivation', { value: { hasBeenActive: true, isActive: false }, configurable: true });
    const run = vi.fn();
    onFirstSign(run, { sticky: false });
    expect(run).not.toHaveBeenCalled();
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(run).toHaveBeenCalledTimes(1);
  });

  test('stopped (the page left) before any sign, it never runs', () => {
    Object.defineProperty(navigator, 'userActivation', { value: { hasBeenActive: false, isActive: false }, configurable: true });
    const run = vi.fn();
    onFirstSign(run)();
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(run).not.toHaveBeenCalled();
  });
});

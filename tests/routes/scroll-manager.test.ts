import { expect, test, vi } from 'vitest';
import { SCROLL_OFFSET_PX, scrollToHash } from '#routes/scroll-manager';

test('a hash anchor lands 100 px below the top', () => {
  document.body.innerHTML = '<div id="finishes"></div>';
  const el = document.getElementById('finishes')!;
  el.getBoundingClientRect = () => ({ top: 640 }) as DOMRect;
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  Object.defineProperty(window, 'scrollY', { value: 200, configurable: true });
  expect(scrollToHash('#finishes')).toBe(true);
  expect(scrollTo).toHaveBeenCalledWith({ top: 640 + 200 - SCROLL_OFFSET_PX });
  expect(SCROLL_OFFSET_PX).toBe(100);
});

test('an unknown or empty hash is not found (the page scrolls to the top instead)', () => {
  document.body.innerHTML = '';
  expect(scrollToHash('#nothing')).toBe(false);
  expect(scrollToHash('')).toBe(false);
});

import { afterEach, beforeEach, expect, test } from 'vitest';
import { installEarlyFiles } from '#lib/early-files-script';
import { countEarlyFiles, takeEarlyFiles } from '#lib/early-files';

// The prerendered quote page's first script (ADR 168), on a page like the one the build writes.

beforeEach(() => {
  document.body.innerHTML = `<div id="root" data-prerendered inert><section><p hidden data-early-files>Your files are kept</p></section></div>`;
});
afterEach(() => {
  delete (window as unknown as Record<string, unknown>).__manufactureEarlyFiles;
  document.body.innerHTML = '';
});

/** A drag event carrying files, as the browser sends one (jsdom has no DataTransfer). */
function drag(type: 'dragover' | 'drop', files: File[]): Event {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', { value: { types: files.length ? ['Files'] : ['text/plain'], files, dropEffect: 'none' } });
  return event;
}

test('a file dropped before the app takes over is kept (not opened by the browser), the page says so, and the app takes it once', () => {
  installEarlyFiles(document, window);
  const cube = new File(['solid cube'], 'cube.stl');
  const over = drag('dragover', [cube]);
  document.body.dispatchEvent(over);
  // A drop is only allowed where dragover was cancelled: the page accepts it, as a copy.
  expect(over.defaultPrevented).toBe(true);
  const drop = drag('drop', [cube]);
  document.body.dispatchEvent(drop);
  expect(drop.defaultPrevented).toBe(true);
  expect(document.querySelector('[data-early-files]')!.hasAttribute('hidden')).toBe(false);
  expect(countEarlyFiles()).toBe(1);
  expect(takeEarlyFiles()).toEqual([cube]);
  expect(takeEarlyFiles()).toEqual([]);
});

test('once the app has taken the page over, a drop is the app’s: the script leaves it alone', () => {
  installEarlyFiles(document, window);
  document.getElementById('root')!.removeAttribute('data-prerendered');
  const drop = drag('drop', [new File(['x'], 'late.stl')]);
  document.body.dispatchEvent(drop);
  expect(drop.defaultPrevented).toBe(false);
  expect(takeEarlyFiles()).toEqual([]);
});

test('a drag without files (text, a link) is not taken', () => {
  installEarlyFiles(document, window);
  const drop = drag('drop', []);
  document.body.dispatchEvent(drop);
  expect(drop.defaultPrevented).toBe(false);
  expect(document.querySelector('[data-early-files]')!.hasAttribute('hidden')).toBe(true);
});

test('a page that was not prerendered (the app draws it from the start) gets no script of this kind', () => {
  document.getElementById('root')!.removeAttribute('data-prerendered');
  installEarlyFiles(document, window);
  expect(countEarlyFiles()).toBe(0);
  const drop = drag('drop', [new File(['x'], 'a.stl')]);
  document.body.dispatchEvent(drop);
  expect(drop.defaultPrevented).toBe(false);
});

import { expect, test } from 'vitest';
import { PROGRESS_INTERVAL_MS, throttledProgress } from '#lib/throttled-progress';

test('progress is reported at most once per interval, and the end and "not known" always', () => {
  let clock = 0;
  const seen: (number | null)[] = [];
  const report = throttledProgress<number | null>((fraction) => seen.push(fraction), PROGRESS_INTERVAL_MS, () => clock);
  // A fast read: 48 reports (one per megabyte of a 48 MB file) within 20 ms.
  for (let i = 1; i <= 48; i++) {
    clock = i * 0.4;
    report(i / 48);
  }
  expect(seen).toEqual([1 / 48, 1]);
  // A slow one: a report every 60 ms gets through every other time.
  seen.length = 0;
  for (let i = 1; i <= 5; i++) {
    clock = 1000 + i * 60;
    report(i / 10);
  }
  expect(seen).toEqual([0.1, 0.3, 0.5]);
  clock += 1;
  report(null);
  expect(seen.at(-1)).toBeNull();
});

import { afterEach, expect, test, vi } from 'vitest';
import { LOCALE } from '#lib/i18n/i18n';

afterEach(() => vi.restoreAllMocks());

test("the locale-data script warms React Aria's locale check and the app's own locale (ADR 242)", async () => {
  vi.resetModules();
  const supported = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
  const numbers = vi.spyOn(Intl, 'NumberFormat');
  await import('#lib/warm-intl-script');
  expect(supported).toHaveBeenCalledWith(expect.arrayContaining([navigator.language, LOCALE]));
  expect(numbers).toHaveBeenCalledWith(LOCALE);
});

test('a locale the browser cannot format does not stop the page', async () => {
  const { warmIntl } = await import('#lib/warm-intl-script');
  expect(() => warmIntl(['not a locale'])).not.toThrow();
});

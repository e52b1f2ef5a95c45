/** `12`, `12.5`, `"1234.50"` US dollars → cents; undefined when it is not an amount. */
export function parseUsd(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return undefined;
  return Math.round(Number(text) * 100);
}

/**
 * Decimal numbers read straight from bytes, as exactly as `Number(text)`: the common case
 * (at most 15 significant digits, a power of ten up to 1e22) is one correctly rounded IEEE
 * multiplication or division (Clinger's fast path); anything else falls back to `Number`.
 */

const POW10 = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));
const MAX_FAST_DIGITS = 15;

/** Set by `parseDecimal`: whether the last token was a number (NaN and Infinity literals count). */
export let lastParseOk = false;

/** The number in bytes[start, end), or NaN with `lastParseOk` false when it is not a number. */
export function parseDecimal(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  let negative = false;
  const sign = bytes[i];
  if (sign === 0x2d || sign === 0x2b) {
    negative = sign === 0x2d;
    i++;
  }
  let mantissa = 0;
  let digits = 0;
  let exponent = 0;
  let sawDigit = false;
  for (; i < end; i++) {
    const d = (bytes[i] as number) - 0x30;
    if (d < 0 || d > 9) break;
    sawDigit = true;
    if (mantissa !== 0 || d !== 0) {
      mantissa = mantissa * 10 + d;
      digits++;
    }
  }
  if (i < end && bytes[i] === 0x2e) {
    for (i++; i < end; i++) {
      const d = (bytes[i] as number) - 0x30;
      if (d < 0 || d > 9) break;
      sawDigit = true;
      if (mantissa !== 0 || d !== 0) {
        mantissa = mantissa * 10 + d;
        digits++;
      }
      exponent--;
    }
  }
  if (!sawDigit) return parseSpecial(bytes, start, end);
  if (i < end && (bytes[i] === 0x65 || bytes[i] === 0x45)) {
    const parsed = parseExponent(bytes, i + 1, end);
    if (parsed === null) return fail();
    exponent += parsed;
    i = end;
  }
  if (i !== end) return fail();
  lastParseOk = true;
  if (mantissa === 0) return negative ? -0 : 0;
  if (digits <= MAX_FAST_DIGITS && exponent >= -22 && exponent <= 22) {
    const magnitude = exponent < 0 ? mantissa / (POW10[-exponent] as number) : mantissa * (POW10[exponent] as number);
    return negative ? -magnitude : magnitude;
  }
  return Number(latin1(bytes, start, end));
}

function parseExponent(bytes: Uint8Array, from: number, end: number): number | null {
  let i = from;
  let negative = false;
  if (bytes[i] === 0x2d || bytes[i] === 0x2b) {
    negative = bytes[i] === 0x2d;
    i++;
  }
  if (i >= end) return null;
  let value = 0;
  for (; i < end; i++) {
    const d = (bytes[i] as number) - 0x30;
    if (d < 0 || d > 9) return null;
    value = Math.min(value * 10 + d, 100_000);
  }
  return negative ? -value : value;
}

/** NaN, Inf and Infinity (any case, optional sign): numbers, though not finite ones. */
function parseSpecial(bytes: Uint8Array, start: number, end: number): number {
  const text = latin1(bytes, start, end).toLowerCase();
  const body = text.replace(/^[+-]/, '');
  if (body === 'nan' || body === '-nan' || body === 'nan(ind)') {
    lastParseOk = true;
    return Number.NaN;
  }
  if (body === 'inf' || body === 'infinity') {
    lastParseOk = true;
    return text.startsWith('-') ? -Infinity : Infinity;
  }
  return fail();
}

function fail(): number {
  lastParseOk = false;
  return Number.NaN;
}

export function latin1(bytes: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(bytes[i] as number);
  return s;
}

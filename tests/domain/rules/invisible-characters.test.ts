import { describe, expect, test } from 'vitest';
import { text } from '#domain/api/fields';
import { hasInvisible, withoutInvisible } from '#domain/rules/invisible-characters';

describe('invisible and bidirectional characters (issue 32 item 11)', () => {
  test('the overrides, isolates, marks, zero-width space, BOM, soft hyphen and controls go; tab and line breaks stay', () => {
    expect(withoutInvisible('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(withoutInvisible('\u2066Ada\u2069 \u200eLovelace\u200f')).toBe('Ada Lovelace');
    expect(withoutInvisible('\ufeffBr\u00adack\u200bet\u2060')).toBe('Bracket');
    expect(withoutInvisible('a\u0000b\u0007c\u009fd')).toBe('abcd');
    expect(withoutInvisible('line one\nline\ttwo\r\n')).toBe('line one\nline\ttwo\r\n');
  });

  test('letters of every script, the joiners Persian and emoji need, and accents stay', () => {
    for (const name of ['名前.stl', 'Zoë Ångström', 'می\u200cخواهم', '👩\u200d🔧 fixture', 'مرحبا', 'שלום']) {
      expect(withoutInvisible(name)).toBe(name);
      expect(hasInvisible(name)).toBe(false);
    }
    expect(hasInvisible('a\u202eb')).toBe(true);
  });

  test('every text field of the API cleans before it trims and measures', () => {
    expect(text(10).parse(' \u202eAda\u202c ')).toBe('Ada');
    expect(text(3).safeParse('\u200b\u200bAda').success).toBe(true);
  });
});

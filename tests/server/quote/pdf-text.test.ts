import { deflateSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { pdfText } from './pdf-text.ts';

describe('pdfText, the tests’ reader of PDFs', () => {
  test('reads a compressed content stream whose last byte is a carriage return (one in 256)', () => {
    let found = false;
    for (let i = 0; i < 20_000 && !found; i++) {
      const z = deflateSync(Buffer.from(`BT [<${Buffer.from(`Hello ${i}`).toString('hex')}>] TJ ET`));
      if (z[z.length - 1] !== 0x0d) continue;
      const pdf = Buffer.concat([Buffer.from('1 0 obj\n<<>>\nstream\n'), z, Buffer.from('\nendstream\nendobj\n')]);
      expect(pdfText(new Uint8Array(pdf))).toBe(`Hello ${i}`);
      found = true;
    }
    expect(found).toBe(true);
  });
});

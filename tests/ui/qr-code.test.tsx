import { render, screen } from '@testing-library/react';
import { renderSVG } from 'uqr';
import { describe, expect, test } from 'vitest';
import { QrCode } from '#ui/qr-code';

describe('QrCode', () => {
  const uri = 'otpauth://totp/Manufacture:ops%40shop.example?secret=JBSWY3DPEHPK3PXP&issuer=Manufacture';

  test('an image named by its label, drawing exactly the modules of the library’s own rendering (not transposed)', () => {
    const { container } = render(<QrCode value={uri} label="QR code of your key" />);
    const image = screen.getByRole('img', { name: 'QR code of your key' });
    const reference = renderSVG(uri, { ecc: 'M', border: 4, pixelSize: 1 });
    expect(image.getAttribute('viewBox')).toBe(/viewBox="([^"]+)"/.exec(reference)?.[1]);
    expect(container.querySelector('path')?.getAttribute('d')).toBe(/<path[^>]* d="([^"]+)"/.exec(reference)?.[1]);
    // The quiet zone is white: no module drawn in the first four rows or columns.
    expect(container.querySelector('path')?.getAttribute('d')).toMatch(/^M4,4h1v1h-1z/);
  });
});

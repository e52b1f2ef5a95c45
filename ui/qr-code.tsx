import { useMemo } from 'react';
import { encode } from 'uqr';
import { twMerge } from './tv.ts';

/**
 * A QR code of `value` (uqr encodes it; drawn here as one SVG path so it follows the page's
 * colours): black modules on a white square with the standard four-module quiet zone, kept black on
 * white in forced colours too, since a scanner needs the contrast. An image named by `label`;
 * whatever it encodes must also be offered as text beside it (a QR code is not readable by everyone).
 */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { path, size } = useMemo(() => {
    const { data, size } = encode(value, { ecc: 'M', border: 4 });
    let d = '';
    data.forEach((row, y) => row.forEach((dark, x) => dark && (d += `M${x},${y}h1v1h-1z`)));
    return { path: d, size };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={twMerge('size-48 shrink-0 forced-color-adjust-none', className)}
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}

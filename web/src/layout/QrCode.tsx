import { encode } from 'uqr';

/**
 * A QR code of a text as an SVG (one path of dark modules, a quiet zone of two modules), drawn
 * from the `uqr` encoder: sharp at any size, printable, no image request.
 */
export function QrCode({ text, label, size = 128 }: { text: string; label: string; size?: number }) {
  const { data } = encode(text, { ecc: 'M', border: 2 });
  const path = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${data.length} ${data.length}`}
      shapeRendering="crispEdges"
      data-testid="qr-code"
    >
      <rect width={data.length} height={data.length} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

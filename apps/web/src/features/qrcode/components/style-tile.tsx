import type { QrEyeStyle, QrPixelStyle } from '@xueba/contract';
import type { ReactNode } from 'react';

/** A fixed 7x7 sample of dark modules (not a code): enough to show how a style draws neighbours. */
const SAMPLE = ['1011011', '1101101', '0110110', '1011101', '1110011', '0101110', '1101011'];
const dark = (x: number, y: number): boolean => SAMPLE[y]?.[x] === '1';
/** Stable pseudo-random sizes, so the tile does not change on every render. */
const jitter = (x: number, y: number): number => 0.55 + (((x * 7 + y * 13) % 5) / 5) * 0.4;

function moduleShape(style: QrPixelStyle, x: number, y: number, fill: string): ReactNode {
  const key = `${x}-${y}`;
  switch (style) {
    case 'rounded':
      return <rect key={key} x={x + 0.05} y={y + 0.05} width={0.9} height={0.9} rx={0.3} fill={fill} />;
    case 'dots':
      return <circle key={key} cx={x + 0.5} cy={y + 0.5} r={0.42} fill={fill} />;
    case 'random_dots':
      return <circle key={key} cx={x + 0.5} cy={y + 0.5} r={0.5 * jitter(x, y)} fill={fill} />;
    case 'h_lines':
      return <rect key={key} x={x} y={y + 0.2} width={dark(x + 1, y) ? 1 : 0.85} height={0.6} rx={dark(x - 1, y) ? 0 : 0.3} fill={fill} />;
    case 'v_lines':
      return <rect key={key} x={x + 0.2} y={y} width={0.6} height={dark(x, y + 1) ? 1 : 0.85} ry={dark(x, y - 1) ? 0 : 0.3} fill={fill} />;
    case 'blocks_3d':
      return (
        <g key={key}>
          <polygon points={`${x},${y + 0.25} ${x + 0.25},${y} ${x + 1},${y} ${x + 0.75},${y + 0.25}`} fill="#9ca3af" />
          <polygon points={`${x + 0.75},${y + 0.25} ${x + 1},${y} ${x + 1},${y + 0.75} ${x + 0.75},${y + 1}`} fill="#4b5563" />
          <rect x={x} y={y + 0.25} width={0.75} height={0.75} fill={fill} />
        </g>
      );
    case 'image_fill':
      return <rect key={key} x={x + 0.08} y={y + 0.08} width={0.84} height={0.84} fill={`hsl(${(x * 40 + y * 25) % 360} 60% 38%)`} />;
    case 'square':
      return <rect key={key} x={x} y={y} width={1} height={1} fill={fill} />;
  }
}

/** A small picture of a pixel style (pixel-style-type's tiles), drawn from the same idea as the server's shapes. */
export function StyleTile({ style, fg = '#111827' }: { style: QrPixelStyle; fg?: string }) {
  const shapes: ReactNode[] = [];
  for (let y = 0; y < 7; y++) for (let x = 0; x < 7; x++) if (dark(x, y)) shapes.push(moduleShape(style, x, y, fg));
  return (
    <svg className="qr-tile" viewBox="-0.5 -0.5 8 8" aria-hidden="true">
      {shapes}
    </svg>
  );
}

/** A finder pattern ("eye") as each eye style draws it. */
export function EyeTile({ eye, fg = '#111827' }: { eye: QrEyeStyle; fg?: string }) {
  const outer = { square: 0, rounded: 1.6, circle: 3.5, leaf: 2.4 }[eye];
  const inner = { square: 0, rounded: 0.8, circle: 1.5, leaf: 1.2 }[eye];
  const leaf = eye === 'leaf';
  return (
    <svg className="qr-tile" viewBox="-0.5 -0.5 8 8" aria-hidden="true">
      {leaf && <path d="M0 2.4 A2.4 2.4 0 0 1 2.4 0 H7 V4.6 A2.4 2.4 0 0 1 4.6 7 H0 Z M1 2.4 V6 H4.6 A1.4 1.4 0 0 0 6 4.6 V1 H2.4 A1.4 1.4 0 0 0 1 2.4 Z" fill={fg} fillRule="evenodd" />}
      {!leaf && <rect x={0.5} y={0.5} width={6} height={6} rx={outer ? outer * 0.85 : 0} fill="none" stroke={fg} strokeWidth={1} />}
      <rect x={2} y={2} width={3} height={3} rx={inner} fill={fg} />
    </svg>
  );
}

/**
 * SVG path pieces in module units. Numbers are written with at most two
 * decimals (a hundredth of a module is under a pixel at every size up to
 * 2048 px, and about a seventh of one for the usual versions at 512 px) and
 * relative commands after an absolute start per shape, so rounding never
 * adds up across shapes and a whole style stays one short path.
 */

export const num = (v: number): string => {
  const s = (Math.round(v * 100) / 100).toString();
  return s === '-0' ? '0' : s;
};

export const rect = (x: number, y: number, w: number, h: number): string => `M${num(x)} ${num(y)}h${num(w)}v${num(h)}h${num(-w)}z`;

/** A circle as two arcs (`<circle>` elements would not merge into one path). */
export const circle = (cx: number, cy: number, r: number): string => `M${num(cx - r)} ${num(cy)}a${num(r)} ${num(r)} 0 1 0 ${num(2 * r)} 0a${num(r)} ${num(r)} 0 1 0 ${num(-2 * r)} 0z`;

/**
 * A rectangle with its own radius at each corner (top-left, top-right,
 * bottom-right, bottom-left), drawn clockwise.
 */
export function roundedRect(x: number, y: number, w: number, h: number, [tl, tr, br, bl]: [number, number, number, number]): string {
  const arc = (r: number, dx: number, dy: number) => (r > 0 ? `a${num(r)} ${num(r)} 0 0 1 ${num(dx)} ${num(dy)}` : '');
  return (
    `M${num(x + tl)} ${num(y)}h${num(w - tl - tr)}${arc(tr, tr, tr)}` +
    `v${num(h - tr - br)}${arc(br, -br, br)}` +
    `h${num(-(w - br - bl))}${arc(bl, -bl, -bl)}` +
    `v${num(-(h - bl - tl))}${arc(tl, tl, -tl)}z`
  );
}


export const polygon = (points: Array<[number, number]>): string => `M${points.map(([px, py]) => `${num(px)} ${num(py)}`).join('L')}z`;

/** A small deterministic generator (mulberry32) seeded from text, so the same content always gets the same dots. */
export function seededRandom(seedText: string): () => number {
  // FNV-1a of the UTF-16 units.
  let h = 0x811c9dc5;
  for (let i = 0; i < seedText.length; i += 1) {
    h ^= seedText.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

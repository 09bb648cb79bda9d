import { safeLink } from '../formats/limits.js';
import { escapeAttr, escapeText } from '../formats/xml.js';
import { textWidth } from './measure.js';
import { baseline, linkCurve, NOTE_MARK, type MapLayout, type PlacedNode } from './layout.js';
import { BACKGROUND, FONT_STACK, LINK_TEXT, ROOT_FILL, ROOT_TEXT, TEXT, tint } from './theme.js';

/** How a node's box is painted; the PDF painter uses the same choices. */
export function boxPaint(n: PlacedNode): { fill: string; stroke: string; text: string; strokeWidth: number } {
  if (n.depth === 0) return { fill: ROOT_FILL, stroke: ROOT_FILL, text: ROOT_TEXT, strokeWidth: 0 };
  if (n.depth === 1) return { fill: tint(n.color, 0.86), stroke: n.color, text: TEXT, strokeWidth: 2 };
  return { fill: '#ffffff', stroke: tint(n.color, 0.35), text: TEXT, strokeWidth: 1.25 };
}

export const linkWidth = (child: PlacedNode): number => (child.depth === 1 ? 3 : 1.75);

const round = (v: number) => Math.round(v * 10) / 10;

/**
 * The laid-out map as SVG: text stays text (selectable, searchable, crisp at
 * any zoom) in a CJK-capable font stack; links are clickable, notes show as
 * a mark with the note as the node's tooltip.
 */
export function renderSvg(layout: MapLayout, title: string): string {
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}" font-family="${escapeAttr(FONT_STACK)}">`,
    `<title>${escapeText(title)}</title>`,
    `<rect width="100%" height="100%" fill="${BACKGROUND}"/>`,
    '<g fill="none" stroke-linecap="round">',
  ];
  for (const n of layout.nodes) {
    const c = linkCurve(n);
    if (!c) continue;
    out.push(`<path d="M${round(c.x1)} ${round(c.y1)}C${round(c.c1x)} ${round(c.y1)} ${round(c.c2x)} ${round(c.y2)} ${round(c.x2)} ${round(c.y2)}" stroke="${n.color}" stroke-width="${linkWidth(n)}"/>`);
  }
  out.push('</g>');
  for (const n of layout.nodes) out.push(nodeSvg(n));
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

function nodeSvg(n: PlacedNode): string {
  const paint = boxPaint(n);
  const link = safeLink(n.node.link);
  const parts: string[] = [];
  if (n.node.note) parts.push(`<title>${escapeText(n.node.note)}</title>`);
  const stroke = paint.strokeWidth > 0 ? ` stroke="${paint.stroke}" stroke-width="${paint.strokeWidth}"` : '';
  parts.push(`<rect x="${round(n.x)}" y="${round(n.y)}" width="${n.width}" height="${n.height}" rx="${n.style.radius}" fill="${paint.fill}"${stroke}/>`);
  const color = link && n.depth > 0 ? LINK_TEXT : paint.text;
  const weight = n.style.bold ? ' font-weight="bold"' : '';
  const tx = round(n.x + n.style.padX);
  const spans = n.lines.map((line, i) => `<tspan x="${tx}" y="${round(baseline(n, i))}">${escapeText(line)}</tspan>`).join('');
  // An explicit line rather than text-decoration, which librsvg does not draw.
  if (link) {
    n.lines.forEach((line, i) => {
      const y = round(baseline(n, i) + 2.5);
      parts.push(`<path d="M${tx} ${y}h${round(textWidth(line, n.style))}" stroke="${color}" stroke-width="1"/>`);
    });
  }
  parts.push(`<text font-size="${n.style.fontSize}" fill="${color}"${weight} xml:space="preserve">${spans}</text>`);
  if (n.node.note) {
    const cx = round(n.x + n.width - n.style.padX / 2 - NOTE_MARK / 2 + 2);
    const cy = round(n.y + n.height / 2);
    parts.push(`<circle cx="${cx}" cy="${cy}" r="3.5" fill="${n.depth === 0 ? ROOT_TEXT : n.color}"/>`);
  }
  const body = parts.join('');
  return link ? `<a href="${escapeAttr(link)}" target="_blank">${body}</a>` : `<g>${body}</g>`;
}

import type { MindmapNode } from '@xueba/contract';
import { layoutMap, type MapLayoutKind } from './layout.js';
import { renderPdf, renderPng } from './raster.js';
import { renderSvg } from './svg.js';

export { layoutMap, type MapLayout, type MapLayoutKind, type PlacedNode } from './layout.js';
export { pngScale } from './raster.js';

export const IMAGE_FORMATS = ['svg', 'png', 'pdf'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export interface RenderedMap {
  body: Buffer;
  contentType: string;
  extension: ImageFormat;
}

const CONTENT_TYPES: Record<ImageFormat, string> = { svg: 'image/svg+xml; charset=utf-8', png: 'image/png', pdf: 'application/pdf' };

/**
 * A map as a picture: SVG (text as text), PNG (drawn at 2x) or PDF
 * (one vector page sized to the map). `title` names the document (SVG
 * title, PDF metadata); it defaults to the root's topic.
 */
export async function renderMap(tree: MindmapNode, format: ImageFormat, options: { title?: string; layout?: MapLayoutKind } = {}): Promise<RenderedMap> {
  const layout = layoutMap(tree, options.layout ?? 'both');
  const title = options.title ?? tree.topic;
  let body: Buffer;
  if (format === 'pdf') body = renderPdf(layout, title);
  else if (format === 'png') body = await renderPng(layout);
  else body = Buffer.from(renderSvg(layout, title));
  return { body, contentType: CONTENT_TYPES[format], extension: format };
}

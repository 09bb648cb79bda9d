import sharp from 'sharp';

/** A small real PNG, as the editor's image upload sends one. */
export function smallPng(colour = '#3a7'): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: colour } }).png().toBuffer();
}

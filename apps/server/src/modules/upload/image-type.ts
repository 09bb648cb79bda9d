/** Image formats we accept, recognised by their first bytes (never by name or declared type). */
export interface ImageType {
  ext: 'png' | 'jpg' | 'gif' | 'webp';
  mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(data: Buffer, bytes: number[], offset = 0): boolean {
  if (data.length < offset + bytes.length) return false;
  return bytes.every((byte, i) => data[offset + i] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

export function sniffImage(data: Buffer): ImageType | null {
  if (startsWith(data, PNG)) return { ext: 'png', mime: 'image/png' };
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg' };
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return { ext: 'gif', mime: 'image/gif' };
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return { ext: 'webp', mime: 'image/webp' };
  return null;
}

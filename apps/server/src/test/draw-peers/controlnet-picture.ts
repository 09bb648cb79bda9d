import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** A ControlNet unit of a request as the peer reads it (`alwayson_scripts.ControlNet.args[]`). */
export interface ControlUnit {
  image: string;
  weight: number;
}

/** The units that carry an input picture, from a WebUI request's `alwayson_scripts`. */
export function controlUnits(scripts: unknown): ControlUnit[] {
  const args = (scripts as { ControlNet?: { args?: unknown } } | null | undefined)?.ControlNet?.args;
  if (!Array.isArray(args)) return [];
  return args.flatMap((arg: unknown) => {
    const unit = arg as { input_image?: unknown; image?: unknown; weight?: unknown; enabled?: unknown };
    const image = typeof unit.input_image === 'string' ? unit.input_image : typeof unit.image === 'string' ? unit.image : null;
    if (!image || unit.enabled === false) return [];
    return [{ image, weight: typeof unit.weight === 'number' ? unit.weight : 1 }];
  });
}

/** `alwayson_scripts` as the call log keeps it: each unit's picture replaced by its length. */
export function withoutPictures(scripts: unknown): unknown {
  if (!scripts || typeof scripts !== 'object') return scripts;
  return JSON.parse(JSON.stringify(scripts, (key, value: unknown) => ((key === 'input_image' || key === 'image') && typeof value === 'string' ? `<${value.length} base64 characters>` : value))) as unknown;
}

/** A small deterministic generator, so the same request draws the same picture. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * What a QR ControlNet draws, as far as a scanner is concerned: the control
 * picture fitted into the drawing ("Resize and Fill": centred, the rest in
 * the light tone) and painted in two tones of the prompt's colour with a
 * grainy texture. `scans: false` scrambles it in module-sized blocks (half of
 * them flipped, finder patterns included), the way a weak control weight
 * lets the picture win over the code: no decoder reads it.
 */
export async function controlNetPicture(control: Buffer, width: number, height: number, prompt: string, seed: number, scans: boolean): Promise<Buffer> {
  const side = Math.min(width, height);
  const code = await sharp(control).resize(side, side, { fit: 'fill' }).greyscale().raw().toBuffer();
  const hash = createHash('md5').update(prompt).digest();
  const dark = [20 + (hash[0]! % 40), 20 + (hash[1]! % 40), 40 + (hash[2]! % 40)];
  const light = [215 + (hash[3]! % 30), 205 + (hash[4]! % 30), 185 + (hash[5]! % 30)];
  const next = random(seed);
  const block = Math.max(4, Math.round(side / 40));
  const blocks = Math.ceil(side / block);
  const flipped = Uint8Array.from({ length: blocks * blocks }, () => (!scans && next() < 0.5 ? 1 : 0));
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const cx = x - left;
      const cy = y - top;
      let isDark = false;
      if (cx >= 0 && cy >= 0 && cx < side && cy < side) {
        isDark = code[cy * side + cx]! < 128;
        if (flipped[Math.floor(cy / block) * blocks + Math.floor(cx / block)]) isDark = !isDark;
      }
      const tone = isDark ? dark : light;
      const grain = (next() - 0.5) * 12;
      const at = (y * width + x) * 3;
      for (let c = 0; c < 3; c += 1) out[at + c] = Math.max(0, Math.min(255, Math.round(tone[c]! + grain)));
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

import QRCode from 'qrcode';
import sharp from 'sharp';

/**
 * A reproducible set of hard codes standing in for AI art codes, whose
 * published sets have no licence-clean payloads: each code is blended into a
 * busy colourful picture at low contrast, with some of its modules drawn as
 * dots or overridden by the "art", then degraded (a lighting gradient, blur,
 * noise, a slight turn, JPEG). Parameters come from a seeded generator, so
 * the same seed gives the same pictures on every machine.
 */

export interface HardCode {
  name: string;
  text: string;
  png: Buffer;
}

/** Mulberry32: small, fast and good enough to vary test pictures. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SIDE = 640;

function busyPicture(rand: () => number): string {
  const shapes: string[] = [];
  const colour = () => `rgb(${Math.floor(rand() * 256)},${Math.floor(rand() * 256)},${Math.floor(rand() * 256)})`;
  for (let i = 0; i < 60; i++) {
    const x = Math.round(rand() * SIDE);
    const y = Math.round(rand() * SIDE);
    const r = Math.round(10 + rand() * 120);
    shapes.push(rand() < 0.5 ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour()}" fill-opacity="${(0.4 + rand() * 0.6).toFixed(2)}"/>` : `<rect x="${x - r}" y="${y - r / 2}" width="${2 * r}" height="${r}" fill="${colour()}" transform="rotate(${Math.round(rand() * 180)} ${x} ${y})"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}"><rect width="100%" height="100%" fill="${colour()}"/>${shapes.join('')}</svg>`;
}

function isFinder(x: number, y: number, count: number): boolean {
  return (x < 8 && y < 8) || (x >= count - 8 && y < 8) || (x < 8 && y >= count - 8);
}

function codeLayer(text: string, rand: () => number, params: { contrast: number; dot: number; flip: number }): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'H' });
  const count = qr.modules.size;
  const margin = 2;
  const cell = SIDE / (count + 2 * margin);
  // Finder patterns stay a little stronger than the data, as art-code generators keep them.
  const finderOpacity = Math.max(0.6, 0.5 + params.contrast / 4).toFixed(2);
  const parts: string[] = [];
  for (let y = 0; y < count; y++) {
    for (let x = 0; x < count; x++) {
      let on = qr.modules.get(y, x) === 1;
      const finder = isFinder(x, y, count);
      if (!finder && rand() < params.flip) on = !on;
      const fill = on ? '#000' : '#fff';
      const opacity = (on ? params.contrast : params.contrast * 0.8).toFixed(2);
      const cx = (x + margin + 0.5) * cell;
      const cy = (y + margin + 0.5) * cell;
      if (finder || params.dot >= 0.5) {
        parts.push(`<rect x="${(cx - cell / 2).toFixed(1)}" y="${(cy - cell / 2).toFixed(1)}" width="${cell.toFixed(2)}" height="${cell.toFixed(2)}" fill="${fill}" fill-opacity="${finder ? finderOpacity : opacity}"/>`);
      } else {
        parts.push(`<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${(cell * params.dot).toFixed(2)}" fill="${fill}" fill-opacity="${opacity}"/>`);
      }
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}">${parts.join('')}</svg>`;
}

function gradient(rand: () => number): string {
  const angle = Math.round(rand() * 360);
  const low = (0.2 + rand() * 0.35).toFixed(2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}"><defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="rgb(${Math.round(Number(low) * 255)},${Math.round(Number(low) * 255)},${Math.round(Number(low) * 255)})"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
}

export async function hardCode(seed: number): Promise<HardCode> {
  const rand = random(seed);
  const text = `https://qr.example/${seed.toString(36)}${Math.floor(rand() * 1e6).toString(36)}`;
  const params = { contrast: 0.35 + rand() * 0.45, dot: rand() < 0.4 ? 0.25 + rand() * 0.15 : 0.5, flip: rand() * 0.06 };
  const art = await sharp(Buffer.from(busyPicture(rand))).blur(1 + rand() * 6).png().toBuffer();
  let picture = sharp(art).composite([{ input: Buffer.from(codeLayer(text, rand, params)) }]);
  if (rand() < 0.5) picture = sharp(await picture.png().toBuffer()).composite([{ input: Buffer.from(gradient(rand)), blend: 'multiply' }]);
  let raw = await picture.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const noise = rand() * 40;
  for (let i = 0; i < raw.data.length; i++) raw.data[i] = Math.max(0, Math.min(255, (raw.data[i] as number) + (rand() - 0.5) * noise));
  let out = sharp(raw.data, { raw: raw.info });
  const sigma = rand() < 0.5 ? 0.5 + rand() * 2 : 0;
  if (sigma > 0.3) out = out.blur(sigma);
  const turn = (rand() - 0.5) * 24;
  if (Math.abs(turn) > 2) out = sharp(await out.png().toBuffer()).rotate(turn, { background: '#888' });
  raw = await out.raw().toBuffer({ resolveWithObject: true });
  const png = rand() < 0.4 ? await sharp(raw.data, { raw: raw.info }).jpeg({ quality: 35 + Math.round(rand() * 40) }).toBuffer() : await sharp(raw.data, { raw: raw.info }).png().toBuffer();
  return { name: `hard-${String(seed).padStart(3, '0')}`, text, png };
}

// QR codes: a styled 512 px code made and verified (our SVG drawn by us,
// rasterised by sharp, then read by zxing-wasm and jsQR at 512, 256 and
// 128 px) against the plain `qrcode` package's PNG of the same content
// (QRCode.toBuffer, 512 px) in the same run. In-process, on the built server
// code (apps/server/dist). The two are measured interleaved, one of each per
// round, so the machine's load falls on both alike.
//
// Target (decision 0034): styled + verified p95 <= 150 ms; the ratio to the
// plain rendering is reported, not targeted (the plain one does no styling
// and no decoding).
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { table } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_QR_ROUNDS ?? 200);
const WARMUP = 20;
const PER_STYLE_ROUNDS = Number(process.env.BENCH_QR_STYLE_ROUNDS ?? 30);
const TARGET_P95 = 150;
const CONTENT = 'https://xueba.example.com/app/qrcode?from=bench&id=20261126';

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (v) => v.toFixed(1);

export async function benchQrcode(root) {
  const dist = path.join(root, 'apps/server/dist/modules/qrcode');
  const { renderStyled } = await import(path.join(dist, 'render/index.js'));
  const { verify } = await import(path.join(dist, 'decode/index.js'));

  // Image fill takes its colours from a picture; a 640 x 480 JPEG like a phone photo scaled for upload.
  const picture = await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff7a59"/><stop offset="1" stop-color="#06a77d"/></linearGradient></defs><rect width="640" height="480" fill="url(#a)"/><circle cx="400" cy="190" r="120" fill="#3a86ff"/></svg>')).jpeg().toBuffer();
  const spec = (style) => ({
    content: CONTENT,
    ecLevel: 'M',
    size: 512,
    look: { style, eye: 'rounded', fg: '#1d3557', fg2: '#c1121f', gradient: 'linear', bg: '#ffffff', margin: 2 },
    ...(style === 'image_fill' ? { background: picture } : {}),
  });
  const plain = () => QRCode.toBuffer(CONTENT, { errorCorrectionLevel: 'M', width: 512, margin: 2 });

  async function styledOnce(style) {
    const t0 = performance.now();
    const code = await renderStyled(spec(style));
    const t1 = performance.now();
    const result = await verify(code.png, CONTENT);
    const t2 = performance.now();
    if (!result.ok) throw new Error(`${style} did not verify: ${result.detail}`);
    return { total: t2 - t0, render: t1 - t0, verify: t2 - t1, svg: code.svg.length, png: code.png.length };
  }

  for (let i = 0; i < WARMUP; i += 1) {
    await styledOnce('rounded');
    await plain();
  }
  const styled = { total: [], render: [], verify: [] };
  const base = [];
  let sizes = null;
  for (let i = 0; i < ROUNDS; i += 1) {
    const s = await styledOnce('rounded');
    sizes = { svg: s.svg, png: s.png };
    for (const key of ['total', 'render', 'verify']) styled[key].push(s[key]);
    const t0 = performance.now();
    await plain();
    base.push(performance.now() - t0);
  }

  const perStyle = [];
  for (const style of ['square', 'rounded', 'dots', 'random_dots', 'h_lines', 'v_lines', 'blocks_3d', 'image_fill']) {
    const totals = [];
    const renders = [];
    let svg = 0;
    for (let i = 0; i < PER_STYLE_ROUNDS; i += 1) {
      const s = await styledOnce(style);
      totals.push(s.total);
      renders.push(s.render);
      svg = s.svg;
    }
    perStyle.push({ style, 'made p50': ms(percentile(renders, 50)), 'made + verified p50': ms(percentile(totals, 50)), 'made + verified p95': ms(percentile(totals, 95)), 'SVG bytes': svg });
  }

  const row = (name, values) => ({ path: name, p50: ms(percentile(values, 50)), p95: ms(percentile(values, 95)), max: ms(Math.max(...values)) });
  const p95 = percentile(styled.total, 95);
  const baseP95 = percentile(base, 95);
  const result = {
    rounds: ROUNDS,
    loadavg: os.loadavg().map((v) => Number(v.toFixed(2))),
    cpus: os.cpus().length,
    styled: { p50: percentile(styled.total, 50), p95, render_p95: percentile(styled.render, 95), verify_p95: percentile(styled.verify, 95), ...sizes },
    plain: { p50: percentile(base, 50), p95: baseP95 },
    ratio_p95: p95 / baseP95,
    ratio_p50: percentile(styled.total, 50) / percentile(base, 50),
    perStyle,
  };
  console.log(`\nQR codes: ${ROUNDS} rounds of a 512 px code, rounded style with a linear gradient, level M (load average ${result.loadavg.join(' ')} on ${result.cpus} CPUs); ms`);
  console.log(table([row('styled: made (SVG + sharp PNG)', styled.render), row('styled: verified (zxing-wasm + jsQR at 512, 256, 128 px)', styled.verify), row('styled: made + verified', styled.total), row('plain qrcode QRCode.toBuffer (same content, 512 px)', base)], ['path', 'p50', 'p95', 'max']));
  console.log(`  made + verified p95 ${ms(p95)} ms (target <= ${TARGET_P95} ms: ${p95 <= TARGET_P95 ? 'met' : 'NOT met'}); ratio to plain p95 ${result.ratio_p95.toFixed(2)}x, p50 ${result.ratio_p50.toFixed(2)}x; SVG ${sizes.svg} B, PNG ${sizes.png} B`);
  console.log(`\nEach pixel style (${PER_STYLE_ROUNDS} rounds each, same content and colours)`);
  console.log(table(perStyle, ['style', 'made p50', 'made + verified p50', 'made + verified p95', 'SVG bytes']));
  return result;
}

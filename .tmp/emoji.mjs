import { createCanvas } from '@napi-rs/canvas';
import { writeFileSync } from 'node:fs';
const c = createCanvas(500, 120); const ctx = c.getContext('2d');
ctx.fillStyle = '#fff'; ctx.fillRect(0, 0, 500, 120); ctx.fillStyle = '#000';
ctx.font = '24px "Noto Sans CJK JP", "DejaVu Sans", sans-serif'; ctx.fillText('A 中 😀 🧠 ★ ✓', 10, 40);
ctx.font = '24px "Noto Sans CJK JP", sans-serif'; ctx.fillText('A 中 😀 🧠 ★ ✓', 10, 90);
writeFileSync('/work/wt/shots/emoji-test.png', c.toBuffer('image/png'));

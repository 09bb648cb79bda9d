import { GlobalFonts, createCanvas } from '@napi-rs/canvas';
console.log(GlobalFonts.families.map(f => f.family).join(' | '));
const ctx = createCanvas(10,10).getContext('2d');
for (const f of ['16px "Noto Sans CJK SC", "WenQuanYi Micro Hei", sans-serif', '16px sans-serif']) {
  ctx.font = f;
  for (const t of ['Hello world', '思维导图研究', '😀🧠', 'Mixed 中文 text']) console.log(f.slice(0,20), t, ctx.measureText(t).width.toFixed(1));
}

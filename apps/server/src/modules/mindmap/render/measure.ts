import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { FONT_STACK, type LevelStyle } from './theme.js';

/**
 * Text widths from Skia (through @napi-rs/canvas) with the same fonts the
 * PNG and PDF are drawn with, so boxes fit CJK, Latin and emoji alike.
 */
let context: SKRSContext2D | null = null;

function ctx(): SKRSContext2D {
  context ??= createCanvas(8, 8).getContext('2d');
  return context;
}

export const fontOf = (style: LevelStyle): string => `${style.bold ? 'bold ' : ''}${style.fontSize}px ${FONT_STACK}`;

export function textWidth(text: string, style: LevelStyle): number {
  const c = ctx();
  c.font = fontOf(style);
  return c.measureText(text).width;
}

/** Units a line may break after: a word with its trailing spaces, or a single CJK character (those break anywhere). */
const BREAKS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]+\s*|\s+/gu;

// Emoji with skin tones or joiners are one grapheme: never cut inside one.
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * A topic in lines no wider than the style's maximum: breaks between words
 * and between CJK characters; a single word wider than the line is cut by
 * characters. Each line with its measured width.
 */
export function wrapText(text: string, style: LevelStyle): { lines: string[]; width: number } {
  const single = text.replace(/\s*\n\s*/g, ' ');
  const whole = textWidth(single, style);
  if (whole <= style.maxWidth) return { lines: [single], width: whole };
  const lines: string[] = [];
  let line = '';
  let widest = 0;
  const push = () => {
    const trimmed = line.trimEnd();
    widest = Math.max(widest, textWidth(trimmed, style));
    lines.push(trimmed);
    line = '';
  };
  for (const unit of single.match(BREAKS) ?? []) {
    if (textWidth(line + unit, style) <= style.maxWidth) {
      line += unit;
      continue;
    }
    if (line !== '') push();
    if (textWidth(unit, style) <= style.maxWidth) {
      line = unit.trimStart();
      continue;
    }
    for (const { segment: char } of graphemes.segment(unit)) {
      if (line !== '' && textWidth(line + char, style) > style.maxWidth) push();
      line += char;
    }
  }
  if (line.trim() !== '') push();
  return { lines, width: widest };
}

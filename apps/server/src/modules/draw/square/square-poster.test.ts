import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { POSTER, renderPoster, wrapText } from './square-poster.js';

describe('square poster text', () => {
  it('breaks Latin text at spaces and CJK text anywhere, and ends a cut text with an ellipsis', () => {
    // 0.55 em a Latin character: 11 ems hold 20 characters.
    expect(wrapText('a lighthouse on a cliff at dawn', 11, 3)).toEqual(['a lighthouse on a', 'cliff at dawn']);
    expect(wrapText('一二三四五六七八九十', 4, 2)).toEqual(['一二三四', '五六七…']);
    expect(wrapText('  short\n\ttext  ', 40, 3)).toEqual(['short text']);
    expect(wrapText('', 10, 3)).toEqual([]);
    const long = wrapText('word '.repeat(200), 20, 3);
    expect(long).toHaveLength(3);
    expect(long[2]!.endsWith('…')).toBe(true);
  });

  it('draws a poster of the fixed width whatever the picture, with XML characters in the text left harmless', async () => {
    const wide = await sharp({ create: { width: 1792, height: 1024, channels: 3, background: '#406080' } }).png().toBuffer();
    const png = await renderPoster({ picture: wide, prompt: '<script>&"\'</script> 猫', nickname: 'A & B <c>', siteName: 'Xueba', link: 'https://xueba.example/app/square?id=1', locale: 'ja' });
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width]).toEqual(['png', POSTER.width]);
    // The wide picture is fitted to the inner width: 670 × 383, plus the text and footer.
    expect(meta.height).toBeLessThan(POSTER.width + POSTER.footerHeight);
  });
});

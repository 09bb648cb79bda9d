import { PDFDocument } from '@napi-rs/canvas';
import type { Locale, PlagiarismShared } from '@xueba/contract';
import { FONT_FAMILIES } from '../../mindmap/render/theme.js';
import { labelsFor, percent } from './labels.js';
import { runsOf, type Run, type RunKind } from './runs.js';

/** A4 in points. */
const PAGE_W = 595;
const PAGE_H = 842;
const MARGIN = 48;
const WIDTH = PAGE_W - 2 * MARGIN;
/** The mind maps' CJK-first stack with Thai before the generic fallback. */
const FONT = [...FONT_FAMILIES.filter((f) => f !== 'sans-serif'), 'Noto Sans Thai', 'Noto Serif Thai']
  .map((f) => `"${f}"`)
  .concat('sans-serif')
  .join(', ');
const COLOURS: Record<RunKind, string> = { plain: '#1f2328', red: '#cf222e', green: '#1a7f37' };

/** Units a line may break after: a word with its spaces, or one CJK character. */
const BREAKS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]+\s*|[^\S\n]+|\n/gu;
// A long unbroken run (Thai has no spaces) is cut by grapheme.
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

type Ctx = ReturnType<PDFDocument['beginPage']>;

/** Text flowed down A4 pages: runs of colours wrapped at word or CJK boundaries, a new page when one fills. */
class Flow {
  private readonly doc: PDFDocument;
  private ctx: Ctx;
  private y = MARGIN;

  constructor(title: string) {
    this.doc = new PDFDocument({ title, creator: 'Xueba', producer: 'Xueba', compressionLevel: 6 });
    this.ctx = this.doc.beginPage(PAGE_W, PAGE_H);
  }

  private ensure(height: number): void {
    if (this.y + height <= PAGE_H - MARGIN) return;
    this.doc.endPage();
    this.ctx = this.doc.beginPage(PAGE_W, PAGE_H);
    this.y = MARGIN;
  }

  gap(h: number): void {
    this.y += h;
  }

  rule(): void {
    this.ensure(8);
    this.ctx.strokeStyle = '#d0d7de';
    this.ctx.lineWidth = 0.5;
    this.ctx.beginPath();
    this.ctx.moveTo(MARGIN, this.y + 4);
    this.ctx.lineTo(PAGE_W - MARGIN, this.y + 4);
    this.ctx.stroke();
    this.y += 8;
  }

  /** Runs wrapped into lines of `width` starting at `x`; each line placed (and the page turned) as it fills. */
  text(runs: Run[], options: { size?: number; bold?: boolean; x?: number; width?: number } = {}): void {
    const size = options.size ?? 10;
    const x0 = options.x ?? MARGIN;
    const width = options.width ?? WIDTH;
    const lineH = size * 1.6;
    const font = `${options.bold ? 'bold ' : ''}${size}px ${FONT}`;
    this.ctx.font = font;
    let line: { text: string; kind: RunKind; w: number }[] = [];
    let lineW = 0;
    const flush = () => {
      this.ensure(lineH);
      this.ctx.font = font;
      let x = x0;
      for (const piece of line) {
        this.ctx.fillStyle = COLOURS[piece.kind];
        this.ctx.fillText(piece.text, x, this.y + size);
        x += piece.w;
      }
      this.y += lineH;
      line = [];
      lineW = 0;
    };
    const place = (unit: string, kind: RunKind) => {
      const w = this.ctx.measureText(unit).width;
      if (lineW + w > width && line.length > 0) {
        flush();
        if (/^\s+$/.test(unit)) return;
      }
      if (w > width) {
        for (const { segment } of graphemes.segment(unit)) place(segment, kind);
        return;
      }
      line.push({ text: unit, kind, w });
      lineW += w;
    };
    for (const run of runs) {
      for (const unit of run.text.match(BREAKS) ?? []) {
        if (unit === '\n') flush();
        else place(unit, run.kind);
      }
    }
    if (line.length > 0) flush();
  }

  plain(text: string, options: { size?: number; bold?: boolean; x?: number; width?: number } = {}): void {
    this.text([{ text, kind: 'plain' }], options);
  }

  close(): Buffer {
    this.doc.endPage();
    return this.doc.close();
  }
}

/** The report as an A4 PDF drawn by Skia: ratios, sources, sections, every passage beside its source, and the full text marked. */
export function reportPdf(r: PlagiarismShared, locale: Locale): Buffer {
  const L = labelsFor(locale);
  const rep = r.report;
  const f = new Flow(`${L.heading} - ${r.title}`);
  const kindLabel = { paper: L.paper, document: L.document, check: L.check };
  f.plain(L.heading, { size: 18, bold: true });
  f.plain(r.title, { size: 12, bold: true });
  f.plain(`${r.filename ? `${L.file}: ${r.filename} · ` : ''}${L.chars}: ${rep.chars} · ${L.copied}: ${rep.copied_chars}${r.finished_at ? ` · ${L.finished}: ${r.finished_at.slice(0, 19).replace('T', ' ')} UTC` : ''}`, { size: 9 });
  f.gap(6);
  for (const [label, value] of [
    [L.total, rep.total_ratio],
    [L.quotes, rep.ratio_excluding_quotes],
    [L.references, rep.ratio_excluding_references],
    [L.largest, rep.largest_source_ratio],
  ] as const) {
    f.text([{ text: `${label}: `, kind: 'plain' }, { text: percent(value), kind: value > 0 ? 'red' : 'plain' }], { size: 12, bold: true });
  }
  if (rep.only_references) f.plain(L.onlyRefs, { size: 10 });
  f.rule();
  f.plain(L.sources, { size: 14, bold: true });
  if (rep.sources.length === 0) f.plain(L.none);
  rep.sources.forEach((s, i) => f.plain(`${i + 1}. ${s.title} [${kindLabel[s.kind]}] ${percent(s.ratio)}`));
  f.rule();
  f.plain(L.sections, { size: 14, bold: true });
  for (const s of rep.sections) f.plain(`${s.title || L.front} (${s.chars}): ${percent(s.ratio)}`);
  f.rule();
  f.plain(L.passages, { size: 14, bold: true });
  f.plain(L.legend, { size: 9 });
  rep.passages.forEach((p, i) => {
    const src = rep.sources[p.source]!;
    f.gap(6);
    f.plain(`${i + 1}. ${L.checked}${p.quoted ? ` (${L.quoted})` : ''}${p.in_references ? ` (${L.inRefs})` : ''}`, { bold: true });
    f.text(runsOf(r.text, p.start, p.end, p.quoted ? [] : p.marks, p.quoted ? [[p.start, p.end]] : []), { x: MARGIN + 12, width: WIDTH - 12 });
    f.plain(`${L.source}: ${src.title}`, { bold: true });
    f.text(runsOf(p.source_text, 0, p.source_text.length, p.source_marks, []), { x: MARGIN + 12, width: WIDTH - 12 });
  });
  f.rule();
  f.plain(L.fullText, { size: 14, bold: true });
  f.plain(L.legend, { size: 9 });
  f.text(
    runsOf(
      r.text,
      0,
      r.text.length,
      rep.passages.filter((p) => !p.quoted).flatMap((p) => p.marks),
      rep.quotes,
    ),
  );
  return f.close();
}

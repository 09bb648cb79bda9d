import type { Locale, PlagiarismShared } from '@xueba/contract';
import { labelsFor, percent } from './labels.js';
import { runsOf, type Run } from './runs.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const runsHtml = (runs: Run[]) => runs.map((r) => (r.kind === 'plain' ? escapeHtml(r.text) : `<span class="${r.kind}">${escapeHtml(r.text)}</span>`)).join('');

/** Only site-relative links and http(s) links are kept; anything else is shown as text. */
function linkHtml(title: string, link: string | null, base: string): string {
  if (!link) return escapeHtml(title);
  const url = link.startsWith('/') ? `${base}${link}` : link;
  if (!/^https?:\/\//i.test(url)) return escapeHtml(title);
  return `<a href="${escapeHtml(url)}" rel="noopener noreferrer">${escapeHtml(title)}</a>`;
}

const STYLE = `body{font-family:"Noto Sans CJK SC","PingFang SC","Microsoft YaHei",system-ui,sans-serif;max-width:1100px;margin:24px auto;padding:0 16px;color:#1f2328;line-height:1.7}
h1{font-size:24px}h2{font-size:18px;border-bottom:1px solid #d0d7de;padding-bottom:4px;margin-top:32px}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #d0d7de;padding:6px 8px;vertical-align:top;text-align:left}
.ratios td:last-child{font-weight:600;font-size:18px}.red{color:#cf222e;background:#ffebe9}.green{color:#1a7f37;background:#dafbe1}
.passage td{width:50%;white-space:pre-wrap;word-break:break-word}.meta{color:#57606a}.full{white-space:pre-wrap;word-break:break-word}
.tag{display:inline-block;font-size:12px;border:1px solid #d0d7de;border-radius:4px;padding:0 4px;margin-left:6px;color:#57606a}`;

/** The report as one self-contained HTML page (inline style, no script, every text escaped). */
export function reportHtml(r: PlagiarismShared, locale: Locale, base: string): string {
  const L = labelsFor(locale);
  const rep = r.report;
  const red = rep.passages.filter((p) => !p.quoted).flatMap((p) => p.marks);
  const kindLabel = { paper: L.paper, document: L.document, check: L.check };
  const rows: string[] = [];
  rows.push(`<h1>${escapeHtml(L.heading)}</h1>`);
  rows.push(`<p><strong>${escapeHtml(r.title)}</strong></p>`);
  rows.push(
    `<p class="meta">${r.filename ? `${escapeHtml(L.file)}: ${escapeHtml(r.filename)} · ` : ''}${escapeHtml(L.chars)}: ${rep.chars} · ${escapeHtml(L.copied)}: ${rep.copied_chars}${r.finished_at ? ` · ${escapeHtml(L.finished)}: ${escapeHtml(r.finished_at.slice(0, 19).replace('T', ' '))} UTC` : ''}</p>`,
  );
  rows.push(
    `<table class="ratios"><tr><td>${escapeHtml(L.total)}</td><td>${percent(rep.total_ratio)}</td></tr><tr><td>${escapeHtml(L.quotes)}</td><td>${percent(rep.ratio_excluding_quotes)}</td></tr><tr><td>${escapeHtml(L.references)}</td><td>${percent(rep.ratio_excluding_references)}</td></tr><tr><td>${escapeHtml(L.largest)}</td><td>${percent(rep.largest_source_ratio)}</td></tr></table>`,
  );
  if (rep.only_references) rows.push(`<p class="meta">${escapeHtml(L.onlyRefs)}</p>`);
  rows.push(`<h2>${escapeHtml(L.sources)}</h2>`);
  if (rep.sources.length === 0) rows.push(`<p>${escapeHtml(L.none)}</p>`);
  else rows.push(`<table>${rep.sources.map((s, i) => `<tr><td>${i + 1}</td><td>${linkHtml(s.title, s.link, base)}<span class="tag">${escapeHtml(kindLabel[s.kind])}</span></td><td>${percent(s.ratio)}</td></tr>`).join('')}</table>`);
  rows.push(`<h2>${escapeHtml(L.sections)}</h2>`);
  rows.push(`<table>${rep.sections.map((s) => `<tr><td>${escapeHtml(s.title || L.front)}</td><td>${s.chars}</td><td>${percent(s.ratio)}</td></tr>`).join('')}</table>`);
  rows.push(`<h2>${escapeHtml(L.passages)}</h2><p class="meta">${escapeHtml(L.legend)}</p>`);
  rep.passages.forEach((p, i) => {
    const src = rep.sources[p.source]!;
    const tags = `${p.quoted ? `<span class="tag">${escapeHtml(L.quoted)}</span>` : ''}${p.in_references ? `<span class="tag">${escapeHtml(L.inRefs)}</span>` : ''}`;
    const mine = runsOf(r.text, p.start, p.end, p.quoted ? [] : p.marks, p.quoted ? [[p.start, p.end]] : []);
    const theirs = runsOf(p.source_text, 0, p.source_text.length, p.source_marks, []);
    rows.push(
      `<table class="passage"><tr><th>${i + 1}. ${escapeHtml(L.checked)}${tags}</th><th>${escapeHtml(L.source)}: ${linkHtml(src.title, src.link, base)}</th></tr><tr><td>${runsHtml(mine)}</td><td>${runsHtml(theirs)}</td></tr></table><br>`,
    );
  });
  rows.push(`<h2>${escapeHtml(L.fullText)}</h2><p class="meta">${escapeHtml(L.legend)}</p>`);
  rows.push(`<div class="full">${runsHtml(runsOf(r.text, 0, r.text.length, red, rep.quotes))}</div>`);
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer"><title>${escapeHtml(`${L.heading} - ${r.title}`)}</title><style>${STYLE}</style></head><body>${rows.join('\n')}</body></html>`;
}

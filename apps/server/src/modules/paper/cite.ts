import type { CiteFormat } from '@xueba/contract';
import { hasCjk } from '../../platform/search/tokenize.js';
import type { PaperRecord } from './paper.types.js';
import { bibtexField } from './import/formats.js';

/**
 * Citation export in BibTeX, RIS, APA 7, MLA 9 and GB/T 7714-2015. Names are
 * split as "Given Family" (the last word is the family name) unless written
 * "Family, Given"; CJK names are family + given with no space (first character
 * is the family name).
 */
interface Name {
  family: string;
  given: string;
  cjk: boolean;
}

export function parseName(raw: string): Name {
  const name = raw.replace(/\s+/g, ' ').trim();
  if (hasCjk(name) && !name.includes(' ')) return { family: name.slice(0, 1), given: name.slice(1), cjk: true };
  if (name.includes(',')) {
    const [family, given] = name.split(',', 2);
    return { family: family!.trim(), given: (given ?? '').trim(), cjk: false };
  }
  const parts = name.split(' ');
  const family = parts.pop() ?? name;
  return { family, given: parts.join(' '), cjk: false };
}

/** "Ivo Jan" -> ["I", "J"]; hyphenated given names keep the hyphen ("Jean-Paul" -> "J.-P."). */
function initials(given: string, withDots: boolean): string {
  return given
    .split(/\s+/)
    .filter(Boolean)
    .map((part) =>
      part
        .split('-')
        .map((p) => (p[0] ?? '').toUpperCase() + (withDots ? '.' : ''))
        .join('-'),
    )
    .join(' ');
}

function pageRange(pages: string | null): { first: string | null; last: string | null; text: string | null } {
  if (!pages) return { first: null, last: null, text: null };
  const [first, last] = pages.split(/\s*[-–—]+\s*/);
  return { first: first || null, last: last || null, text: last ? `${first}-${last}` : (first ?? null) };
}

const isProceedings = (p: PaperRecord) =>
  p.type === 'conference' || (p.type === 'short' && /proceedings|conference|workshop|findings|\b(?:acl|naacl|coling|emnlp|eacl)\b/i.test(p.venue));
const isArxivPreprint = (p: PaperRecord) => Boolean(p.arxiv_id) && /^arxiv$/i.test(p.venue);

function bibtexKey(p: PaperRecord): string {
  const family = parseName(p.authors[0] ?? 'anon').family.normalize('NFKD').replace(/[^A-Za-z]/g, '').toLowerCase() || 'anon';
  const word = (p.title.normalize('NFKD').match(/[A-Za-z]{4,}/) ?? ['paper'])[0].toLowerCase();
  return `${family}${p.year ?? ''}${word}`;
}

function bibtex(p: PaperRecord): string {
  if (p.bibtex) return p.bibtex;
  const kind = isProceedings(p) ? 'inproceedings' : p.type === 'book_chapter' ? 'incollection' : p.type === 'report' && !isArxivPreprint(p) ? 'techreport' : isArxivPreprint(p) ? 'misc' : 'article';
  const venueField = kind === 'inproceedings' || kind === 'incollection' ? 'booktitle' : kind === 'techreport' ? 'institution' : kind === 'misc' ? 'howpublished' : 'journal';
  const esc = (v: string) => v.replace(/[{}]/g, '');
  const fields: [string, string | null][] = [
    ['title', `{${esc(p.title)}}`],
    ['author', p.authors.map((a) => { const n = parseName(a); return n.given ? `${n.family}, ${n.given}` : n.family; }).map(esc).join(' and ') || null],
    [venueField, p.venue ? esc(p.venue) : null],
    ['year', p.year ? String(p.year) : null],
    ['volume', p.volume],
    ['number', p.issue],
    ['pages', p.pages ? p.pages.replace(/\s*[-–—]+\s*/, '--') : null],
    ['publisher', p.publisher],
    ['doi', p.doi],
    ['eprint', p.arxiv_id],
    ['url', p.url],
  ];
  const body = fields
    .filter((f): f is [string, string] => Boolean(f[1]))
    .map(([k, v]) => `    ${k} = ${v.startsWith('{') ? v : `{${v}}`}`)
    .join(',\n');
  return `@${kind}{${bibtexKey(p)},\n${body}\n}`;
}

function ris(p: PaperRecord): string {
  const type = isProceedings(p) ? 'CPAPER' : p.type === 'book_chapter' ? 'CHAP' : p.type === 'report' ? 'RPRT' : p.type === 'news' || p.type === 'newspaper' ? 'NEWS' : p.type === 'abstract' ? 'ABST' : 'JOUR';
  const pages = pageRange(p.pages);
  const lines: [string, string | null][] = [
    ['TY', type],
    ...p.authors.map((a): [string, string] => { const n = parseName(a); return ['AU', n.given ? `${n.family}, ${n.given}` : n.family]; }),
    ['TI', p.title],
    [type === 'JOUR' ? 'JO' : 'T2', p.venue || null],
    ['PY', p.year ? String(p.year) : null],
    ['VL', p.volume],
    ['IS', p.issue],
    ['SP', pages.first],
    ['EP', pages.last],
    ['PB', p.publisher],
    ['DO', p.doi],
    ['UR', p.url],
    ['AB', p.abstract || null],
    ['KW', null],
  ];
  const kw = p.keywords.map((k): [string, string] => ['KW', k]);
  return [...lines, ...kw]
    .filter((l): l is [string, string] => Boolean(l[1]))
    .map(([k, v]) => `${k}  - ${v}`)
    .concat('ER  - ')
    .join('\n');
}

const doiUrl = (p: PaperRecord) => (p.doi ? `https://doi.org/${p.doi}` : (p.url ?? ''));
const endDot = (s: string) => (/[.?!。？！]$/.test(s) ? s : `${s}.`);

/** APA 7: up to 20 authors "Family, I. I.", "&" before the last. */
function apa(p: PaperRecord): string {
  const names = p.authors.map((a) => { const n = parseName(a); return n.cjk ? `${n.family}${n.given}` : `${n.family}${n.given ? `, ${initials(n.given, true)}` : ''}`; });
  let authors: string;
  if (names.length === 0) authors = '';
  else if (names.length === 1) authors = names[0]!;
  else if (names.length <= 20) authors = `${names.slice(0, -1).join(', ')}, & ${names[names.length - 1]}`;
  else authors = `${names.slice(0, 19).join(', ')}, . . . ${names[names.length - 1]}`;
  const year = `(${p.year ?? 'n.d.'})`;
  const pages = pageRange(p.pages).text?.replace('-', '–');
  let source: string;
  if (isProceedings(p)) source = `In *${p.venue}*${pages ? ` (pp. ${pages})` : ''}.${p.publisher ? ` ${endDot(p.publisher)}` : ''}`;
  else if (isArxivPreprint(p)) source = `arXiv. https://arxiv.org/abs/${p.arxiv_id}`;
  else source = p.venue ? `*${p.venue}*${p.volume ? `, *${p.volume}*` : ''}${p.issue ? `(${p.issue})` : ''}${pages ? `, ${pages}` : ''}.` : '';
  const link = isArxivPreprint(p) ? '' : doiUrl(p);
  return [authors ? `${endDot(authors)} ${year}.` : `${endDot(p.title)} ${year}.`, authors ? endDot(p.title) : '', source, link].filter(Boolean).join(' ');
}

/** MLA 9: one author "Family, Given."; two "Family, Given, and Given Family."; three or more "Family, Given, et al." */
function mla(p: PaperRecord): string {
  const first = p.authors[0] ? parseName(p.authors[0]) : null;
  const firstName = first ? (first.cjk ? `${first.family}${first.given}` : `${first.family}${first.given ? `, ${first.given}` : ''}`) : '';
  let authors = '';
  if (p.authors.length === 1) authors = endDot(firstName);
  else if (p.authors.length === 2) authors = endDot(`${firstName}, and ${p.authors[1]!.trim()}`);
  else if (p.authors.length > 2) authors = `${firstName}, et al.`;
  const pages = pageRange(p.pages).text;
  const container = [
    p.venue ? `*${p.venue}*` : null,
    p.volume ? `vol. ${p.volume}` : null,
    p.issue ? `no. ${p.issue}` : null,
    p.year ? String(p.year) : null,
    pages ? (pages.includes('-') ? `pp. ${pages}` : `p. ${pages}`) : null,
  ].filter(Boolean);
  const link = p.doi ? `https://doi.org/${p.doi}` : p.url;
  return [authors, `"${endDot(p.title)}"`, container.length ? `${container.join(', ')}.` : '', link ? endDot(link) : ''].filter(Boolean).join(' ');
}

/**
 * GB/T 7714-2015 (顺序编码制): at most three authors, then ", 等" (Chinese) or
 * ", et al." (other languages); Western names as FAMILY + initials without
 * dots; document type marks [J] journal, [C] proceedings, [M] book, [R] report,
 * [N] newspaper; "年, 卷(期): 页码" for journals, "//会议录. 出版地: 出版者, 年: 页码"
 * for proceedings; the DOI last.
 */
function gbt7714(record: PaperRecord, address: string | null): string {
  // The type mark follows the title directly: "Title[J]", never "Title.[J]".
  const p = { ...record, title: record.title.replace(/[.。]\s*$/, '') };
  const chinese = hasCjk(p.title);
  const names = p.authors.slice(0, 3).map((a) => {
    const n = parseName(a);
    return n.cjk ? `${n.family}${n.given}` : `${n.family.toUpperCase()}${n.given ? ` ${initials(n.given, false)}` : ''}`;
  });
  const more = p.authors.length > 3 ? (chinese ? ', 等' : ', et al') : '';
  const authors = names.length ? `${names.join(', ')}${more}. ` : '';
  const pages = pageRange(p.pages).text;
  const year = p.year ? String(p.year) : '';
  let body: string;
  if (isArxivPreprint(p)) {
    body = `${p.title}[J]. arXiv preprint arXiv:${p.arxiv_id}, ${year}`;
  } else if (isProceedings(p)) {
    const publisher = p.publisher ? `${address ? `${address}: ` : ''}${p.publisher}, ` : '';
    body = `${p.title}[C]//${p.venue || 'Proceedings'}. ${publisher}${year}${pages ? `: ${pages}` : ''}`;
  } else if (p.type === 'book_chapter') {
    body = `${p.title}[M]//${p.venue}. ${p.publisher ? `${p.publisher}, ` : ''}${year}${pages ? `: ${pages}` : ''}`;
  } else if (p.type === 'report') {
    body = `${p.title}[R]. ${p.publisher ? `${p.publisher}, ` : ''}${year}`;
  } else if (p.type === 'news' || p.type === 'newspaper') {
    body = `${p.title}[N]. ${p.venue}, ${year}`;
  } else {
    const issue = p.volume ? `, ${p.volume}${p.issue ? `(${p.issue})` : ''}` : p.issue ? `(${p.issue})` : '';
    body = `${p.title}[J]. ${p.venue ? `${p.venue}, ` : ''}${year}${issue}${pages ? `: ${pages}` : ''}`;
  }
  return `${authors}${endDot(body)}${p.doi ? ` DOI:${p.doi}.` : ''}`;
}

export function cite(record: PaperRecord, format: CiteFormat): string {
  // Imported BibTeX knows the full proceedings title and place; prefer them over the short venue.
  const full = record.bibtex ? (bibtexField(record.bibtex, 'booktitle') ?? bibtexField(record.bibtex, 'journal')) : null;
  const address = record.bibtex ? bibtexField(record.bibtex, 'address') : null;
  const p = full ? { ...record, venue: full } : record;
  switch (format) {
    case 'bibtex':
      return bibtex(p);
    case 'ris':
      return ris(p);
    case 'apa':
      return apa(p);
    case 'mla':
      return mla(p);
    case 'gbt7714':
      return gbt7714(p, address);
  }
}

import { MINDMAP_LINK_MAX, MINDMAP_TOPIC_MAX } from '@xueba/contract';

/**
 * The inline part of a Markdown topic line: backslash escapes, one link
 * `[text](url)` and emphasis marks, which a map's plain-text topic drops.
 */

/** Characters that would otherwise start Markdown syntax inside a topic. */
const SPECIAL = /[\\`*_[\]<>#|~]/g;

/** A topic written so that reading it back gives the same text: syntax characters escaped, a leading list or quote marker escaped. */
export function escapeTopic(topic: string): string {
  let text = topic.replace(/\s*\n\s*/g, ' ').replace(SPECIAL, (c) => `\\${c}`);
  // A topic that begins like a list item, a numbered item or a quote would be read as one.
  text = text.replace(/^([-+=])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2');
  return text;
}

/** A link destination in the form that survives spaces and parentheses. */
export function linkDestination(url: string): string {
  if (/^[^\s()<>]+$/.test(url)) return url;
  return `<${url.replace(/</g, '%3C').replace(/>/g, '%3E')}>`;
}

export function writeTopic(topic: string, link: string | undefined): string {
  const text = escapeTopic(topic);
  return link ? `[${text}](${linkDestination(link)})` : text;
}

/** Escaped characters stand in as private-use code points while links and emphasis are read, then come back as themselves. */
const ESCAPE_BASE = 0xf0000;
const PUNCTUATION = /\\([!-/:-@[-`{-~])/g;

const hide = (text: string): string => text.replace(PUNCTUATION, (_m, c: string) => String.fromCodePoint(ESCAPE_BASE + c.charCodeAt(0)));
const HIDDEN = /[\u{f0000}-\u{f007f}]/gu;
const reveal = (text: string): string => text.replace(HIDDEN, (c) => String.fromCharCode(c.codePointAt(0)! - ESCAPE_BASE));

/** Where a link destination `(url)` starting at `open` ends, with nested parentheses balanced; -1 when it does not. Looks no further than a link may be long, so a line of unclosed links stays linear. */
function destinationEnd(text: string, open: number): number {
  const stop = Math.min(text.length, open + MINDMAP_LINK_MAX + 3);
  if (text[open + 1] === '<') {
    const close = text.indexOf('>)', open + 2);
    return close < 0 || close >= stop ? -1 : close + 1;
  }
  let depth = 0;
  for (let i = open; i < stop; i += 1) {
    const c = text[i];
    if (c === '(') depth += 1;
    else if (c === ')') {
      depth -= 1;
      if (depth === 0) return i;
    } else if (c === ' ' || c === '\t') return -1;
  }
  return -1;
}

function stripEmphasis(text: string): string {
  return text
    .replace(/`([^`]+)`/g, '$1')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, '$1')
    .replace(/\*(?=\S)(.+?)(?<=\S)\*/g, '$1')
    .replace(/(^|[^\p{L}\p{N}])_(?=\S)(.+?)(?<=\S)_(?![\p{L}\p{N}])/gu, '$1$2');
}

/** Longer lines cannot be a topic within its limit: they are taken as they are (and refused or cut by the limits), never run through the inline patterns. */
const INLINE_MAX = MINDMAP_TOPIC_MAX * 4 + MINDMAP_LINK_MAX;

/** The plain topic and the first link of a Markdown topic line. Images `![alt](src)` keep their alt text and no link. */
export function readTopic(line: string): { topic: string; link?: string } {
  if (line.length > INLINE_MAX) return { topic: line.trim() };
  const text = hide(line);
  let out = '';
  let link: string | undefined;
  let i = 0;
  while (i < text.length) {
    const close = text.indexOf('](', i);
    if (close < 0) break;
    // The link text starts at the last `[` before `](`.
    const start = text.lastIndexOf('[', close);
    const end = start < i ? -1 : destinationEnd(text, close + 1);
    if (end < 0) {
      out += text.slice(i, close + 1);
      i = close + 1;
      continue;
    }
    const image = start > 0 && text[start - 1] === '!';
    out += text.slice(i, image ? start - 1 : start) + text.slice(start + 1, close);
    let url = text.slice(close + 2, end).trim();
    if (url.startsWith('<') && url.endsWith('>')) url = url.slice(1, -1);
    // A title after the address ([t](url "title")) is not part of it.
    url = url.replace(/\s+(".*"|'.*')$/, '');
    if (!image && link === undefined && url) link = reveal(url);
    i = end + 1;
  }
  out += text.slice(i);
  const topic = reveal(stripEmphasis(out)).trim();
  return link === undefined ? { topic } : { topic, link };
}

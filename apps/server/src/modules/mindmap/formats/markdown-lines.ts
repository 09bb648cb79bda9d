/** One line of a Markdown outline, classified before the tree is built. */
export type OutlineLine =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'item'; indent: number; text: string }
  | { kind: 'quote'; text: string }
  | { kind: 'text'; indent: number; text: string }
  | { kind: 'blank' }
  | { kind: 'skip' };

const HEADING = /^ {0,3}(#{1,6})(?=[ \t]|$)/;
const ITEM = /^([ \t]*)(?:[-*+]|\d{1,9}[.)])(?:[ \t]+(.*))?$/;
const QUOTE = /^[ \t]*> ?(.*)$/;
const FENCE = /^[ \t]*(```|~~~)/;
const RULE = /^[ \t]*([-*_=])([ \t]*\1){2,}[ \t]*$/;
const TASK = /^\[[ xX]\][ \t]+/;

/** The column a line's text starts at, tabs stopping every 4 columns as editors show them. */
function indentOf(space: string): number {
  let column = 0;
  for (const c of space) column = c === '\t' ? column + 4 - (column % 4) : column + 1;
  return column;
}

/**
 * A heading's text without its optional closing `#`s (which need a space
 * before them). Done by hand: a backtracking pattern for it takes quadratic
 * time on a long line of spaces.
 */
function headingText(rest: string): string {
  const text = rest.trim();
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end -= 1;
  if (end === text.length) return text;
  if (end === 0) return '';
  return text[end - 1] === ' ' || text[end - 1] === '\t' ? text.slice(0, end).trimEnd() : text;
}

export function classifyLine(line: string): OutlineLine {
  if (line.trim() === '') return { kind: 'blank' };
  if (FENCE.test(line) || RULE.test(line)) return { kind: 'skip' };
  const heading = HEADING.exec(line);
  if (heading) return { kind: 'heading', level: heading[1]!.length, text: headingText(line.slice(heading[0].length)) };
  const item = ITEM.exec(line);
  if (item) return { kind: 'item', indent: indentOf(item[1]!), text: (item[2] ?? '').replace(TASK, '') };
  const quote = QUOTE.exec(line);
  if (quote) return { kind: 'quote', text: quote[1]! };
  const space = /^[ \t]*/.exec(line)![0];
  return { kind: 'text', indent: indentOf(space), text: line.slice(space.length) };
}

/** Lines of a text with Windows and old Mac line ends and a byte-order mark taken away. */
export const splitLines = (text: string): string[] => text.replace(/^\uFEFF/, '').split(/\r\n?|\n/);

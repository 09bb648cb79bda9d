/**
 * Splits Markdown into top-level blocks at blank lines, never inside a fenced
 * code block or a `$$` formula, and never before an indented line (the
 * continuation of a list item). Each block renders as its own memoised
 * Markdown tree, so while an answer streams only the last block is parsed
 * again: re-parsing the whole answer on every frame grows with its length.
 */
export function splitBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  let math = false;
  let pendingBlank = false;
  for (const line of markdown.split('\n')) {
    if (fence || math) {
      current.push(line);
      const marker = /^\s{0,3}(`{3,}|~{3,})\s*$/.exec(line)?.[1];
      if (fence && marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      else if (math && line.trim() === '$$') math = false;
      continue;
    }
    if (line.trim() === '') {
      if (current.length) pendingBlank = true;
      continue;
    }
    if (pendingBlank) {
      if (/^\s/.test(line)) current.push('');
      else {
        blocks.push(current.join('\n'));
        current = [];
      }
      pendingBlank = false;
    }
    current.push(line);
    const open = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (open) fence = open;
    else if (line.trim() === '$$' || (line.trim().startsWith('$$') && !line.trim().slice(2).includes('$$'))) math = true;
  }
  if (current.length) blocks.push(current.join('\n'));
  return blocks;
}

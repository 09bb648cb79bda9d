/**
 * remark-math understands `$…$` and `$$…$$` only; models also write the LaTeX
 * delimiters `\(…\)` and `\[…\]`. This rewrites those to dollar form outside
 * code (fenced blocks and inline code spans stay untouched, so a regex or a
 * shell snippet containing `\(` is never turned into a formula).
 */
export function normalizeMath(markdown: string): string {
  if (!markdown.includes('\\(') && !markdown.includes('\\[') && !markdown.includes('$$')) return markdown;
  const lines = markdown.split('\n');
  const out: string[] = [];
  let fence: string | null = null;
  let prose: string[] = [];
  const flush = () => {
    if (prose.length) out.push(rewriteProse(prose.join('\n')));
    prose = [];
  };
  for (const line of lines) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      out.push(line);
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
    } else if (marker) {
      flush();
      fence = marker;
      out.push(line);
    } else prose.push(line);
  }
  flush();
  return out.join('\n');
}

/** Rewrites delimiters in prose, skipping inline code spans. */
function rewriteProse(text: string): string {
  return text
    .split(/(`+[^`]*`+)/)
    .map((part, index) => {
      if (index % 2 === 1) return part;
      return (
        part
          // remark-math reads `$$x$$` inside a line as inline math; alone on its line a model means a display formula.
          .replace(/^[ \t]*\$\$([^\n$]+?)\$\$[ \t]*$/gm, (_m, body: string) => `$$\n${body.trim()}\n$$`)
          .replace(/\\\[([\s\S]+?)\\\]/g, (_m, body: string) => `\n$$\n${body.trim()}\n$$\n`)
          .replace(/\\\(([\s\S]+?)\\\)/g, (_m, body: string) => `$${body.trim()}$`)
      );
    })
    .join('');
}

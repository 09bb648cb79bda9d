/**
 * Markdown as one line of plain text, for short previews (a history list, a
 * card) where the syntax would show as stray `#`, `**` and `|`. Not a
 * renderer: it drops the marks and keeps the words.
 */
export function markdownPreview(markdown: string): string {
  return (
    markdown
      // Fence lines and table separator rows carry no words.
      .replace(/^\s{0,3}(```|~~~).*$/gm, '')
      .replace(/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, '')
      .replace(/^\s{0,3}([-*_])(\s*\1){2,}\s*$/gm, '')
      // Block marks at the start of a line: headings, quotes, list bullets and numbers.
      .replace(/^\s{0,3}#{1,6}\s+/gm, '')
      .replace(/^\s{0,3}(>\s?)+/gm, '')
      .replace(/^\s*([-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/gm, '')
      // Images keep their alt text, links their text.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/<\/?[a-zA-Z][^>]*>/g, '')
      // Emphasis, strike-through, inline code and math delimiters.
      .replace(/(\*\*|__|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/(^|[^\w*])[*_](?=\S)([^*_\n]*?\S)[*_](?![\w*])/g, '$1$2')
      .replace(/`+([^`]*)`+/g, '$1')
      .replace(/\$\$?([^$]+)\$\$?/g, '$1')
      // Table cells read as a list.
      .replace(/^[ \t]*\|/gm, '')
      .replace(/\|[ \t]*$/gm, '')
      .replace(/[ \t]*\|[ \t]*/g, ' · ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

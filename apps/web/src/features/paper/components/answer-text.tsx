import type { MouseEvent } from 'react';
import { Markdown } from '@/components/markdown/markdown';

const CITE_ANCHOR = '#paper-ref-';

/**
 * Turns the answer's `[n]` citations (also `[1, 3]` and `[2][4]`) into
 * Markdown links to the result's anchor. Numbers outside 1..max stay as
 * text: they point at nothing the reader can open. A `[n](url)` that is
 * already a link is left alone.
 */
export function linkCitations(answer: string, max: number): string {
  return answer.replace(/\[(\d{1,3}(?:\s*[,，]\s*\d{1,3})*)\](?!\()/g, (whole, list: string) => {
    const numbers = list.split(/[,，]/).map((n) => Number(n.trim()));
    if (!numbers.every((n) => n >= 1 && n <= max)) return whole;
    // Balanced brackets are allowed in link text; escaped ones (`\[1\]`) would read as display math.
    return numbers.map((n) => `[[${n}]](${CITE_ANCHOR}${n})`).join('');
  });
}

/**
 * The synthesized answer through the shared safe Markdown renderer; a click
 * on a citation scrolls to (and highlights) the result it names instead of
 * changing the URL.
 */
export function AnswerText({ answer, max, onCite }: { answer: string; max: number; onCite: (n: number) => void }) {
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href') ?? '';
    if (!href.startsWith(CITE_ANCHOR)) return;
    event.preventDefault();
    onCite(Number(href.slice(CITE_ANCHOR.length)));
  };
  return (
    // The click handler only reroutes citation links rendered inside; the links themselves stay keyboard-focusable.
    <div className="ai-answer__text" onClick={onClick} data-testid="ai-answer-text">
      <Markdown text={linkCitations(answer, max)} />
    </div>
  );
}

import type { MouseEvent } from 'react';
import { linkCitations as linkCitationsTo } from '@/components/markdown/citations';
import { Markdown } from '@/components/markdown/markdown';

const CITE_ANCHOR = '#paper-ref-';

/** `[n]` citations as links to the result's anchor (the shared rule lives with the Markdown renderer). */
export function linkCitations(answer: string, max: number): string {
  return linkCitationsTo(answer, max, CITE_ANCHOR);
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

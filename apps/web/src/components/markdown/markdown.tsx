import { lazy, Suspense } from 'react';

// The renderer (react-markdown, KaTeX, highlight.js) is its own chunk: only pages that show answers load it.
const MarkdownView = lazy(() => import('./markdown-view'));

/** Loads the Markdown renderer on first use; until then the raw text shows, so nothing jumps or disappears. */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <Suspense fallback={<div className={`md md--plain${className ? ` ${className}` : ''}`}>{text}</div>}>
      <MarkdownView text={text} className={className} />
    </Suspense>
  );
}

/** Starts loading the renderer early (e.g. when the user focuses the question box). */
export function preloadMarkdown(): void {
  void import('./markdown-view').catch(() => undefined);
}

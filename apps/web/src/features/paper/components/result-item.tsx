import type { PaperItem } from '@xueba/contract';
import { LocaleLink } from '@/components/locale-link';
import { detailPath } from './paths';
import { PaperMeta } from './paper-meta';
import { Snippet } from './snippet';

/** One search result; `n` is its citation number in an AI answer. */
export function ResultItem({ paper, n, highlighted = false }: { paper: PaperItem; n?: number; highlighted?: boolean }) {
  return (
    <li className={`paper-result${highlighted ? ' is-highlighted' : ''}`} id={n ? `paper-ref-${n}` : undefined} data-testid="paper-result">
      <h3 className="paper-result__title">
        {n !== undefined && <span className="paper-result__n">[{n}]</span>}
        <LocaleLink to={detailPath(paper.id)} data-testid="paper-result-title">
          {paper.title}
        </LocaleLink>
      </h3>
      <PaperMeta paper={paper} />
      {paper.snippet && <Snippet className="paper-result__snippet" html={paper.snippet} />}
    </li>
  );
}

/** Grey blocks in the shape of results: the loading part of spec §2. */
export function ResultSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <ul className="paper-results" aria-hidden="true" data-testid="paper-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="paper-result paper-result--skeleton">
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line" style={{ width: '45%' }} />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" style={{ width: '80%' }} />
        </li>
      ))}
    </ul>
  );
}

import type { PaperItem } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { venueLine } from './paper-meta';
import { detailPath } from './paths';

/** Cited-by and related papers in the side column: title, venue · year, citations. */
export function PaperListCompact({ papers, empty, testId }: { papers: PaperItem[]; empty: string; testId: string }) {
  const { t } = useTranslation();
  if (papers.length === 0) return <p className="muted small">{empty}</p>;
  return (
    <ul className="paper-compact" data-testid={testId}>
      {papers.map((p) => (
        <li key={p.id}>
          <LocaleLink to={detailPath(p.id)}>{p.title}</LocaleLink>
          <span className="muted small">
            {venueLine(p.venue, p.year)}
            {' · '}
            {t('paper.citations', { formatted: String(p.citation_count) })}
          </span>
        </li>
      ))}
    </ul>
  );
}

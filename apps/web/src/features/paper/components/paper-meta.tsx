import type { PaperItem } from '@xueba/contract';
import { UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatCount } from '@/lib/format';

const SHOWN_AUTHORS = 5;

export function authorLine(authors: readonly string[], etAl: string): string {
  if (authors.length <= SHOWN_AUTHORS) return authors.join(', ');
  return `${authors.slice(0, SHOWN_AUTHORS).join(', ')}, ${etAl}`;
}

/** "ACL 2021" already says the year; "Nature" gets " · 2021". */
export function venueLine(venue: string, year: number | null): string {
  if (year === null) return venue;
  if (!venue) return String(year);
  return venue.includes(String(year)) ? venue : `${venue} · ${year}`;
}

type MetaPaper = Pick<PaperItem, 'authors' | 'venue' | 'year' | 'type' | 'citation_count' | 'open_access'>;

/** Authors, venue · year, type, citations and the open-access badge of one paper. */
export function PaperMeta({ paper, allAuthors = false }: { paper: MetaPaper; allAuthors?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const authors = allAuthors ? paper.authors.join(', ') : authorLine(paper.authors, t('paper.et_al'));
  const where = venueLine(paper.venue, paper.year);
  return (
    <div className="paper-meta">
      {authors && (
        <p className="paper-meta__authors" data-testid="paper-authors">
          {authors}
        </p>
      )}
      <div className="paper-meta__line">
        {where && <span className="paper-meta__venue">{where}</span>}
        <span className="tag" data-testid="paper-type">
          {t(`paper.types.${paper.type}`)}
        </span>
        <span className="tag" data-testid="paper-citations">
          {t('paper.citations', { formatted: formatCount(paper.citation_count, locale) })}
        </span>
        {paper.open_access && (
          <span className="tag tag--success" data-testid="paper-oa">
            <UnlockOutlined aria-hidden="true" />
            {t('paper.open_access')}
          </span>
        )}
      </div>
    </div>
  );
}

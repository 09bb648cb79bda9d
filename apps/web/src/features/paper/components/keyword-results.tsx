import { PAPER_RESULT_WINDOW, type PaperSourceName } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/pager';
import { useLocale } from '@/hooks/use-locale';
import { formatCount } from '@/lib/format';
import { useSearchPapers } from '../api/search-papers';
import { PAGE_SIZE, toSearchQuery, type PaperSort, type SearchState } from '../hooks/search-state';
import { QueryError } from './query-error';
import { ResultItem, ResultSkeleton } from './result-item';
import { SortBar } from './search-filters';

/** Product names, the same in every language. */
const SOURCE_NAMES: Record<PaperSourceName, string> = { local: 'Local', openalex: 'OpenAlex', semanticscholar: 'Semantic Scholar' };

interface Props {
  state: SearchState;
  onPage: (page: number) => void;
  onSort: (sort: PaperSort) => void;
}

/** Results of a keyword search (or the newest papers when there is no keyword), with paging. */
export function KeywordResults({ state, onPage, onSort }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const search = useSearchPapers(toSearchQuery(state), locale);
  // Only the first PAPER_RESULT_WINDOW results are reachable by paging (the server's limit).
  const pageable = (count: number) => Math.min(count, PAPER_RESULT_WINDOW);
  const loading = search.isPending || (search.isFetching && search.isPlaceholderData);

  const head = (
    <div className="paper-results__head">
      <h2 className="paper-results__count" aria-live="polite" data-testid="paper-count">
        {loading
          ? t('paper.searching')
          : search.data
            ? state.keyword.trim()
              ? t('paper.result_count', { n: formatCount(search.data.count, locale) })
              : t('paper.browse_count', { n: formatCount(search.data.count, locale) })
            : ''}
      </h2>
      <SortBar sort={state.sort} onChange={onSort} />
    </div>
  );

  if (loading) {
    return (
      <section className="paper-results-wrap" aria-busy="true">
        {head}
        <ResultSkeleton />
      </section>
    );
  }
  if (search.isError) {
    return (
      <section className="paper-results-wrap">
        {head}
        <QueryError error={search.error} onRetry={() => void search.refetch()} />
      </section>
    );
  }
  const { lists, count, hint, query_used: queryUsed, also_searched: alsoSearched, skipped } = search.data;
  const lastPage = Math.max(1, Math.ceil(pageable(count) / PAGE_SIZE));
  return (
    <section className="paper-results-wrap">
      {head}
      {hint && (
        <p className="callout paper-hint" data-testid="paper-hint">
          {hint}
        </p>
      )}
      {queryUsed && <p className="muted small">{t('paper.query_used', { query: queryUsed })}</p>}
      {alsoSearched && (
        <p className="muted small" data-testid="paper-also-searched">
          {t('paper.also_searched', { query: alsoSearched })}
        </p>
      )}
      {skipped.length > 0 && (
        <p className="callout paper-hint" data-testid="paper-skipped">
          {t('paper.skipped_intro')} {skipped.map((s) => t(`paper.skipped_${s.reason}`, { source: SOURCE_NAMES[s.source] })).join('; ')}
        </p>
      )}
      {lists.length > 0 ? (
        <ul className="paper-results" data-testid="paper-results">
          {lists.map((paper) => (
            <ResultItem key={paper.id} paper={paper} />
          ))}
        </ul>
      ) : count > 0 && state.page > lastPage ? (
        <div className="callout paper-empty" data-testid="paper-beyond-end">
          <p>{t('paper.beyond_end', { page: state.page, last: lastPage })}</p>
          <button type="button" className="btn" onClick={() => onPage(lastPage)}>
            {t('paper.go_last_page')}
          </button>
        </div>
      ) : (
        <div className="paper-empty" data-testid="paper-no-results">
          <p>{state.keyword.trim() ? t('paper.no_results', { keyword: state.keyword.trim() }) : t('paper.no_papers')}</p>
          <p className="muted small">{t('paper.no_results_tip')}</p>
        </div>
      )}
      <Pager page={state.page} total={pageable(count)} pageSize={PAGE_SIZE} onChange={onPage} />
    </section>
  );
}

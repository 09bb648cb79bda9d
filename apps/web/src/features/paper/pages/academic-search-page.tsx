import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AiResults } from '../components/ai-results';
import { KeywordResults } from '../components/keyword-results';
import { SearchBox } from '../components/search-box';
import { SearchFilters } from '../components/search-filters';
import { parseSearchState, serializeSearchState, type SearchMode, type SearchState } from '../hooks/search-state';
import { useSearchHistory } from '../hooks/use-search-history';
import '../paper.css';

/** `/academic_search`: keyword or AI search over the active paper source; the URL holds the whole search. */
export default function AcademicSearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearchState(params), [params]);
  const history = useSearchHistory();

  const go = useCallback(
    (next: SearchState) => {
      setParams(new URLSearchParams(serializeSearchState(next)));
      window.scrollTo({ top: 0 });
    },
    [setParams],
  );

  // Every search that runs is remembered, whichever way it started (this box, the header, a history chip, a link).
  const { add } = history;
  const ran = state.keyword.trim();
  useEffect(() => {
    if (ran) add(ran);
  }, [ran, add]);

  const submit = (keyword: string, mode: SearchMode) => {
    // A new question keeps the filters but starts at the first page.
    go({ ...state, keyword, mode, page: 1 });
  };

  return (
    <div className="page paper-page" data-testid="academic-search-page">
      <section className="hero hero--compact paper-hero">
        <h1 className="hero__title">{t('paper.title')}</h1>
        <p className="hero__intro">{t('paper.intro')}</p>
        <SearchBox
          key={`${state.mode}|${state.keyword}`}
          keyword={state.keyword}
          mode={state.mode}
          history={history.history}
          onSubmit={submit}
          onRemoveHistory={history.remove}
          onClearHistory={history.clear}
        />
      </section>
      {state.mode === 'ai' ? (
        state.keyword.trim() ? (
          <AiResults question={state.keyword.trim()} />
        ) : (
          <p className="muted paper-empty">{t('paper.ai_intro')}</p>
        )
      ) : (
        <>
          <SearchFilters state={state} onChange={(patch) => go({ ...state, ...patch, page: 1 })} />
          <KeywordResults state={state} onPage={(page) => go({ ...state, page })} onSort={(sort) => go({ ...state, sort, page: 1 })} />
        </>
      )}
    </div>
  );
}

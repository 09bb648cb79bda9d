import { RobotOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { useLocale } from '@/hooks/use-locale';
import { useAiSearch } from '../api/ai-search';
import { AnswerText } from './answer-text';
import { searchPath } from './paths';
import { QueryError } from './query-error';
import { ResultItem, ResultSkeleton } from './result-item';

/** "AI search": the keywords the question became, a short answer citing [n], and the results it cites. */
export function AiResults({ question }: { question: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const ai = useAiSearch(question, locale, true);
  const [highlighted, setHighlighted] = useState<number | null>(null);

  const cite = (n: number) => {
    setHighlighted(n);
    document.getElementById(`paper-ref-${n}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };

  if (!question.trim()) return null;
  if (ai.isPending) {
    return (
      <section className="paper-results-wrap" aria-busy="true">
        <div className="ai-answer ai-answer--loading" data-testid="ai-thinking">
          <RobotOutlined aria-hidden="true" /> {t('paper.ai_thinking')}
        </div>
        <ResultSkeleton rows={3} />
      </section>
    );
  }
  if (ai.isError) return <QueryError error={ai.error} onRetry={() => void ai.refetch()} />;

  const { answer, keywords, lists, by_model: byModel, hint, query_used: queryUsed, count } = ai.data;
  return (
    <section className="paper-results-wrap">
      <article className="ai-answer" data-testid="ai-answer">
        <header className="ai-answer__head">
          <h2>
            <RobotOutlined aria-hidden="true" /> {t('paper.ai_answer')}
          </h2>
          <span className="tag">{byModel ? t('paper.by_model') : t('paper.by_extract')}</span>
        </header>
        {keywords.length > 0 && (
          <p className="ai-answer__keywords" data-testid="ai-keywords">
            <span className="muted">{t('paper.ai_keywords')}</span>
            {keywords.map((k) => (
              <span key={k} className="tag tag--brand" title={k}>
                {k}
              </span>
            ))}
          </p>
        )}
        {hint && (
          <p className="callout paper-hint" data-testid="paper-hint">
            {hint}
          </p>
        )}
        {answer.trim() ? <AnswerText answer={answer} max={lists.length} onCite={cite} /> : <p className="muted">{t('paper.ai_no_answer')}</p>}
        {/* An extract stitched from abstracts is not AI-generated text. */}
        {byModel && (
          <p className="muted small" data-testid="ai-disclaimer">
            {t('shell.disclaimer')}
          </p>
        )}
      </article>
      {lists.length > 0 && (
        <>
          <div className="paper-results__head">
            <h2 className="paper-results__count">{t('paper.ai_results', { n: lists.length, total: count })}</h2>
            {queryUsed && (
              <LocaleLink className="link-btn small" to={searchPath(`?keyword=${encodeURIComponent(queryUsed)}`)} data-testid="ai-see-all">
                {t('paper.ai_see_all')}
              </LocaleLink>
            )}
          </div>
          <ul className="paper-results" data-testid="paper-results">
            {lists.map((paper, i) => (
              <ResultItem key={paper.id} paper={paper} n={i + 1} highlighted={highlighted === i + 1} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

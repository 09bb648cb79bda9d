import { PAPER_KEYWORD_MAX } from '@xueba/contract';
import { ClockCircleOutlined, CloseOutlined, RobotOutlined, SearchOutlined } from '@ant-design/icons';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchMode } from '../hooks/search-state';

interface Props {
  keyword: string;
  mode: SearchMode;
  history: string[];
  onSubmit: (keyword: string, mode: SearchMode) => void;
  onRemoveHistory: (keyword: string) => void;
  onClearHistory: () => void;
}

/**
 * The query box with its mode switch (keywords / AI question) and the search
 * history below it. The page keys it by the URL's keyword and mode, so a
 * header search or a history click starts it afresh.
 */
export function SearchBox({ keyword, mode, history, onSubmit, onRemoveHistory, onClearHistory }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(keyword);
  const [currentMode, setCurrentMode] = useState<SearchMode>(mode);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const submit = (event?: FormEvent, value = text, nextMode = currentMode) => {
    event?.preventDefault();
    const trimmed = value.trim();
    if (!trimmed) {
      setError(nextMode === 'ai' ? t('paper.question_required') : t('paper.keyword_required'));
      return;
    }
    setError(null);
    onSubmit(trimmed, nextMode);
  };

  const near = text.length > PAPER_KEYWORD_MAX - 50;

  return (
    <div className="paper-search">
      <div className="paper-search__modes" role="tablist" aria-label={t('paper.mode_label')}>
        {(['keyword', 'ai'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={currentMode === m}
            className={`paper-search__mode${currentMode === m ? ' is-active' : ''}`}
            onClick={() => {
              setCurrentMode(m);
              setError(null);
            }}
            data-testid={`paper-mode-${m}`}
          >
            {m === 'ai' ? <RobotOutlined aria-hidden="true" /> : <SearchOutlined aria-hidden="true" />}
            {t(m === 'ai' ? 'paper.mode_ai' : 'paper.mode_keyword')}
          </button>
        ))}
      </div>
      <form className="paper-search__form" role="search" onSubmit={submit} noValidate>
        <input
          type="search"
          className={`paper-search__input${error ? ' is-invalid' : ''}`}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          placeholder={t(currentMode === 'ai' ? 'paper.ai_placeholder' : 'paper.keyword_placeholder')}
          aria-label={t(currentMode === 'ai' ? 'paper.mode_ai' : 'paper.mode_keyword')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          maxLength={PAPER_KEYWORD_MAX}
          data-testid="paper-query"
        />
        <button type="submit" className="btn btn--primary btn--lg" data-testid="paper-submit">
          {t(currentMode === 'ai' ? 'paper.ask' : 'paper.search')}
        </button>
      </form>
      {error && (
        <p className="paper-search__error" id={errorId} role="alert" data-testid="paper-query-error">
          {error}
        </p>
      )}
      {near && !error && (
        <p className="muted small" data-testid="paper-query-length">
          {t('paper.length_hint', { n: text.length, max: PAPER_KEYWORD_MAX })}
        </p>
      )}
      {history.length > 0 && (
        <div className="paper-history" data-testid="paper-history">
          <span className="paper-history__label">
            <ClockCircleOutlined aria-hidden="true" /> {t('paper.history')}
          </span>
          <ul>
            {history.map((h) => (
              <li key={h} className="paper-history__item">
                <button type="button" className="paper-history__text" onClick={() => submit(undefined, h)} title={h}>
                  {h}
                </button>
                <button type="button" className="paper-history__remove" onClick={() => onRemoveHistory(h)} aria-label={t('paper.history_remove', { keyword: h })}>
                  <CloseOutlined aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="link-btn small" onClick={onClearHistory} data-testid="paper-history-clear">
            {t('paper.history_clear')}
          </button>
        </div>
      )}
    </div>
  );
}

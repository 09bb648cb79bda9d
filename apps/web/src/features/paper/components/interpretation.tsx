import { BulbOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Markdown } from '@/components/markdown/markdown';
import { useInterpretation } from '../hooks/use-interpretation';


/**
 * The AI interpretation (problem, method, findings, limitations), streamed in
 * the interface language. It starts on request: a model answer may cost the
 * operator, and most visits only need the abstract.
 */
export function Interpretation({ id }: { id: string }) {
  const { t } = useTranslation();
  const { state, start, stop } = useInterpretation(id);
  const streaming = state.status === 'streaming';
  return (
    <section className="card paper-interpret" aria-busy={streaming} data-testid="paper-interpret">
      <div className="paper-section-head">
        <h2>
          <BulbOutlined aria-hidden="true" /> {t('paper.interpret_title')}
        </h2>
        {streaming ? (
          <button type="button" className="btn" onClick={stop} data-testid="interpret-stop">
            <StopOutlined aria-hidden="true" /> {t('paper.interpret_stop')}
          </button>
        ) : state.status === 'idle' ? (
          <button type="button" className="btn btn--primary" onClick={start} data-testid="interpret-start">
            <BulbOutlined aria-hidden="true" /> {t('paper.interpret_start')}
          </button>
        ) : (
          <button type="button" className="btn" onClick={start} data-testid="interpret-again">
            <ReloadOutlined aria-hidden="true" /> {t('paper.interpret_again')}
          </button>
        )}
      </div>
      {state.status === 'idle' && <p className="muted">{t('paper.interpret_intro')}</p>}
      {state.notice && <p className="callout paper-hint">{state.notice}</p>}
      {streaming && state.sections.length === 0 && (
        <p className="muted" role="status">
          <span className="typing-dot" aria-hidden="true" /> {t('paper.interpret_waiting')}
        </p>
      )}
      <div aria-live="polite">
        {state.sections.map((s, i) => (
          <div key={`${s.section}-${i}`} className="paper-interpret__section" data-testid={`interpret-${s.section}`}>
            <h3>{s.title || t(`msg.paper_section_${s.section}`)}</h3>
            <Markdown text={s.text} />
            {streaming && i === state.sections.length - 1 && <span className="typing-dot" aria-hidden="true" />}
          </div>
        ))}
      </div>
      {state.status === 'error' && (
        <p className="callout callout--warning" role="alert" data-testid="interpret-error">
          {state.error}
        </p>
      )}
      {/* The offline interpretation quotes the paper's own sentences: not AI-generated text. */}
      {state.status === 'done' && state.byModel && (
        <p className="muted small" data-testid="ai-disclaimer">
          {t('shell.disclaimer')}
        </p>
      )}
    </section>
  );
}

import { ArrowDownOutlined, ArrowUpOutlined, BulbOutlined, DeleteOutlined, FileTextOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { PAPER_WRITE_SOURCES_MAX, type PaperWriteDetail, type PaperWriteSource } from '@xueba/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { confirmBox, toast } from '@/lib/notify';
import { isRequestError } from '@/lib/request';
import { detailPath } from '@/features/paper/components/paths';
import { authorLine, venueLine } from '@/features/paper/components/paper-meta';
import { Snippet } from '@/features/paper/components/snippet';
import { addSource, moveSources, removeSource, useSuggestions } from '../api/paper-write-api';
import { DocPicker } from './doc-picker';

function failed(error: unknown, fallback: string): void {
  toast.error(isRequestError(error) && error.message ? error.message : fallback);
}

/** One bibliography entry as printed in the project's style, with its tools. */
export function SourceEntry({ source, total, onMove, onRemove, busy }: { source: PaperWriteSource; total: number; onMove?: (by: -1 | 1) => void; onRemove?: () => void; busy?: boolean }) {
  const { t } = useTranslation();
  return (
    <li id={`pw-ref-${source.n}`} className={`pw-ref${source.available ? '' : ' pw-ref--missing'}`} data-testid="pw-source">
      <span className="pw-ref__no">[{source.n}]</span>
      <div className="pw-ref__body">
        <span className="pw-ref__title" data-testid="pw-source-citation">
          {source.citation}
        </span>
        <span className="pw-meta">
          {source.kind === 'doc' ? (
            <span>
              <FileTextOutlined aria-hidden="true" /> {t('paperwrite.sources.from_doc')}
            </span>
          ) : (
            source.available && (
              <LocaleLink to={detailPath(source.ref)} target="_blank">
                {t('paperwrite.sources.open_paper')}
              </LocaleLink>
            )
          )}
          {!source.available && (
            <span className="tag" title={t('paperwrite.sources.missing_hint')} data-testid="pw-source-missing">
              {t('paperwrite.sources.missing')}
            </span>
          )}
        </span>
      </div>
      {(onMove || onRemove) && (
        <div className="pw-ref__tools">
          {onMove && (
            <>
              <button type="button" className="icon-btn icon-btn--sm" disabled={busy || source.n === 1} onClick={() => onMove(-1)} aria-label={t('paperwrite.sources.move_up')} title={t('paperwrite.sources.move_up')}>
                <ArrowUpOutlined aria-hidden="true" />
              </button>
              <button type="button" className="icon-btn icon-btn--sm" disabled={busy || source.n === total} onClick={() => onMove(1)} aria-label={t('paperwrite.sources.move_down')} title={t('paperwrite.sources.move_down')}>
                <ArrowDownOutlined aria-hidden="true" />
              </button>
            </>
          )}
          {onRemove && (
            <button type="button" className="icon-btn icon-btn--sm" disabled={busy} onClick={onRemove} aria-label={`${t('paperwrite.sources.remove')} [${source.n}]`} title={t('paperwrite.sources.remove')} data-testid="pw-source-remove">
              <DeleteOutlined aria-hidden="true" />
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** Suggested papers (the topic) or found ones (a keyword), each with a keep button. */
function PaperResults({ projectId, keyword, full }: { projectId: number; keyword: string; full: boolean }) {
  const { t } = useTranslation();
  const results = useSuggestions(projectId, keyword, 1);
  const [adding, setAdding] = useState<string | null>(null);
  if (results.isPending) return <p className="muted small">{t('paperwrite.sources.suggesting')}</p>;
  if (results.isError)
    return (
      <p className="pw-field__error" role="alert">
        {results.error.message || t('errors.server_error')}{' '}
        <button type="button" className="link-btn" onClick={() => void results.refetch()}>
          {t('common.retry')}
        </button>
      </p>
    );
  const { lists, hint } = results.data;
  const keep = async (paperId: string) => {
    setAdding(paperId);
    try {
      await addSource(projectId, { paper_id: paperId });
    } catch (error) {
      failed(error, t('errors.server_error'));
    } finally {
      setAdding(null);
    }
  };
  return (
    <>
      {hint && <p className="muted small">{hint}</p>}
      {lists.length === 0 ? (
        <p className="muted small" data-testid="pw-suggest-empty">
          {keyword ? t('paperwrite.sources.no_results') : t('paperwrite.sources.suggestions_empty')}
        </p>
      ) : (
        <ul className="pw-refs" data-testid="pw-suggestions">
          {lists.map((paper) => (
            <li key={paper.id} className="pw-ref" data-testid="pw-suggestion">
              <div className="pw-ref__body">
                <LocaleLink to={detailPath(paper.id)} target="_blank" className="pw-ref__title" data-testid="pw-suggestion-title">
                  {paper.title}
                </LocaleLink>
                <span className="pw-meta">
                  <span>{authorLine(paper.authors, t('paper.et_al'))}</span>
                  <span>{venueLine(paper.venue, paper.year)}</span>
                  <span>{t('paperwrite.sources.cited_by', { count: paper.citation_count })}</span>
                </span>
                {paper.snippet && <Snippet html={paper.snippet} className="small muted" />}
              </div>
              <div className="pw-ref__tools">
                {paper.kept ? (
                  <span className="tag tag--success" data-testid="pw-suggestion-kept">
                    {t('paperwrite.sources.kept')}
                  </span>
                ) : (
                  <button type="button" className="btn btn--outline" disabled={full || adding !== null} onClick={() => void keep(paper.id)} data-testid="pw-keep">
                    <PlusOutlined aria-hidden="true" /> {t('paperwrite.sources.keep')}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

type AddMode = 'suggest' | 'search' | 'doc';

/** Step 1: suggestions, search and the documents library on one side; the bibliography on the other. */
export function SourcesStep({ detail }: { detail: PaperWriteDetail }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<AddMode>('suggest');
  // A new project shows the topic's suggestions at once; later visits ask first (a search costs the server time).
  const [suggestAsked, setSuggestAsked] = useState(detail.bibliography.length === 0);
  const [query, setQuery] = useState('');
  // The keyword searched (null: no search yet).
  const [keyword, setKeyword] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = detail.bibliography;
  const full = list.length >= PAPER_WRITE_SOURCES_MAX;

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      failed(error, t('errors.server_error'));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (source: PaperWriteSource) => {
    const ok = await confirmBox({ title: t('paperwrite.sources.remove'), content: t('paperwrite.sources.remove_confirm', { title: source.title }), okText: t('paperwrite.sources.remove'), cancelText: t('common.cancel') });
    if (ok) await run(() => removeSource(detail.id, source.id));
  };
  const move = (source: PaperWriteSource, by: -1 | 1) => {
    const order = list.map((s) => s.id);
    const at = order.indexOf(source.id);
    const to = at + by;
    if (to < 0 || to >= order.length) return;
    [order[at], order[to]] = [order[to]!, order[at]!];
    void run(() => moveSources(detail.id, order));
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    setKeyword(query.trim() || null);
  };

  return (
    <div className="pw-sources">
      <section className="pw-card" aria-labelledby="pw-add">
        <h2 id="pw-add">{t('paperwrite.sources.heading')}</h2>
        <p className="muted small">{t('paperwrite.sources.intro')}</p>
        <div className="pw-tabs" role="tablist">
          {(
            [
              ['suggest', <BulbOutlined key="i" aria-hidden="true" />, t('paperwrite.sources.suggestions')],
              ['search', <SearchOutlined key="i" aria-hidden="true" />, t('paperwrite.sources.add_search')],
              ['doc', <FileTextOutlined key="i" aria-hidden="true" />, t('paperwrite.sources.add_doc')],
            ] as const
          ).map(([key, icon, label]) => (
            <button key={key} type="button" role="tab" aria-selected={mode === key} className={mode === key ? 'is-on' : ''} onClick={() => setMode(key)} data-testid={`pw-add-${key}`}>
              {icon} {label}
            </button>
          ))}
        </div>
        {full && (
          <p className="pw-banner" role="status">
            {t('paperwrite.sources.full', { max: PAPER_WRITE_SOURCES_MAX })}
          </p>
        )}
        {mode === 'suggest' &&
          (suggestAsked ? (
            <PaperResults projectId={detail.id} keyword="" full={full} />
          ) : (
            <button type="button" className="btn btn--primary" onClick={() => setSuggestAsked(true)} data-testid="pw-suggest">
              <BulbOutlined aria-hidden="true" /> {t('paperwrite.sources.suggest')}
            </button>
          ))}
        {mode === 'search' && (
          <>
            <form className="pw-search" role="search" onSubmit={search}>
              <input className="pw-input" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('paperwrite.sources.search_placeholder')} aria-label={t('paperwrite.sources.search_placeholder')} maxLength={200} data-testid="pw-search-input" />
              <button type="submit" className="btn btn--primary" data-testid="pw-search-submit">
                <SearchOutlined aria-hidden="true" /> {t('paperwrite.sources.search')}
              </button>
            </form>
            {keyword && <PaperResults projectId={detail.id} keyword={keyword} full={full} />}
          </>
        )}
        {mode === 'doc' && <DocPicker kept={list.filter((s) => s.kind === 'doc').map((s) => Number(s.ref))} disabled={busy || full} onPick={(doc) => void run(() => addSource(detail.id, { doc_id: doc }))} />}
      </section>
      <section className="pw-card" aria-labelledby="pw-bib">
        <h2 id="pw-bib">{t('paperwrite.sources.bibliography', { count: list.length })}</h2>
        {list.length === 0 ? (
          <p className="muted" data-testid="pw-bib-empty">
            {t('paperwrite.sources.bibliography_empty')}
          </p>
        ) : (
          <ol className="pw-refs" data-testid="pw-bibliography" aria-busy={busy}>
            {list.map((source) => (
              <SourceEntry key={source.id} source={source} total={list.length} busy={busy} onMove={(by) => move(source, by)} onRemove={() => void remove(source)} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

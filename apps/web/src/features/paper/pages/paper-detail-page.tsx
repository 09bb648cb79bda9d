import { ArrowLeftOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { LocaleLink } from '@/components/locale-link';
import { useLocale } from '@/hooks/use-locale';
import { useUser } from '@/lib/auth';
import { formatCount } from '@/lib/format';
import { hasKey } from '@/lib/request';
import { usePaperDetail } from '../api/get-paper-detail';
import { Interpretation } from '../components/interpretation';
import { PaperActions } from '../components/paper-actions';
import { PaperListCompact } from '../components/paper-list-compact';
import { PaperMeta } from '../components/paper-meta';
import { ReferencesList } from '../components/references-list';
import { QueryError } from '../components/query-error';
import { SEARCH_PATH } from '../components/paths';
import '../paper.css';

/** Same rule as the contract's paper id, so a mangled URL is a 404 without asking the server. */
const PAPER_ID = /^(?:\d{1,10}|openalex:W\d{1,15}|s2:[A-Za-z0-9]{1,64})$/;

/** `/academic_search/detail/:id`: a paper with its references, cited-by, related papers and AI interpretation. */
export default function PaperDetailPage() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  if (!PAPER_ID.test(id)) return <ErrorView status={404} path={pathname} />;
  return <PaperDetailView key={id} id={id} />;
}

function DetailSkeleton() {
  return (
    <div className="paper-detail" aria-busy="true" data-testid="paper-detail-loading">
      <div className="card">
        <span className="skeleton skeleton--h1" />
        <span className="skeleton skeleton--line" style={{ width: '60%' }} />
        <span className="skeleton skeleton--line" style={{ width: '40%' }} />
        <span className="skeleton skeleton--block" />
      </div>
    </div>
  );
}

function PaperDetailView({ id }: { id: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user } = useUser();
  const detail = usePaperDetail(id, user?.id ?? null);
  const title = detail.data?.title;

  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  if (detail.isPending) return <DetailSkeleton />;
  if (detail.isError) {
    // An unknown paper is a not-found page; anything else is worth a retry.
    const notFound = hasKey(detail.error, 'paper_not_found');
    return notFound ? <ErrorView status={404} path={pathname} /> : <QueryError error={detail.error} onRetry={() => void detail.refetch()} />;
  }
  const paper = detail.data;
  return (
    <div className="paper-detail" data-testid="paper-detail">
      <div className="paper-detail__back">
        {/* Back to the result list the reader came from (its filters and page), or to a fresh search. */}
        {window.history.length > 1 ? (
          <button type="button" className="link-btn" onClick={() => void navigate(-1)} data-testid="paper-back">
            <ArrowLeftOutlined aria-hidden="true" /> {t('paper.back')}
          </button>
        ) : (
          <LocaleLink to={SEARCH_PATH} className="link-btn" data-testid="paper-back">
            <ArrowLeftOutlined aria-hidden="true" /> {t('paper.back')}
          </LocaleLink>
        )}
      </div>
      <div className="paper-detail__grid">
        <div className="paper-detail__main">
          <article className="card paper-head">
            <h1 data-testid="paper-title">{paper.title}</h1>
            <PaperMeta paper={paper} allAuthors />
            <dl className="paper-facts">
              <div>
                <dt>{t('paper.citation_count')}</dt>
                <dd data-testid="paper-citation-count">{formatCount(paper.citation_count, locale)}</dd>
              </div>
              <div>
                <dt>{t('paper.reference_count')}</dt>
                <dd>{formatCount(paper.reference_count, locale)}</dd>
              </div>
              {paper.doi && (
                <div>
                  <dt>DOI</dt>
                  <dd className="paper-facts__mono">{paper.doi}</dd>
                </div>
              )}
              <div>
                <dt>{t('paper.source_id')}</dt>
                <dd className="paper-facts__mono">{paper.source_id}</dd>
              </div>
            </dl>
            <PaperActions paper={paper} />
          </article>

          <section className="card">
            <h2>{t('paper.abstract')}</h2>
            {paper.abstract ? <p className="paper-abstract" data-testid="paper-abstract">{paper.abstract}</p> : <p className="muted">{t('paper.no_abstract')}</p>}
            {paper.keywords.length > 0 && (
              <p className="paper-keywords">
                {paper.keywords.map((k) => (
                  <span key={k} className="tag">
                    {k}
                  </span>
                ))}
              </p>
            )}
          </section>

          <Interpretation id={paper.id} />

          <section className="card">
            <h2>
              {t('paper.references')} <span className="muted small">({formatCount(paper.reference_count, locale)})</span>
            </h2>
            <ReferencesList references={paper.references} total={paper.reference_count} />
          </section>
        </div>
        <aside className="paper-detail__side">
          <section className="card">
            <h2>
              {t('paper.cited_by')} <span className="muted small">({paper.cited_by.length})</span>
            </h2>
            <PaperListCompact papers={paper.cited_by} empty={t('paper.no_cited_by')} testId="paper-cited-by" />
          </section>
          <section className="card">
            <h2>{t('paper.related')}</h2>
            <PaperListCompact papers={paper.related} empty={t('paper.no_related')} testId="paper-related" />
          </section>
        </aside>
      </div>
    </div>
  );
}

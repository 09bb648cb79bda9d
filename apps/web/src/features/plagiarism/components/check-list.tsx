import type { PlagiarismItem } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { deleteCheck, LIST_PAGE_SIZE, usePlagiarismList } from '../api/plagiarism-api';
import { percent } from '../lib/runs';

function Status({ item }: { item: PlagiarismItem }) {
  const { t } = useTranslation();
  const label = t(`plagiarism.list.status.${item.status}`);
  if (item.status === 'queued') return <span className="plag-status">{item.position > 0 ? `${label} · ${t('plagiarism.list.queued_at', { count: item.position })}` : label}</span>;
  if (item.status === 'running')
    return (
      <span className="plag-status">
        {t('plagiarism.list.progress', { value: item.progress })}
        <progress max={100} value={item.progress} aria-label={label} />
      </span>
    );
  if (item.status === 'failed') return <span className="plag-status plag-error">{item.error_msg ?? label}</span>;
  return <span className="plag-status">{label}</span>;
}

/** The user's checks, newest first; rows still waiting or running update themselves. */
export function CheckList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const list = usePlagiarismList(page, true);
  const rows = list.data?.lists ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / LIST_PAGE_SIZE));
  return (
    <section className="card plag-list" data-testid="plag-list">
      <h2>{t('plagiarism.list.title')}</h2>
      {rows.length === 0 && !list.isPending && <p className="muted">{t('plagiarism.list.empty')}</p>}
      <ul>
        {rows.map((item) => (
          <li key={item.id} className="plag-row" data-testid="plag-row" data-status={item.status}>
            <div className="plag-row__main">
              <LocaleLink to={`/paper/check/${item.id}`} className="plag-row__title">
                {item.title}
              </LocaleLink>
              <span className="muted small">
                {formatDate(item.created_at, locale, true)} · {t('plagiarism.form.chars', { count: item.chars })} · {item.included ? t('plagiarism.list.included') : t('plagiarism.list.charged', { count: item.charged })}
              </span>
            </div>
            <Status item={item} />
            {item.total_ratio !== null && (
              <strong className="plag-row__ratio" title={t('plagiarism.list.ratio')} data-testid="plag-row-ratio">
                {percent(item.total_ratio)}
              </strong>
            )}
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => {
                if (window.confirm(t('plagiarism.list.confirm_delete'))) void deleteCheck(item.id);
              }}
            >
              {t('plagiarism.list.delete')}
            </button>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="plag-pager">
          <button type="button" className="btn" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            ‹
          </button>
          <span>
            {page} / {pages}
          </span>
          <button type="button" className="btn" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            ›
          </button>
        </nav>
      )}
    </section>
  );
}

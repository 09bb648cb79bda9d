import { FileTextOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { api } from '@/lib/api';
import { request } from '@/lib/request';

/** A document of the user's library, searched by name; only processed ones can become maps. */
export function DocPicker({ value, onPick }: { value: number | null; onPick: (doc: { id: number; name: string }) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const docs = useQuery({
    queryKey: ['mindmap', 'docs', deferred],
    queryFn: ({ signal }) => request(api.docLists, { page_no: 1, page_size: 30, keyword: deferred || undefined, status: 'complete' }, { signal, background: true, silent: true }),
    placeholderData: keepPreviousData,
  });
  const list = docs.data?.lists ?? [];
  return (
    <div className="mm-docs" data-testid="mm-doc-picker">
      <label className="mm-search">
        <SearchOutlined aria-hidden="true" />
        <input type="search" value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t('mindmap.create.doc_search')} aria-label={t('mindmap.create.doc_search')} />
      </label>
      {docs.isError ? (
        <p className="mm-error small" role="alert">
          {docs.error.message || t('errors.server_error')}{' '}
          <button type="button" className="link-btn" onClick={() => void docs.refetch()}>
            {t('common.retry')}
          </button>
        </p>
      ) : docs.isPending ? (
        <p className="muted small">{t('common.loading')}</p>
      ) : list.length === 0 ? (
        <p className="muted small" data-testid="mm-doc-empty">
          {deferred ? t('mindmap.create.doc_none_found') : t('mindmap.create.doc_none')} <LocaleLink to="/doc/manage">{t('mindmap.create.doc_upload')}</LocaleLink>
        </p>
      ) : (
        <ul className="mm-docs__list" role="listbox" aria-label={t('mindmap.create.doc_label')}>
          {list.map((d) => (
            <li key={d.id} role="option" aria-selected={value === d.id}>
              <button type="button" className={`mm-docs__item${value === d.id ? ' is-on' : ''}`} onClick={() => onPick({ id: d.id, name: d.name })} data-testid="mm-doc-item">
                <FileTextOutlined aria-hidden="true" /> <span className="mm-docs__name">{d.name}</span>
                <span className="muted small">{t('mindmap.create.doc_pages', { count: d.pages })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

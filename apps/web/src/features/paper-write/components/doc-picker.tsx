import { CheckOutlined, FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { api } from '@/lib/api';
import { request } from '@/lib/request';

/** The user's processed documents, searched by name; one click adds a document to the bibliography. */
export function DocPicker({ kept, disabled, onPick }: { kept: number[]; disabled: boolean; onPick: (id: number) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const docs = useQuery({
    queryKey: ['paper-write', 'docs', deferred],
    queryFn: ({ signal }) => request(api.docLists, { page_no: 1, page_size: 30, keyword: deferred || undefined, status: 'complete' }, { signal, background: true, silent: true }),
    placeholderData: keepPreviousData,
  });
  const list = docs.data?.lists ?? [];
  return (
    <div data-testid="pw-doc-picker">
      <div className="pw-search">
        <input className="pw-input" type="search" value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t('paperwrite.sources.doc_search')} aria-label={t('paperwrite.sources.doc_search')} />
      </div>
      {docs.isError ? (
        <p className="pw-field__error" role="alert">
          {docs.error.message || t('errors.server_error')}{' '}
          <button type="button" className="link-btn" onClick={() => void docs.refetch()}>
            {t('common.retry')}
          </button>
        </p>
      ) : docs.isPending ? (
        <p className="muted small">{t('common.loading')}</p>
      ) : list.length === 0 ? (
        <p className="muted small" data-testid="pw-doc-empty">
          {deferred ? t('paperwrite.sources.doc_none_found') : t('paperwrite.sources.doc_none')} <LocaleLink to="/doc/manage">{t('paperwrite.sources.doc_upload')}</LocaleLink>
        </p>
      ) : (
        <ul className="pw-refs">
          {list.map((d) => {
            const isKept = kept.includes(d.id);
            return (
              <li key={d.id} className="pw-ref" data-testid="pw-doc-item">
                <FileTextOutlined aria-hidden="true" />
                <div className="pw-ref__body">
                  <span className="pw-ref__title">{d.name}</span>
                  <span className="pw-meta">{t('paperwrite.sources.doc_pages', { count: d.pages })}</span>
                </div>
                {isKept ? (
                  <span className="tag tag--success">
                    <CheckOutlined aria-hidden="true" /> {t('paperwrite.sources.kept')}
                  </span>
                ) : (
                  <button type="button" className="btn btn--outline" disabled={disabled} onClick={() => onPick(d.id)} data-testid="pw-doc-add">
                    <PlusOutlined aria-hidden="true" /> {t('paperwrite.sources.keep')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

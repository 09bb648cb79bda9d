import { EyeOutlined } from '@ant-design/icons';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LocaleLink } from '@/components/locale-link';
import { Pager } from '@/components/pager';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { mediaUrl } from '@/lib/media-url';
import { usePageMeta } from '@/lib/page-meta';
import { NEWS_PAGE_SIZE, useNewsList } from '../api/news-api';
import { SearchBox } from '../components/search-box';
import '../news.css';

function positive(value: string | null): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** `/news`: published news in the reader's language, by category, searchable, a page at a time. */
export default function NewsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const category = positive(params.get('category'));
  const page = positive(params.get('page')) ?? 1;
  const q = params.get('q') ?? '';
  const list = useNewsList(locale, category, q, page);
  usePageMeta({ title: q ? `${t('news.title')}: ${q}` : undefined });

  const update = useCallback(
    (patch: Record<string, string | number | null>) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null || value === '' || value === 1) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      }),
    [setParams],
  );
  const onSearch = useCallback((text: string) => update({ q: text, page: null }), [update]);
  const data = list.data;

  return (
    <div className="page news" data-testid="news-page">
      <header className="news__head">
        <h1>{t('news.title')}</h1>
        <SearchBox value={q} onSearch={onSearch} placeholder={t('news.search')} testId="news-search" />
      </header>
      {data && data.categories.length > 0 && (
        <nav className="news__cats" aria-label={t('news.categories')}>
          <button type="button" className={`content-chip${category === null ? ' is-active' : ''}`} aria-pressed={category === null} onClick={() => update({ category: null, page: null })}>
            {t('news.all')}
          </button>
          {data.categories.map((c) => (
            <button key={c.id} type="button" className={`content-chip${category === c.id ? ' is-active' : ''}`} aria-pressed={category === c.id} onClick={() => update({ category: c.id, page: null })} data-testid={`news-cat-${c.id}`}>
              {c.name}
            </button>
          ))}
        </nav>
      )}
      {list.isError && (
        <p className="msg__error" role="alert">
          {t('errors.server_error')}{' '}
          <button type="button" className="link-btn" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </button>
        </p>
      )}
      {list.isPending && (
        <div className="news__list" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <span key={i} className="skeleton skeleton--block news__skeleton" />
          ))}
        </div>
      )}
      {data && data.lists.length === 0 && (
        <p className="muted news__empty" data-testid="news-empty">
          {q ? t('news.search_empty', { q }) : t('news.empty')}
        </p>
      )}
      {data && data.lists.length > 0 && (
        <ul className="news__list" data-testid="news-list">
          {data.lists.map((item) => (
            <li key={item.id} className="news-card" data-testid={`news-item-${item.id}`}>
              <LocaleLink to={`/news/detail/${item.id}`} className="news-card__link">
                {item.cover ? <img className="news-card__cover" src={mediaUrl(item.cover)} alt="" loading="lazy" /> : <span className="news-card__cover news-card__cover--none" aria-hidden="true" />}
                <span className="news-card__body">
                  <span className="news-card__title">{item.title}</span>
                  {item.summary && <span className="news-card__summary">{item.summary}</span>}
                  <span className="news-card__meta">
                    {item.category_name && <span className="news-card__cat">{item.category_name}</span>}
                    <time dateTime={item.published_at}>{formatDate(item.published_at, locale)}</time>
                    <span>
                      <EyeOutlined aria-hidden="true" /> {t('news.views', { count: item.view_count })}
                    </span>
                  </span>
                </span>
              </LocaleLink>
            </li>
          ))}
        </ul>
      )}
      {data && <Pager page={page} total={data.count} pageSize={NEWS_PAGE_SIZE} onChange={(p) => update({ page: p })} />}
    </div>
  );
}

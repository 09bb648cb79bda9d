import { FileTextOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LocaleLink } from '@/components/locale-link';
import { RichText } from '@/components/rich-text';
import { useLocale } from '@/hooks/use-locale';
import { usePageMeta } from '@/lib/page-meta';
import { SearchBox } from '@/features/news/components/search-box';
import { useHelpList } from '../api/help-api';
import '../help.css';

/** `/help`: the help centre, its articles and FAQ by section, with search. */
export default function HelpPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const categoryParam = Number(params.get('category'));
  const category = Number.isInteger(categoryParam) && categoryParam > 0 ? categoryParam : null;
  const q = params.get('q') ?? '';
  const list = useHelpList(locale, category, q);
  usePageMeta({ title: q ? `${t('help.title')}: ${q}` : undefined });

  const update = useCallback(
    (patch: Record<string, string | number | null>) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      }),
    [setParams],
  );
  const onSearch = useCallback((text: string) => update({ q: text }), [update]);
  const data = list.data;
  const empty = data && data.articles.length === 0 && data.faq.length === 0;

  return (
    <div className="page help" data-testid="help-page">
      <header className="help__hero">
        <h1>{t('help.title')}</h1>
        <p className="muted">{t('help.intro')}</p>
        <SearchBox value={q} onSearch={onSearch} placeholder={t('help.search')} testId="help-search" />
      </header>
      {data && data.categories.length > 0 && (
        <nav className="news__cats" aria-label={t('help.sections')}>
          <button type="button" className={`content-chip${category === null ? ' is-active' : ''}`} aria-pressed={category === null} onClick={() => update({ category: null })}>
            {t('help.all')}
          </button>
          {data.categories.map((c) => (
            <button key={c.id} type="button" className={`content-chip${category === c.id ? ' is-active' : ''}`} aria-pressed={category === c.id} onClick={() => update({ category: c.id })} data-testid={`help-cat-${c.id}`}>
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
      {list.isPending && <span className="skeleton skeleton--block" aria-busy="true" />}
      {empty && (
        <p className="muted news__empty" data-testid="help-empty">
          {q ? t('help.search_empty', { q }) : t('help.empty')}
        </p>
      )}
      {data && data.articles.length > 0 && (
        <section className="help__section" aria-labelledby="help-articles">
          <h2 id="help-articles">{t('help.articles')}</h2>
          <ul className="help__articles" data-testid="help-articles">
            {data.articles.map((a) => (
              <li key={a.id}>
                <LocaleLink to={`/help/${a.id}`} className="help-card" data-testid={`help-item-${a.id}`}>
                  <FileTextOutlined aria-hidden="true" className="help-card__icon" />
                  <span>
                    <span className="help-card__title">{a.title}</span>
                    {a.summary && <span className="help-card__summary">{a.summary}</span>}
                  </span>
                </LocaleLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      {data && data.faq.length > 0 && (
        <section className="help__section" aria-labelledby="help-faq">
          <h2 id="help-faq">{t('help.faq')}</h2>
          <div className="help__faq" data-testid="help-faq">
            {data.faq.map((f) => (
              <details key={f.id} className="faq-item" data-testid={`faq-${f.id}`}>
                <summary>
                  <QuestionCircleOutlined aria-hidden="true" /> {f.title}
                </summary>
                <RichText html={f.body ?? ''} className="faq-item__answer" />
              </details>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

import { ArrowLeftOutlined, EyeOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { LocaleLink } from '@/components/locale-link';
import { RichText } from '@/components/rich-text';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { mediaUrl } from '@/lib/media-url';
import { usePageMeta } from '@/lib/page-meta';
import { hasKey } from '@/lib/request';
import { useNewsDetail } from '../api/news-api';
import { ShareBar } from '../components/share-bar';
import '../news.css';

const ID = /^\d{1,10}$/;

/** `/news/detail/:id`: one article with its rich text, views, sharing and the previous and next article. */
export default function NewsDetailPage() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  if (!ID.test(id) || Number(id) < 1 || Number(id) > 2 ** 31 - 1) return <ErrorView status={404} path={pathname} />;
  return <NewsDetailView key={id} id={Number(id)} />;
}

function NewsDetailView({ id }: { id: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname } = useLocation();
  const detail = useNewsDetail(locale, id);
  const article = detail.data;
  usePageMeta({ title: article?.title, description: article?.summary });

  if (detail.isPending) {
    return (
      <div className="page news-detail" aria-busy="true">
        <span className="skeleton skeleton--h1" />
        <span className="skeleton skeleton--block" />
      </div>
    );
  }
  if (detail.isError || !article) {
    if (hasKey(detail.error, 'content_not_found')) return <ErrorView status={404} path={pathname} />;
    return (
      <p className="page msg__error" role="alert">
        {t('errors.server_error')}{' '}
        <button type="button" className="link-btn" onClick={() => void detail.refetch()}>
          {t('common.retry')}
        </button>
      </p>
    );
  }
  return (
    <article className="page news-detail" data-testid="news-detail" lang={article.locale}>
      <LocaleLink to="/news" className="link-btn news-detail__back">
        <ArrowLeftOutlined aria-hidden="true" /> {t('news.back')}
      </LocaleLink>
      <h1 className="news-detail__title" data-testid="news-title">
        {article.title}
      </h1>
      <p className="news-detail__meta">
        {article.category_name && <span className="news-card__cat">{article.category_name}</span>}
        <time dateTime={article.published_at}>{formatDate(article.published_at, locale, true)}</time>
        <span data-testid="news-views">
          <EyeOutlined aria-hidden="true" /> {t('news.views', { count: article.view_count })}
        </span>
      </p>
      {article.locale !== locale && <p className="callout news-detail__fallback">{t('news.fallback')}</p>}
      {article.cover && <img className="news-detail__cover" src={mediaUrl(article.cover)} alt="" />}
      <RichText html={article.body} className="news-detail__body" testId="news-body" />
      <ShareBar url={window.location.origin + pathname} />
      <nav className="news-detail__nav" aria-label={t('news.more')}>
        {article.prev ? (
          <LocaleLink to={`/news/detail/${article.prev.id}`} className="news-detail__neighbour" data-testid="news-prev">
            <LeftOutlined aria-hidden="true" />
            <span>
              <span className="muted">{t('news.prev')}</span>
              <span className="news-detail__neighbour-title">{article.prev.title}</span>
            </span>
          </LocaleLink>
        ) : (
          <span className="muted news-detail__neighbour news-detail__neighbour--none">{t('news.no_prev')}</span>
        )}
        {article.next ? (
          <LocaleLink to={`/news/detail/${article.next.id}`} className="news-detail__neighbour news-detail__neighbour--next" data-testid="news-next">
            <span>
              <span className="muted">{t('news.next')}</span>
              <span className="news-detail__neighbour-title">{article.next.title}</span>
            </span>
            <RightOutlined aria-hidden="true" />
          </LocaleLink>
        ) : (
          <span className="muted news-detail__neighbour news-detail__neighbour--none news-detail__neighbour--next">{t('news.no_next')}</span>
        )}
      </nav>
    </article>
  );
}

import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { LocaleLink } from '@/components/locale-link';
import { RichText } from '@/components/rich-text';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { usePageMeta } from '@/lib/page-meta';
import { hasKey } from '@/lib/request';
import { useHelpDetail } from '../api/help-api';
import '../help.css';

const ID = /^\d{1,10}$/;

/** `/help/:id`: one help article (or FAQ entry) of the help centre. */
export default function HelpDetailPage() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  if (!ID.test(id) || Number(id) < 1 || Number(id) > 2 ** 31 - 1) return <ErrorView status={404} path={pathname} />;
  return <HelpDetailView key={id} id={Number(id)} />;
}

function HelpDetailView({ id }: { id: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname } = useLocation();
  const detail = useHelpDetail(locale, id);
  const article = detail.data;
  usePageMeta({ title: article?.title, description: article?.summary });

  if (detail.isPending) return <div className="page" aria-busy="true"><span className="skeleton skeleton--block" /></div>;
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
    <article className="page help-detail" data-testid="help-detail" lang={article.locale}>
      <LocaleLink to="/help" className="link-btn news-detail__back">
        <ArrowLeftOutlined aria-hidden="true" /> {t('help.back')}
      </LocaleLink>
      <h1 data-testid="help-title">{article.title}</h1>
      <p className="news-detail__meta">
        {article.category_name && <span className="news-card__cat">{article.category_name}</span>}
        <span>{t('help.updated', { date: formatDate(article.updated_at, locale) })}</span>
      </p>
      {article.locale !== locale && <p className="callout news-detail__fallback">{t('news.fallback')}</p>}
      <RichText html={article.body} className="news-detail__body" testId="help-body" />
      <p className="muted help-detail__more">
        {t('help.more_prefix')} <LocaleLink to="/chat">{t('help.ask_chat')}</LocaleLink>
      </p>
    </article>
  );
}

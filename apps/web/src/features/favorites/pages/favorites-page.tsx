import '@/styles/ai.css';
import { CopyOutlined, DeleteOutlined, MessageOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { Markdown } from '@/components/markdown/markdown';
import { Pager } from '@/components/pager';
import { useLocale } from '@/hooks/use-locale';
import { copyText } from '@/lib/clipboard';
import { formatDate } from '@/lib/format';
import { confirmBox, toast } from '@/lib/notify';
import { FAVORITES_PAGE_SIZE, removeFavorite, useFavorites } from '../api/favorites';

/** `/user/collection` (the favorites feature): bookmarked questions and answers with search and removal. */
export default function FavoritesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setKeyword(search.trim());
      setPage(1);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [search]);
  const query = useFavorites(keyword, page);
  const items = query.data?.lists ?? [];

  const remove = async (id: number) => {
    if (!(await confirmBox({ title: t('collection.title'), content: t('collection.remove_confirm'), okText: t('collection.remove'), cancelText: t('common.cancel') }))) return;
    try {
      await removeFavorite(id);
      toast.success(t('msg.bookmark_removed'));
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : t('msg.favorite_failed'));
    }
  };

  return (
    <div className="page" data-testid="collection-page">
      <h1>{t('collection.title')}</h1>
      <div className="toolbar">
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('collection.search_placeholder')} maxLength={100} aria-label={t('collection.search_placeholder')} data-testid="collection-search" />
      </div>
      {query.isError && (
        <p className="msg__error" role="alert">
          {t('errors.server_error')}{' '}
          <button type="button" className="link-btn" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </p>
      )}
      {query.isSuccess && items.length === 0 && (
        <p className="muted" data-testid="collection-empty">
          {keyword ? t('chat.search_empty') : t('collection.empty')}
        </p>
      )}
      <ul className="history-list" data-testid="collection-list">
        {items.map((f) => (
          <li key={f.id} className="fav-item" data-testid={`favorite-${f.id}`}>
            <div className="fav-item__q">{f.question}</div>
            <div className="fav-item__a">
              <Markdown text={f.answer} />
            </div>
            <div className="fav-item__foot">
              <span>{formatDate(f.created_at, locale, true)}</span>
              {f.conversation_id !== null && (
                <LocaleLink to={`/chat?id=${f.conversation_id}`} className="link-btn">
                  <MessageOutlined aria-hidden="true" /> {t('collection.open_conversation')}
                </LocaleLink>
              )}
              <button type="button" className="icon-btn icon-btn--sm" onClick={() => void copyText(f.answer, t('msg.copied'), t('msg.copy_failed'))} aria-label={t('chat.copy')} title={t('chat.copy')}>
                <CopyOutlined />
              </button>
              <button type="button" className="icon-btn icon-btn--sm" onClick={() => void remove(f.id)} aria-label={t('collection.remove')} title={t('collection.remove')} data-testid={`favorite-remove-${f.id}`}>
                <DeleteOutlined />
              </button>
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} total={query.data?.count ?? 0} pageSize={FAVORITES_PAGE_SIZE} onChange={setPage} />
    </div>
  );
}

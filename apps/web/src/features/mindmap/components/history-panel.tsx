import { CopyOutlined, DeleteOutlined, EditOutlined, LinkOutlined, SearchOutlined } from '@ant-design/icons';
import { MINDMAP_TITLE_MAX, type MindmapItem } from '@xueba/contract';
import { useDeferredValue, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/pager';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { confirmBox, toast } from '@/lib/notify';
import { isRequestError } from '@/lib/request';
import { deleteMindmap, duplicateMindmap, HISTORY_PAGE_SIZE, renameMindmap, useMindmapList } from '../api/mindmap-api';

function RenameForm({ item, onDone }: { item: MindmapItem; onDone: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(item.title);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = title.trim();
    if (next && next !== item.title) {
      try {
        await renameMindmap(item.id, next);
      } catch (err) {
        toast.error(isRequestError(err) && err.message ? err.message : t('errors.server_error'));
        return;
      }
    }
    onDone();
  };
  return (
    <form className="mm-rename" onSubmit={(e) => void submit(e)}>
      <input autoFocus value={title} onChange={(e) => setTitle(e.target.value)} maxLength={MINDMAP_TITLE_MAX} aria-label={t('mindmap.history.rename')} data-testid="mm-rename-input" />
      <button type="submit" className="btn btn--sm btn--primary">
        {t('common.save')}
      </button>
      <button type="button" className="btn btn--sm btn--ghost" onClick={onDone}>
        {t('common.cancel')}
      </button>
    </form>
  );
}

function HistoryItem({ item, active, onOpen, onDeleted }: { item: MindmapItem; active: boolean; onOpen: (id: number) => void; onDeleted: (id: number) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [renaming, setRenaming] = useState(false);
  const fail = (e: unknown) => toast.error(isRequestError(e) && e.message ? e.message : t('errors.server_error'));

  const remove = async () => {
    const ok = await confirmBox({ title: t('mindmap.history.delete_title'), content: t('mindmap.history.delete_confirm', { title: item.title }), okText: t('common.delete'), cancelText: t('common.cancel') });
    if (!ok) return;
    try {
      await deleteMindmap(item.id);
      onDeleted(item.id);
    } catch (e) {
      fail(e);
    }
  };
  const duplicate = async () => {
    try {
      const copy = await duplicateMindmap(item.id);
      onOpen(copy.id);
    } catch (e) {
      fail(e);
    }
  };

  return (
    <li className={`mm-history__item${active ? ' is-active' : ''}`} data-testid="mm-history-item" data-id={item.id}>
      {renaming ? (
        <RenameForm item={item} onDone={() => setRenaming(false)} />
      ) : (
        <button type="button" className="mm-history__open" onClick={() => onOpen(item.id)} aria-current={active} data-testid="mm-history-open">
          <span className="mm-history__title">{item.title}</span>
          <span className="mm-history__meta muted small">
            <span className="tag">{t(`mindmap.source.${item.source}`)}</span> {t('mindmap.history.nodes', { count: item.nodes })} · {formatDate(item.updated_at, locale, true)}
            {item.shared && <LinkOutlined className="mm-history__shared" aria-label={t('mindmap.share.active_short')} />}
            {item.status === 'generating' && ` · ${t('mindmap.history.generating')}`}
          </span>
        </button>
      )}
      {!renaming && (
        <span className="mm-history__actions">
          <button type="button" className="icon-btn icon-btn--sm" onClick={() => setRenaming(true)} aria-label={t('mindmap.history.rename')} title={t('mindmap.history.rename')} data-testid="mm-history-rename">
            <EditOutlined />
          </button>
          <button type="button" className="icon-btn icon-btn--sm" onClick={() => void duplicate()} aria-label={t('mindmap.history.duplicate')} title={t('mindmap.history.duplicate')} data-testid="mm-history-duplicate">
            <CopyOutlined />
          </button>
          <button type="button" className="icon-btn icon-btn--sm" onClick={() => void remove()} aria-label={t('common.delete')} title={t('common.delete')} data-testid="mm-history-delete">
            <DeleteOutlined />
          </button>
        </span>
      )}
    </li>
  );
}

/** The user's maps, last edited first, searched by title (its own chunk, loaded when the tab opens). */
export default function HistoryPanel({ activeId, onOpen, onDeleted }: { activeId: number | null; onOpen: (id: number) => void; onDeleted: (id: number) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const deferred = useDeferredValue(keyword.trim());
  const list = useMindmapList({ page, keyword: deferred }, true);
  const items = list.data?.lists ?? [];
  return (
    <div className="mm-history" data-testid="mm-history">
      <label className="mm-search">
        <SearchOutlined aria-hidden="true" />
        <input
          type="search"
          value={keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
            setPage(1);
          }}
          placeholder={t('mindmap.history.search')}
          aria-label={t('mindmap.history.search')}
          data-testid="mm-history-search"
        />
      </label>
      {list.isError ? (
        <p className="mm-error small" role="alert">
          {list.error.message || t('errors.server_error')}{' '}
          <button type="button" className="link-btn" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </button>
        </p>
      ) : list.isPending ? (
        <p className="muted small">{t('common.loading')}</p>
      ) : items.length === 0 ? (
        <p className="muted small" data-testid="mm-history-empty">
          {deferred ? t('mindmap.history.none_found') : t('mindmap.history.none')}
        </p>
      ) : (
        <ul className="mm-history__list">
          {items.map((item) => (
            <HistoryItem key={item.id} item={item} active={item.id === activeId} onOpen={onOpen} onDeleted={onDeleted} />
          ))}
        </ul>
      )}
      <Pager page={page} total={list.data?.count ?? 0} pageSize={HISTORY_PAGE_SIZE} onChange={setPage} />
    </div>
  );
}

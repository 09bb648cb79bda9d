import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined, MessageOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { Conversation } from '@xueba/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmBox, toast } from '@/lib/notify';
import { deleteConversation, renameConversation, useConversations } from '../api/conversations';
import { groupByDate } from './group-by-date';

function RenameForm({ conversation, onDone }: { conversation: Conversation; onDone: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(conversation.title);
  const save = async () => {
    const next = title.trim();
    if (!next) return toast.warning(t('chat.title_empty'));
    if (next !== conversation.title) await renameConversation(conversation.id, next).catch(() => undefined);
    onDone();
  };
  return (
    <form
      className="conv-item conv-item--editing"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <input
        autoFocus
        value={title}
        maxLength={100}
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onDone()}
        aria-label={t('chat.rename')}
        data-testid="conv-rename-input"
      />
      <button type="submit" className="icon-btn icon-btn--sm" aria-label={t('common.save')} data-testid="conv-rename-save">
        <CheckOutlined />
      </button>
      <button type="button" className="icon-btn icon-btn--sm" aria-label={t('common.cancel')} onClick={onDone}>
        <CloseOutlined />
      </button>
    </form>
  );
}

/** The conversation sidebar: new, search (title and content, server side), grouped by date, rename and delete. */
export function ConversationList({ activeId, onSelect, onNew }: { activeId: number | null; onSelect: (id: number) => void; onNew: () => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => setKeyword(search.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [search]);
  const query = useConversations(keyword, true);
  const items = query.data?.pages.flatMap((p) => p.lists) ?? [];

  const remove = async (conversation: Conversation) => {
    const ok = await confirmBox({ title: t('chat.delete_title'), content: t('chat.delete_confirm', { title: conversation.title }), okText: t('common.delete'), cancelText: t('common.cancel') });
    if (!ok) return;
    await deleteConversation(conversation.id).catch(() => undefined);
    if (conversation.id === activeId) onNew();
  };

  return (
    <aside className="conv-list" aria-label={t('chat.conversations')} data-testid="conversation-list">
      <button type="button" className="btn btn--primary btn--block" onClick={onNew} data-testid="conv-new">
        <PlusOutlined aria-hidden="true" /> {t('chat.new')}
      </button>
      <label className="conv-search">
        <SearchOutlined aria-hidden="true" />
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('chat.search_placeholder')} maxLength={100} data-testid="conv-search" />
      </label>
      <div className="conv-groups">
        {query.isError && (
          <button type="button" className="link-btn" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        )}
        {query.isSuccess && items.length === 0 && <p className="muted small conv-empty">{keyword ? t('chat.search_empty') : t('chat.no_conversations')}</p>}
        {groupByDate(items).map(({ group, items: list }) => (
          <section key={group} className="conv-group" data-testid={`conv-group-${group}`}>
            <h3>{t(`chat.group_${group}`)}</h3>
            <ul>
              {list.map((c) =>
                editing === c.id ? (
                  <li key={c.id}>
                    <RenameForm conversation={c} onDone={() => setEditing(null)} />
                  </li>
                ) : (
                  <li key={c.id}>
                    <div className={`conv-item${c.id === activeId ? ' is-active' : ''}`}>
                      <button type="button" className="conv-item__open" onClick={() => onSelect(c.id)} aria-current={c.id === activeId ? 'true' : undefined} data-testid={`conv-item-${c.id}`}>
                        <MessageOutlined aria-hidden="true" />
                        <span className="conv-item__title">{c.title}</span>
                      </button>
                      <span className="conv-item__actions">
                        <button type="button" className="icon-btn icon-btn--sm" aria-label={t('chat.rename')} title={t('chat.rename')} onClick={() => setEditing(c.id)} data-testid={`conv-rename-${c.id}`}>
                          <EditOutlined />
                        </button>
                        <button type="button" className="icon-btn icon-btn--sm" aria-label={t('common.delete')} title={t('common.delete')} onClick={() => void remove(c)} data-testid={`conv-delete-${c.id}`}>
                          <DeleteOutlined />
                        </button>
                      </span>
                    </div>
                  </li>
                ),
              )}
            </ul>
          </section>
        ))}
        {query.hasNextPage && (
          <button type="button" className="link-btn conv-more" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {t('chat.load_more')}
          </button>
        )}
      </div>
    </aside>
  );
}

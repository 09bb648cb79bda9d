import { Badge, Button, Dropdown, Empty, Input, Segmented, Space, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_TEXT_MAX, type SupportStatus } from '@xueba/contract';
import { formatDate } from '@/lib/format';
import { mediaUrl } from '@/lib/media-url';
import { useLocale } from '@/hooks/use-locale';
import { followSupport } from '@/features/support/support-api';
import { closeConversation, conversationMessages, listConversations, quickReplies, readConversation, replySupport, supportAdminKeys } from './support-admin-api';
import { QuickRepliesManager } from './quick-replies';
import './support-admin.css';

/**
 * Admin → Customer service: conversations (unread first) on the left, the
 * chosen one on the right with the composer and quick replies. Both follow
 * the operators' live stream, so new messages appear without a reload.
 */
export function SupportPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SupportStatus | 'all'>('open');
  const [keyword, setKeyword] = useState('');
  const [active, setActive] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [managing, setManaging] = useState(false);
  const filter = { status: status === 'all' ? undefined : status, keyword: keyword || undefined };
  const inbox = useQuery({ queryKey: [...supportAdminKeys.all, 'inbox', filter], queryFn: ({ signal }) => listConversations(filter, signal) });
  const thread = useQuery({ queryKey: [...supportAdminKeys.all, 'thread', active], queryFn: ({ signal }) => conversationMessages(active!, signal), enabled: active !== null });
  const quick = useQuery({ queryKey: supportAdminKeys.quick, queryFn: ({ signal }) => quickReplies(signal) });

  useEffect(() => {
    const controller = new AbortController();
    void followSupport('/admin/support/stream', {}, () => void queryClient.invalidateQueries({ queryKey: supportAdminKeys.all, refetchType: 'active' }), controller.signal, () => undefined);
    return () => controller.abort();
  }, [queryClient]);

  const unread = thread.data?.conversation.unread ?? 0;
  useEffect(() => {
    if (active !== null && unread > 0) void readConversation(active);
  }, [active, unread]);

  const listRef = useRef<HTMLOListElement>(null);
  const lastId = thread.data?.messages.at(-1)?.id;
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  const send = async () => {
    if (active === null || !text.trim() || busy) return;
    setBusy(true);
    try {
      await replySupport(active, text.trim());
      setText('');
      await queryClient.invalidateQueries({ queryKey: supportAdminKeys.all });
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };
  const conversation = thread.data?.conversation;

  return (
    <div className="supadmin" data-testid="admin-support">
      <aside className="supadmin__list">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Segmented
              value={status}
              onChange={(v) => setStatus(v as SupportStatus | 'all')}
              options={[
                { value: 'open', label: t('supportadmin.open') },
                { value: 'closed', label: t('supportadmin.closed') },
                { value: 'all', label: t('supportadmin.all') },
              ]}
            />
            {inbox.data && inbox.data.unread > 0 && <Tag color="red">{t('supportadmin.unread_total', { count: inbox.data.unread })}</Tag>}
          </Space>
          <Input.Search allowClear placeholder={t('supportadmin.search')} onSearch={(v) => setKeyword(v.trim())} />
        </Space>
        {inbox.data?.lists.length === 0 && <Empty description={t('supportadmin.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />}
        <ul className="supadmin__convs">
          {inbox.data?.lists.map((c) => (
            <li key={c.id}>
              <button type="button" className={`supadmin__conv${active === c.id ? ' supadmin__conv--on' : ''}`} onClick={() => setActive(c.id)} data-testid={`admin-support-conv-${c.id}`}>
                <span className="supadmin__conv-top">
                  <strong>{c.label}</strong>
                  {c.visitor && <Tag>{t('supportadmin.visitor')}</Tag>}
                  {c.status === 'closed' && <Tag>{t('supportadmin.closed')}</Tag>}
                  <Badge count={c.unread} data-testid="admin-support-unread" />
                </span>
                <span className="supadmin__preview">{c.preview}</span>
                <span className="supadmin__time">{formatDate(c.last_message_at, locale, true)}</span>
              </button>
            </li>
          ))}
        </ul>
      </aside>
      <section className="supadmin__chat">
        {!conversation ? (
          <Empty description={t('supportadmin.pick')} />
        ) : (
          <>
            <header className="supadmin__head">
              <Typography.Text strong>{conversation.label}</Typography.Text>
              {conversation.status === 'open' && (
                <Button size="small" danger onClick={() => void closeConversation(conversation.id).then(() => queryClient.invalidateQueries({ queryKey: supportAdminKeys.all }))} data-testid="admin-support-close">
                  {t('supportadmin.close')}
                </Button>
              )}
            </header>
            <ol className="supadmin__msgs" ref={listRef} data-testid="admin-support-messages">
              {thread.data?.messages.map((m) => (
                <li key={m.id} className={`supadmin__msg supadmin__msg--${m.sender}`} data-testid={`admin-support-msg-${m.sender}`}>
                  <span className="supadmin__who">{formatDate(m.created_at, locale, true)}</span>
                  {m.content && <span className="supadmin__text">{m.content}</span>}
                  {m.image && <img className="supadmin__image" src={mediaUrl(m.image)} alt={t('supportadmin.image')} />}
                </li>
              ))}
            </ol>
            {conversation.status === 'closed' ? (
              <Typography.Text type="secondary" className="supadmin__closed">
                {t('supportadmin.closed')}
              </Typography.Text>
            ) : (
              <div className="supadmin__compose">
                <Input.TextArea rows={3} value={text} maxLength={SUPPORT_TEXT_MAX} onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} placeholder={t('supportadmin.reply_placeholder')} data-testid="admin-support-input" />
                <Space>
                  <Dropdown
                    trigger={['click']}
                    menu={{
                      items: [
                        ...(quick.data ?? []).map((q) => ({ key: String(q.id), label: q.title })),
                        { type: 'divider' as const },
                        { key: 'manage', label: t('supportadmin.quick_manage') },
                      ],
                      onClick: ({ key }) => {
                        if (key === 'manage') setManaging(true);
                        else setText((current) => `${current}${quick.data?.find((q) => String(q.id) === key)?.content ?? ''}`);
                      },
                    }}
                  >
                    <Button data-testid="admin-support-quick">{t('supportadmin.quick')}</Button>
                  </Dropdown>
                  <Button type="primary" loading={busy} disabled={!text.trim()} onClick={() => void send()} data-testid="admin-support-send">
                    {t('supportadmin.send')}
                  </Button>
                </Space>
              </div>
            )}
          </>
        )}
      </section>
      <QuickRepliesManager open={managing} onClose={() => setManaging(false)} />
    </div>
  );
}

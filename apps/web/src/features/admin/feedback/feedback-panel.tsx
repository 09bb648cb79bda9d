import { Button, Drawer, Empty, Image, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES, FEEDBACK_TEXT_MAX, type AdminFeedbackItem, type FeedbackCategory, type FeedbackStatus } from '@xueba/contract';
import { mediaUrl } from '@/lib/media-url';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/hooks/use-locale';
import { closeFeedback, feedbackAdminKeys, feedbackDetail, listFeedback, replyFeedback, type FeedbackFilter } from './feedback-admin-api';

const STATUS_COLOURS = { open: 'orange', replied: 'blue', closed: 'default' } as const;

/** Admin → Feedback: filter by status, category and text; open one to read its thread, reply or close it. */
export function FeedbackPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [filter, setFilter] = useState<FeedbackFilter>({ page_no: 1, status: 'open' });
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useQuery({ queryKey: [...feedbackAdminKeys.all, filter], queryFn: ({ signal }) => listFeedback(filter, signal), placeholderData: keepPreviousData });

  return (
    <div data-testid="admin-feedback">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 150 }}
          value={filter.status ?? 'all'}
          onChange={(v) => setFilter((f) => ({ ...f, page_no: 1, status: v === 'all' ? undefined : (v as FeedbackStatus) }))}
          options={[{ value: 'all', label: t('feedbackadmin.all') }, ...FEEDBACK_STATUSES.map((s) => ({ value: s, label: t(`feedback.statuses.${s}`) }))]}
          aria-label={t('feedbackadmin.status')}
          data-testid="admin-feedback-status"
        />
        <Select
          style={{ width: 170 }}
          value={filter.category ?? 'all'}
          onChange={(v) => setFilter((f) => ({ ...f, page_no: 1, category: v === 'all' ? undefined : (v as FeedbackCategory) }))}
          options={[{ value: 'all', label: t('feedbackadmin.all') }, ...FEEDBACK_CATEGORIES.map((c) => ({ value: c, label: t(`feedback.categories.${c}`) }))]}
          aria-label={t('feedbackadmin.category')}
        />
        <Input.Search allowClear placeholder={t('feedbackadmin.search')} style={{ width: 260 }} onSearch={(v) => setFilter((f) => ({ ...f, page_no: 1, keyword: v.trim() || undefined }))} data-testid="admin-feedback-search" />
      </Space>
      <Table<AdminFeedbackItem>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.lists ?? []}
        scroll={{ x: 720 }}
        onRow={(row) => ({ onClick: () => setOpenId(row.id), style: { cursor: 'pointer' }, 'data-testid': `admin-feedback-row-${row.id}` })}
        pagination={{ current: filter.page_no, pageSize: 20, total: list.data?.count ?? 0, onChange: (page_no) => setFilter((f) => ({ ...f, page_no })), showSizeChanger: false }}
        columns={[
          { title: '#', dataIndex: 'id', width: 60 },
          { title: t('feedbackadmin.status'), dataIndex: 'status', width: 100, render: (s: AdminFeedbackItem['status']) => <Tag color={STATUS_COLOURS[s]}>{t(`feedback.statuses.${s}`)}</Tag> },
          { title: t('feedbackadmin.category'), dataIndex: 'category', width: 120, render: (c: AdminFeedbackItem['category']) => t(`feedback.categories.${c}`) },
          { title: t('feedbackadmin.user'), dataIndex: 'user_label', width: 160, ellipsis: true },
          { title: t('feedbackadmin.content'), dataIndex: 'content', ellipsis: true },
          { title: t('feedbackadmin.updated'), dataIndex: 'updated_at', width: 150, render: (v: string) => formatDate(v, locale, true) },
        ]}
      />
      <FeedbackDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

function FeedbackDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: [...feedbackAdminKeys.all, 'detail', id], queryFn: ({ signal }) => feedbackDetail(id!, signal), enabled: id !== null });
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const data = detail.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: feedbackAdminKeys.all });

  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      await refresh();
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer open={id !== null} onClose={onClose} size="min(560px, 96vw)" title={data ? `#${data.id} · ${data.user_label}` : ''} destroyOnHidden>
      {data && (
        <div data-testid="admin-feedback-detail">
          <Space style={{ marginBottom: 8 }}>
            <Tag color={STATUS_COLOURS[data.status]}>{t(`feedback.statuses.${data.status}`)}</Tag>
            <Tag>{t(`feedback.categories.${data.category}`)}</Tag>
          </Space>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="admin-feedback-content">
            {data.content}
          </Typography.Paragraph>
          {data.images.length > 0 && (
            <Image.PreviewGroup>
              <Space wrap>
                {data.images.map((src) => (
                  <Image key={src} src={mediaUrl(src)} width={96} height={96} style={{ objectFit: 'cover' }} alt={t('feedbackadmin.screenshots')} />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('feedbackadmin.page')}: {data.page || '—'}
          </Typography.Paragraph>
          {data.replies.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <ol className="fbadmin-thread" style={{ listStyle: 'none', padding: 0 }}>
              {data.replies.map((r) => (
                <li key={r.id} style={{ marginBottom: 8, padding: 8, borderRadius: 6, background: r.author === 'operator' ? '#e8f0fd' : '#f5f5f5' }}>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {r.author === 'operator' ? t('feedback.operator') : data.user_label} · {formatDate(r.created_at, locale, true)}
                  </Typography.Text>
                  <div style={{ whiteSpace: 'pre-wrap' }}>{r.content}</div>
                </li>
              ))}
            </ol>
          )}
          {data.status === 'closed' ? (
            <Typography.Text type="secondary">{t('feedbackadmin.closed')}</Typography.Text>
          ) : (
            <>
              <Input.TextArea rows={4} value={text} maxLength={FEEDBACK_TEXT_MAX} showCount onChange={(e) => setText(e.target.value)} placeholder={t('feedbackadmin.reply_placeholder')} data-testid="admin-feedback-reply-input" />
              <Space style={{ marginTop: 12 }}>
                <Button type="primary" loading={busy} disabled={!text.trim()} onClick={() => void act(async () => { await replyFeedback(data.id, text); setText(''); })} data-testid="admin-feedback-reply">
                  {t('feedbackadmin.reply')}
                </Button>
                <Button danger disabled={busy} onClick={() => void act(() => closeFeedback(data.id))} data-testid="admin-feedback-close">
                  {t('feedbackadmin.close')}
                </Button>
              </Space>
            </>
          )}
        </div>
      )}
    </Drawer>
  );
}

import { Alert, Button, Checkbox, Image, Pagination, Segmented, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { SQUARE_STATUSES, type SquareStatus } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import type { ApiResponse } from '@/lib/api';
import { mediaUrl } from '@/lib/media-url';
import { MODERATION_PAGE_SIZE, moderationQuery, reviewSquareItem } from './draw-admin-api';

type AdminSquareItem = ApiResponse<'adminSquareList'>['lists'][number];
type Action = 'approve' | 'reject' | 'hide' | 'show';

/** What an administrator can do from each status. */
const ACTIONS: Record<SquareStatus, Action[]> = {
  pending: ['approve', 'reject'],
  published: ['hide'],
  rejected: ['approve'],
  hidden: ['show'],
};
const STATUS_COLOR: Record<SquareStatus, string> = { pending: 'gold', published: 'green', rejected: 'red', hidden: 'default' };

/** Square moderation: items by status (pending first), the reported ones, their reports, and the review actions. */
export function ModerationSection() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [status, setStatus] = useState<SquareStatus | null>(null);
  const [reported, setReported] = useState(false);
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<number | null>(null);
  const query = useQuery(moderationQuery(status, reported, page));

  const act = async (item: AdminSquareItem, action: Action) => {
    setBusy(item.id);
    try {
      await reviewSquareItem(item.id, action);
    } catch {
      // The request layer shows the server's message.
    } finally {
      setBusy(null);
    }
  };

  const columns: TableColumnsType<AdminSquareItem> = [
    {
      title: t('drawadmin.picture'),
      key: 'thumb',
      width: 104,
      render: (_v, item) => <Image width={88} height={88} className="draw-mod__thumb" src={mediaUrl(item.thumb_url)} preview={{ src: mediaUrl(item.image_url) }} alt={item.prompt} />,
    },
    {
      title: t('square.prompt'),
      key: 'prompt',
      render: (_v, item) => (
        <div className="draw-mod__prompt">
          <p>{item.prompt}</p>
          <span className="muted">
            {t(`square.family.${item.family}`)} · {item.model} · {item.size}
          </span>
        </div>
      ),
    },
    {
      title: t('drawadmin.author'),
      key: 'author',
      width: 150,
      render: (_v, item) => (
        <div>
          <div>{item.nickname}</div>
          <span className="muted">
            #{item.user_id} · {formatDate(item.created_at, locale)}
          </span>
        </div>
      ),
    },
    {
      title: t('drawadmin.status'),
      key: 'status',
      width: 100,
      render: (_v, item) => (
        <Tag color={STATUS_COLOR[item.status]} data-testid={`draw-mod-status-${item.id}`}>
          {t(`square.status.${item.status}`)}
        </Tag>
      ),
    },
    {
      title: t('drawadmin.reports'),
      key: 'reports',
      width: 200,
      render: (_v, item) =>
        item.reports === 0 ? (
          <span className="muted">0</span>
        ) : (
          <div className="draw-mod__reports">
            <Tag color="red">{t('drawadmin.reports_count', { count: item.reports })}</Tag>
            <ul>
              {item.report_reasons.map((reason, i) => (
                <li key={i}>{reason}</li>
              ))}
            </ul>
          </div>
        ),
    },
    {
      title: '',
      key: 'actions',
      width: 160,
      render: (_v, item) => (
        <Space size={4} wrap>
          {ACTIONS[item.status].map((action) => (
            <Button
              key={action}
              size="small"
              type={action === 'approve' || action === 'show' ? 'primary' : 'default'}
              danger={action === 'reject' || action === 'hide'}
              loading={busy === item.id}
              onClick={() => void act(item, action)}
              data-testid={`draw-mod-${action}-${item.id}`}
            >
              {t(`drawadmin.action_${action}`)}
            </Button>
          ))}
          <Tooltip title={t('drawadmin.open_on_square')}>
            <a href={item.share_url} target="_blank" rel="noreferrer">
              {t('drawadmin.view')}
            </a>
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <div className="draw-mod" data-testid="draw-moderation">
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented<SquareStatus | 'all'>
          value={status ?? 'all'}
          onChange={(value) => {
            setStatus(value === 'all' ? null : value);
            setPage(1);
          }}
          options={[{ value: 'all', label: t('drawadmin.status_all') }, ...SQUARE_STATUSES.map((s) => ({ value: s, label: t(`square.status.${s}`) }))]}
          data-testid="draw-mod-status"
        />
        <Checkbox
          checked={reported}
          onChange={(e) => {
            setReported(e.target.checked);
            setPage(1);
          }}
          data-testid="draw-mod-reported"
        >
          {t('drawadmin.reported_only')}
        </Checkbox>
      </Space>
      {query.isError && <Alert type="error" showIcon title={query.error.message || t('errors.server_error')} />}
      <Table<AdminSquareItem>
        rowKey="id"
        size="small"
        loading={query.isPending}
        columns={columns}
        dataSource={query.data?.lists ?? []}
        pagination={false}
        scroll={{ x: 860 }}
        locale={{ emptyText: t('drawadmin.mod_empty') }}
        onRow={(item) => ({ 'data-testid': `draw-mod-row-${item.id}` }) as React.HTMLAttributes<HTMLElement>}
      />
      {(query.data?.count ?? 0) > MODERATION_PAGE_SIZE && (
        <Pagination style={{ marginTop: 12 }} current={page} pageSize={MODERATION_PAGE_SIZE} total={query.data?.count ?? 0} onChange={setPage} showSizeChanger={false} />
      )}
    </div>
  );
}

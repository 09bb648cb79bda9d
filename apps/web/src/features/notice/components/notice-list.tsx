import { Button, Empty, Pagination, Segmented, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Notice } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '@/hooks/use-locale';
import { safeInternalPath } from '@/lib/safe-navigate';
import { markAllNoticesRead, markNoticeRead, noticeListQuery } from '../api/notice-api';

function NoticeRow({ notice, onOpen }: { notice: Notice; onOpen: (n: Notice) => void }) {
  const { i18n } = useTranslation();
  const time = new Date(notice.created_at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li
      className={`notice-item notice-item--${notice.read ? 'read' : 'unread'}`}
      data-testid="notice-item"
      data-read={notice.read ? '1' : '0'}
      data-kind={notice.kind}
      onClick={() => onOpen(notice)}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onOpen(notice)}
      tabIndex={0}
      role="button"
    >
      <span className="notice-item__dot" aria-hidden="true" />
      <div className="notice-item__main">
        <div className="notice-item__title">{notice.title}</div>
        <div className="notice-item__body">{notice.body}</div>
      </div>
      <time className="notice-item__time" dateTime={notice.created_at}>
        {time}
      </time>
    </li>
  );
}

/** The user's notices, newest first: opening one marks it read and follows its link. */
export function NoticeList() {
  const { t } = useTranslation();
  const navigate = useLocaleNavigate();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const query = useQuery(noticeListQuery(page, filter === 'unread'));
  const data = query.data;

  const open = async (notice: Notice) => {
    if (!notice.read) await markNoticeRead(notice.id);
    // Links are written by the server, but they still pass the same-site check before the router sees them.
    if (notice.link) navigate(safeInternalPath(notice.link, '/user/notice'));
  };

  return (
    <section aria-labelledby="notice-list-title">
      <div className="notice-page__head">
        <h2 id="notice-list-title" className="sr-only">
          {t('notice.list_title')}
        </h2>
        <Segmented
          value={filter}
          onChange={(value) => {
            setFilter(value === 'unread' ? 'unread' : 'all');
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('notice.filter_all') },
            { value: 'unread', label: t('notice.filter_unread', { count: data?.unread ?? 0 }) },
          ]}
          data-testid="notice-filter"
        />
        <Button onClick={() => void markAllNoticesRead()} disabled={!data || data.unread === 0} data-testid="notice-read-all">
          {t('notice.read_all')}
        </Button>
      </div>
      {query.isPending ? (
        <Spin />
      ) : !data || data.lists.length === 0 ? (
        <Empty description={t('notice.empty')} />
      ) : (
        <>
          <ul className="notice-items" data-testid="notice-items" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {data.lists.map((n) => (
              <NoticeRow key={n.id} notice={n} onOpen={(x) => void open(x)} />
            ))}
          </ul>
          {data.count > data.page_size && <Pagination current={page} pageSize={data.page_size} total={data.count} onChange={setPage} showSizeChanger={false} style={{ marginTop: 16 }} />}
        </>
      )}
    </section>
  );
}

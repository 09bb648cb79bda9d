import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Pager } from '@/components/pager';
import { feedbackKeys, feedbackListQuery } from '../feedback-api';
import { FeedbackForm } from '../feedback-form';
import { FeedbackEntry } from '../feedback-thread';
import '../feedback.css';

/** Where the user came from: `?from=` (the links that open this page pass it), else a same-site referrer. */
function originPage(params: URLSearchParams): string {
  const from = params.get('from');
  if (from?.startsWith('/') && !from.startsWith('//')) return from.slice(0, 500);
  try {
    const referrer = document.referrer ? new URL(document.referrer) : null;
    if (referrer && referrer.origin === window.location.origin && !referrer.pathname.endsWith('/user/opinion')) return `${referrer.pathname}${referrer.search}`.slice(0, 500);
  } catch {
    // No usable referrer.
  }
  return '';
}

/** `/user/opinion`: send feedback, and follow what you sent with the replies (a notice links here with `?id=`). */
export default function FeedbackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [page] = useState(() => originPage(params));
  const [pageNo, setPageNo] = useState(1);
  const linked = Number(params.get('id')) || null;
  const [openId, setOpenId] = useState<number | null>(linked);
  const queryClient = useQueryClient();
  const list = useQuery(feedbackListQuery(pageNo));

  const toggle = (id: number) => {
    setOpenId((current) => (current === id ? null : id));
    // Opening marks the replies read: the list's badges follow.
    void queryClient.invalidateQueries({ queryKey: [...feedbackKeys.all, 'list'] });
  };

  return (
    <div className="fb-page-wrap" data-testid="feedback-page">
      <header className="fb-header">
        <h1>{t('feedback.title')}</h1>
        <p>{t('feedback.intro')}</p>
      </header>
      <div className="fb-grid">
        <FeedbackForm
          page={page}
          onSent={() => {
            setPageNo(1);
            void queryClient.invalidateQueries({ queryKey: feedbackKeys.all });
          }}
        />
        <section className="fb-list" aria-labelledby="fb-mine">
          <h2 id="fb-mine">{t('feedback.mine')}</h2>
          {list.data && list.data.lists.length === 0 && <p className="fb-empty">{t('feedback.none')}</p>}
          <ul>
            {list.data?.lists.map((item) => (
              <FeedbackEntry key={item.id} item={item} open={openId === item.id} onToggle={() => toggle(item.id)} />
            ))}
          </ul>
          {list.data && list.data.count > 10 && <Pager page={pageNo} total={list.data.count} pageSize={10} onChange={setPageNo} />}
        </section>
      </div>
    </div>
  );
}

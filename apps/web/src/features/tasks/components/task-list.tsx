import { CheckCircleFilled } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { useLocale } from '@/hooks/use-locale';
import { userKeys } from '@/lib/auth';
import { isRequestError } from '@/lib/request';
import { toast } from '@/lib/notify';
import { promotionKeys } from '@/features/promotion/api/keys';
import { signIn, tasksKeys, tasksQuery } from '../api/tasks';
import { useRewardText } from './reward-text';

/** Where a task is done: the link next to it. */
const TASK_LINKS: Partial<Record<string, string>> = { chat: '/chat', template: '/create' };

/** Daily tasks with today's progress; sign-in is claimed here, the others complete as the user works. */
export function TaskList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const tasks = useQuery(tasksQuery(locale));
  const rewardText = useRewardText();
  const [busy, setBusy] = useState(false);

  const claim = async () => {
    setBusy(true);
    try {
      const result = await signIn();
      toast.success(t('promotion.signed_in', { reward: rewardText(result.reward) }));
      void queryClient.invalidateQueries({ queryKey: tasksKeys.all });
      // The invitation panel beside the list shows rewards too.
      void queryClient.invalidateQueries({ queryKey: promotionKeys.all });
      void queryClient.invalidateQueries({ queryKey: userKeys.info });
    } catch (e) {
      toast.error(isRequestError(e) ? e.message : t('errors.server_error'));
    } finally {
      setBusy(false);
    }
  };

  if (tasks.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (tasks.isError) {
    return (
      <p className="muted">
        {tasks.error.message}{' '}
        <button type="button" className="link-btn" onClick={() => void tasks.refetch()}>
          {t('common.retry')}
        </button>
      </p>
    );
  }
  if (tasks.data.lists.length === 0) return <p className="muted">{t('promotion.no_tasks')}</p>;
  return (
    <ul className="task-list" data-testid="task-list">
      {tasks.data.lists.map((task) => {
        const percent = Math.min(100, Math.round((task.done_today / Math.max(1, task.daily_limit)) * 100));
        return (
          <li key={task.id} className={`task${task.completed ? ' task--done' : ''}`} data-testid={`task-${task.kind}`}>
            <div className="task__main">
              <strong>{task.name}</strong>
              {task.description && <span className="muted small">{task.description}</span>}
              <span className="task__reward">{rewardText(task.reward)}</span>
            </div>
            <div className="task__side">
              <span className="muted small" aria-label={t('promotion.progress')}>
                {task.done_today}/{task.daily_limit}
              </span>
              <span className="task__bar" role="progressbar" aria-valuemin={0} aria-valuemax={task.daily_limit} aria-valuenow={task.done_today}>
                <span style={{ width: `${percent}%` }} />
              </span>
              {task.completed ? (
                <span className="task__done">
                  <CheckCircleFilled aria-hidden="true" /> {t('promotion.done_today')}
                </span>
              ) : task.kind === 'signin' ? (
                <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void claim()} data-testid="task-signin">
                  {t('promotion.sign_in')}
                </button>
              ) : TASK_LINKS[task.kind] ? (
                <LocaleLink to={TASK_LINKS[task.kind] ?? '/'} className="link-btn small" data-testid={`task-go-${task.kind}`}>
                  {t(`promotion.how_${task.kind}`)}
                </LocaleLink>
              ) : (
                <span className="muted small">{t(`promotion.how_${task.kind}`)}</span>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

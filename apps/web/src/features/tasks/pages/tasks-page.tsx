import { GiftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { InvitePanel } from '@/features/promotion/components/invite-panel';
import { TaskList } from '../components/task-list';
// The page shares the promotion pages' layout and the invitation panel's styles; the task rows are styled there too.
import '@/features/promotion/promotion.css';

/** `/user/tasks`: the task centre (daily tasks, sign-in) and the invitation panel. */
export default function TasksPage() {
  const { t } = useTranslation();
  return (
    <div className="page promotion" data-testid="tasks-page">
      <section className="card">
        <div className="section__head">
          <h1 className="promotion__title">
            <GiftOutlined aria-hidden="true" /> {t('promotion.tasks_title')}
          </h1>
          <span className="muted small">{t('promotion.tasks_reset')}</span>
        </div>
        <TaskList />
      </section>
      <section className="card">
        <div className="section__head">
          <h2>{t('promotion.invite_title')}</h2>
          <LocaleLink to="/promotion/distribution" className="link-btn">
            {t('promotion.distribution_title')}
          </LocaleLink>
        </div>
        <InvitePanel />
      </section>
    </div>
  );
}

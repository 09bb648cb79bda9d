import { CopyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { copyText } from '@/lib/clipboard';
import { formatCount } from '@/lib/format';
import { inviteQuery } from '../api/promotion';
import { useRewardText } from '@/features/tasks/components/reward-text';

/** The invitation link (carrying share_id), its counts, the rewards on offer and what the user earned. */
export function InvitePanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const invite = useQuery(inviteQuery);
  const rewardText = useRewardText();
  if (invite.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (invite.isError) return <p className="muted">{invite.error.message}</p>;
  const d = invite.data;
  const earned = rewardText(d.earned);
  return (
    <div className="invite" data-testid="invite-panel">
      <div className="invite__link">
        <input className="invite__input mono" readOnly value={d.link} aria-label={t('promotion.invite_link')} data-testid="invite-link" onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn btn--primary" onClick={() => void copyText(d.link, t('promotion.copied'), t('promotion.copy_failed'))} data-testid="invite-copy">
          <CopyOutlined aria-hidden="true" /> {t('promotion.copy')}
        </button>
      </div>
      <dl className="stat-row">
        <div>
          <dt>{t('promotion.invited')}</dt>
          <dd data-testid="invite-count">{formatCount(d.invite_count, locale)}</dd>
        </div>
        <div>
          <dt>{t('promotion.clicks')}</dt>
          <dd>{formatCount(d.click_count, locale)}</dd>
        </div>
        <div>
          <dt>{t('promotion.earned')}</dt>
          <dd data-testid="invite-earned">{earned || '—'}</dd>
        </div>
      </dl>
      {d.rewards.enabled ? (
        <p className="muted small">
          {t('promotion.rewards_offer', { inviter: rewardText(d.rewards.inviter) || '—', invitee: rewardText(d.rewards.invitee) || '—' })} {t(`promotion.unlock_${d.rewards.unlock}`)}
          {d.rewards_pending > 0 && <> {t('promotion.rewards_pending', { count: d.rewards_pending })}</>}
        </p>
      ) : (
        <p className="muted small">{t('promotion.rewards_off')}</p>
      )}
    </div>
  );
}

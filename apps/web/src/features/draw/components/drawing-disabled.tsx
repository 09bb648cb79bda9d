import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { useUser } from '@/lib/auth';

/**
 * "Drawing function not enabled" (spec §6): nothing on the page pretends to
 * draw. An administrator is told where to connect a drawing service; anyone
 * else, that the site's administrator has not.
 */
export function DrawingDisabled() {
  const { t } = useTranslation();
  const { user } = useUser();
  return (
    <section className="draw-disabled card" role="status" data-testid="drawing-disabled">
      <StopOutlined className="draw-disabled__icon" aria-hidden="true" />
      <h2>{t('msg.drawing_disabled')}</h2>
      {user?.role === 'admin' ? (
        <>
          <p>{t('draw.disabled_admin')}</p>
          <LocaleLink to="/admin/draw" className="btn btn--primary" data-testid="drawing-disabled-admin-link">
            {t('draw.disabled_admin_link')}
          </LocaleLink>
        </>
      ) : (
        <p className="muted">{t('draw.disabled_user')}</p>
      )}
    </section>
  );
}

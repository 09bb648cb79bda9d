import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';

/** A deliberately empty page (spec §2 `/empty`), e.g. a target for embedded views. */
export default function EmptyPage() {
  const { t } = useTranslation();
  return (
    <div className="center-card" data-testid="empty-page">
      <InboxOutlined className="center-card__icon" aria-hidden="true" />
      <h1>{t('empty.title')}</h1>
      <p className="muted">{t('empty.text')}</p>
      <LocaleLink to="/" className="btn btn--primary">
        {t('error.back_home')}
      </LocaleLink>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';

/** Draw / records (spec §2 drawing-tabs); `base` is `/app/drawing` or the older `/drawing`. */
export function DrawingTabs({ base, active }: { base: string; active: 'draw' | 'records' }) {
  const { t } = useTranslation();
  return (
    <nav className="draw-tabs" aria-label={t('draw.tabs')} data-testid="drawing-tabs">
      <LocaleLink to={base} className={`draw-tabs__tab${active === 'draw' ? ' is-active' : ''}`} aria-current={active === 'draw' ? 'page' : undefined} data-testid="drawing-tab-draw">
        {t('draw.tab_draw')}
      </LocaleLink>
      <LocaleLink to={`${base}/record`} className={`draw-tabs__tab${active === 'records' ? ' is-active' : ''}`} aria-current={active === 'records' ? 'page' : undefined} data-testid="drawing-tab-records">
        {t('draw.tab_records')}
      </LocaleLink>
    </nav>
  );
}

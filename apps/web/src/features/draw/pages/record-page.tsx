import '../draw.css';
import { DRAW_FAMILIES, DRAW_STATUSES } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Pager } from '@/components/pager';
import { PageSpinner } from '@/components/page-spinner';
import { RECORDS_PAGE_SIZE, useDrawRecords } from '../api/draw-api';
import { readFilters } from '../lib/record-filters';
import { DrawingTabs } from '../components/drawing-tabs';
import { RecordCard } from '../components/record-card';
import { useDrawBase } from '../hooks/use-draw-base';
import { useSignInGate } from '../hooks/use-sign-in-gate';

/** `/app/drawing/record` and `/drawing/record`: the user's drawings, newest first (spec §2). */
export default function RecordPage() {
  const { t } = useTranslation();
  const base = useDrawBase();
  const { signedIn } = useSignInGate();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const records = useDrawRecords(filters, signedIn);

  const setFilter = (name: 'status' | 'family' | 'selected' | 'page', value: string) =>
    setParams((p) => {
      if (value) p.set(name, value);
      else p.delete(name);
      if (name !== 'page') p.delete('page');
      return p;
    });

  return (
    <div className="page draw-page" data-testid="draw-records-page">
      <header className="draw-head">
        <h1>{t('draw.records_title')}</h1>
        <DrawingTabs base={base} active="records" />
      </header>
      <div className="draw-filters" role="group" aria-label={t('draw.filters')}>
        <label>
          <span>{t('draw.filter_status')}</span>
          <select className="draw-select" value={filters.status ?? ''} onChange={(e) => setFilter('status', e.target.value)} data-testid="draw-filter-status">
            <option value="">{t('draw.all')}</option>
            {DRAW_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`draw.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('draw.filter_family')}</span>
          <select className="draw-select" value={filters.family ?? ''} onChange={(e) => setFilter('family', e.target.value)} data-testid="draw-filter-family">
            <option value="">{t('draw.all')}</option>
            {DRAW_FAMILIES.map((f) => (
              <option key={f} value={f}>
                {t(`draw.family.${f}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('draw.filter_selected')}</span>
          <select className="draw-select" value={filters.selected ?? ''} onChange={(e) => setFilter('selected', e.target.value)} data-testid="draw-filter-selected">
            <option value="">{t('draw.all')}</option>
            <option value="1">{t('draw.filter_selected_yes')}</option>
            <option value="0">{t('draw.filter_selected_no')}</option>
          </select>
        </label>
      </div>
      {records.isPending ? (
        <PageSpinner />
      ) : records.isError ? (
        <p className="msg__error" role="alert">
          {records.error.message}
        </p>
      ) : records.data.lists.length === 0 ? (
        <p className="draw-empty muted" data-testid="draw-records-empty">
          {filters.status || filters.family || filters.selected ? t('draw.records_none_filtered') : t('draw.records_none')}
        </p>
      ) : (
        <>
          <div className="draw-records" data-testid="draw-records">
            {records.data.lists.map((r) => (
              <RecordCard key={r.id} record={r} base={base} />
            ))}
          </div>
          <Pager page={filters.page} total={records.data.count} pageSize={RECORDS_PAGE_SIZE} onChange={(p) => setFilter('page', String(p))} />
        </>
      )}
    </div>
  );
}

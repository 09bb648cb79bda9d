import { PAPER_SORTS, PAPER_TYPES, type PaperType } from '@xueba/contract';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useVenues } from '../api/get-venues';
import { hasFilters, YEAR_MAX, YEAR_MIN, type PaperSort, type SearchState } from '../hooks/search-state';

type FilterPatch = Partial<Pick<SearchState, 'yearFrom' | 'yearTo' | 'type' | 'venue' | 'openAccess' | 'sort'>>;

function toYear(raw: string): number | null | 'invalid' {
  const text = raw.trim();
  if (!text) return null;
  if (!/^\d{4}$/.test(text)) return 'invalid';
  const year = Number(text);
  return year >= YEAR_MIN && year <= YEAR_MAX ? year : 'invalid';
}

/**
 * Year range, type, venue and open access. Selects apply at once; the typed
 * fields apply on Enter or when focus leaves them, so each keystroke does not
 * start a search.
 */
export function SearchFilters({ state, onChange }: { state: SearchState; onChange: (patch: FilterPatch) => void }) {
  const { t } = useTranslation();
  const venues = useVenues();
  const venueListId = useId();
  const [from, setFrom] = useState(state.yearFrom?.toString() ?? '');
  const [to, setTo] = useState(state.yearTo?.toString() ?? '');
  const [venue, setVenue] = useState(state.venue);
  const [yearError, setYearError] = useState<string | null>(null);
  // The URL can change under the fields (back button, "clear filters"): follow it, adjusting state during render.
  const urlKey = `${state.yearFrom}|${state.yearTo}|${state.venue}`;
  const [synced, setSynced] = useState(urlKey);
  if (synced !== urlKey) {
    setSynced(urlKey);
    setFrom(state.yearFrom?.toString() ?? '');
    setTo(state.yearTo?.toString() ?? '');
    setVenue(state.venue);
    setYearError(null);
  }

  const applyYears = () => {
    const yearFrom = toYear(from);
    const yearTo = toYear(to);
    if (yearFrom === 'invalid' || yearTo === 'invalid') {
      setYearError(t('paper.year_invalid', { min: YEAR_MIN, max: YEAR_MAX }));
      return;
    }
    if (yearFrom !== null && yearTo !== null && yearFrom > yearTo) {
      setYearError(t('paper.year_order'));
      return;
    }
    setYearError(null);
    if (yearFrom !== state.yearFrom || yearTo !== state.yearTo) onChange({ yearFrom, yearTo });
  };
  const applyVenue = () => {
    if (venue.trim() !== state.venue) onChange({ venue: venue.trim() });
  };
  const onEnter = (apply: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      apply();
    }
  };

  return (
    <section className="paper-filters" aria-label={t('paper.filters')} data-testid="paper-filters">
      <div className="paper-filter">
        <span className="paper-filter__label">{t('paper.year')}</span>
        {/* The range applies when focus leaves both fields, so moving from "from" to "to" does not search twice. */}
        <div
          className="paper-filter__years"
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) applyYears();
          }}
        >
          <input
            className={`input input--year${yearError ? ' is-invalid' : ''}`}
            inputMode="numeric"
            maxLength={4}
            placeholder={t('paper.year_from')}
            aria-label={t('paper.year_from')}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            onKeyDown={onEnter(applyYears)}
            data-testid="paper-year-from"
          />
          <span aria-hidden="true">–</span>
          <input
            className={`input input--year${yearError ? ' is-invalid' : ''}`}
            inputMode="numeric"
            maxLength={4}
            placeholder={t('paper.year_to')}
            aria-label={t('paper.year_to')}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            onKeyDown={onEnter(applyYears)}
            data-testid="paper-year-to"
          />
        </div>
      </div>
      <label className="paper-filter">
        <span className="paper-filter__label">{t('paper.type')}</span>
        <select className="input" value={state.type ?? ''} onChange={(e) => onChange({ type: (e.target.value || null) as PaperType | null })} data-testid="paper-type-filter">
          <option value="">{t('paper.all_types')}</option>
          {PAPER_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`paper.types.${type}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="paper-filter paper-filter--grow">
        <span className="paper-filter__label">{t('paper.venue')}</span>
        <input
          className="input"
          list={venueListId}
          maxLength={200}
          placeholder={t('paper.venue_placeholder')}
          value={venue}
          onChange={(e) => setVenue(e.target.value)}
          onBlur={applyVenue}
          onKeyDown={onEnter(applyVenue)}
          data-testid="paper-venue-filter"
        />
        <datalist id={venueListId}>
          {venues.data?.lists.map((v) => (
            <option key={v.venue} value={v.venue}>
              {t('paper.venue_count', { n: v.count })}
            </option>
          ))}
        </datalist>
      </label>
      <label className="paper-filter paper-filter--check">
        <input type="checkbox" checked={state.openAccess} onChange={(e) => onChange({ openAccess: e.target.checked })} data-testid="paper-oa-filter" />
        <span>{t('paper.open_access_only')}</span>
      </label>
      {hasFilters(state) && (
        <button type="button" className="link-btn small paper-filters__reset" onClick={() => onChange({ yearFrom: null, yearTo: null, type: null, venue: '', openAccess: false })} data-testid="paper-filters-reset">
          {t('paper.reset_filters')}
        </button>
      )}
      {yearError && (
        <p className="paper-filters__error" role="alert" data-testid="paper-year-error">
          {yearError}
        </p>
      )}
    </section>
  );
}

/** Relevance / most cited / newest, as a segmented control. */
export function SortBar({ sort, onChange }: { sort: PaperSort; onChange: (sort: PaperSort) => void }) {
  const { t } = useTranslation();
  return (
    <div className="segmented" role="radiogroup" aria-label={t('paper.sort')}>
      {PAPER_SORTS.map((s) => (
        <button key={s} type="button" role="radio" aria-checked={sort === s} className={`segmented__item${sort === s ? ' is-active' : ''}`} onClick={() => onChange(s)} data-testid={`paper-sort-${s}`}>
          {t(`paper.sort_${s}`)}
        </button>
      ))}
    </div>
  );
}

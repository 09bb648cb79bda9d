import { DRAW_FAMILIES, type DrawFamily, type SquareItem } from '@xueba/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LocaleLink } from '@/components/locale-link';
import { useUser } from '@/lib/auth';
import { hasKey } from '@/lib/request';
import { squareListQuery } from '../api/square-api';
import { SquareGrid } from '../components/square-grid';
import { parseItemId } from '../lib/square-links';
import '../square.css';

/** The pop-ups load when one opens (a share link opens one at once): the grid is the first screen. */
const ItemDialog = lazy(() => import('../components/item-dialog').then((m) => ({ default: m.ItemDialog })));

type Tab = 'all' | 'mine';

/**
 * `/app/square`: the pictures users published. `?id=<id>` (the share link)
 * opens that item's pop-up at once; opening a tile puts its id in the address,
 * so the address bar is always the item's share link.
 */
export default function SquarePage() {
  const { t } = useTranslation();
  const { signedIn } = useUser();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<Tab>('all');
  const [family, setFamily] = useState<DrawFamily | null>(null);
  const [opened, setOpened] = useState<SquareItem | undefined>(undefined);
  const mine = tab === 'mine' && signedIn;
  const query = useInfiniteQuery(squareListQuery(mine, family));
  const items = query.data?.pages.flatMap((page) => page.lists) ?? [];
  const openId = parseItemId(params.get('id'));

  const setOpen = (item: SquareItem | null) => {
    setOpened(item ?? undefined);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (item) next.set('id', String(item.id));
        else next.delete('id');
        return next;
      },
      { replace: true },
    );
  };

  if (hasKey(query.error, 'square_disabled')) {
    return (
      <div className="page sq-page sq-page--off" data-testid="square-disabled">
        <h1>{t('square.title')}</h1>
        <p className="sq-off__text">{t('square.disabled')}</p>
        <p className="muted">{t('square.disabled_hint')}</p>
        <LocaleLink className="btn btn--primary" to="/">
          {t('error.back_home')}
        </LocaleLink>
      </div>
    );
  }

  return (
    <div className="page sq-page" data-testid="square-page">
      <header className="sq-head">
        <div>
          <h1 className="sq-head__title">{t('square.title')}</h1>
          <p className="muted sq-head__lead">{t('square.lead')}</p>
        </div>
        <LocaleLink className="btn btn--primary" to="/app/drawing">
          {t('square.go_draw')}
        </LocaleLink>
      </header>
      <div className="sq-toolbar">
        {signedIn && (
          <div className="sq-tabs" role="tablist" aria-label={t('square.title')}>
            {(['all', 'mine'] as const).map((key) => (
              <button key={key} type="button" role="tab" aria-selected={tab === key} className={`sq-tabs__tab${tab === key ? ' is-active' : ''}`} onClick={() => setTab(key)} data-testid={`square-tab-${key}`}>
                {t(`square.tab_${key}`)}
              </button>
            ))}
          </div>
        )}
        <div className="sq-filter" role="group" aria-label={t('square.filter_family')}>
          {[null, ...DRAW_FAMILIES].map((key) => (
            <button key={key ?? 'any'} type="button" aria-pressed={family === key} className={`chip${family === key ? ' is-active' : ''}`} onClick={() => setFamily(key)} data-testid={`square-family-${key ?? 'any'}`}>
              {key ? t(`square.family.${key}`) : t('square.family_any')}
            </button>
          ))}
        </div>
      </div>
      {query.isPending && <div className="sq-skeleton" aria-busy="true" aria-label={t('common.loading')} />}
      {query.isError && (
        <p className="sq-error" role="alert">
          {query.error.message || t('errors.server_error')}{' '}
          <button type="button" className="link-btn" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </p>
      )}
      {query.isSuccess && items.length === 0 && (
        <div className="sq-empty" data-testid="square-empty">
          <p>{mine ? t('square.empty_mine') : t('square.empty')}</p>
          <LocaleLink className="btn btn--outline" to="/app/drawing">
            {t('square.go_draw')}
          </LocaleLink>
        </div>
      )}
      {items.length > 0 && <SquareGrid items={items} showStatus={mine} onOpen={setOpen} />}
      {query.hasNextPage && (
        <div className="sq-more">
          <button type="button" className="btn btn--outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} data-testid="square-load-more">
            {query.isFetchingNextPage ? t('common.loading') : t('square.load_more')}
          </button>
        </div>
      )}
      {openId !== null && (
        <Suspense fallback={null}>
          <ItemDialog key={openId} id={openId} initial={opened?.id === openId ? opened : undefined} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </div>
  );
}

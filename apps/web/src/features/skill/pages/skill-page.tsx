import '../skill.css';
import { SearchOutlined } from '@ant-design/icons';
import { SKILL_CATEGORIES, type Skill, type SkillCategory } from '@xueba/contract';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLocale, useLocaleNavigate } from '@/hooks/use-locale';
import { useUser } from '@/lib/auth';
import { toast } from '@/lib/notify';
import { isRequestError } from '@/lib/request';
import { LOGIN_MODE, openLogin } from '@/stores/user-store';
import { setSkillFavorite, skillListQuery } from '../api/skill-api';
import { SkillCard } from '../components/skill-card';

type Tab = 'all' | 'favorites' | SkillCategory;
const isTab = (v: string | null): v is Tab => v === 'all' || v === 'favorites' || (SKILL_CATEGORIES as readonly string[]).includes(v ?? '');

/**
 * `/skill`: the skill catalogue, most used first, by category or the user's
 * favourites, with a search over names and descriptions; "Use" opens a new
 * chat with the skill (`/chat?skill=<id>`).
 */
export default function SkillPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useLocaleNavigate();
  const { signedIn } = useUser();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) && (requested !== 'favorites' || signedIn) ? requested : 'all';
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const filter = { category: tab === 'all' || tab === 'favorites' ? undefined : tab, keyword: deferred || undefined, favorites: tab === 'favorites' };
  const query = useQuery(skillListQuery(locale, signedIn, filter));
  const [busy, setBusy] = useState<number | null>(null);

  const tabs: Tab[] = ['all', ...(signedIn ? (['favorites'] as const) : []), ...SKILL_CATEGORIES];
  const pick = (next: Tab) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next === 'all') p.delete('tab');
        else p.set('tab', next);
        return p;
      },
      { replace: true },
    );

  const favorite = async (skill: Skill) => {
    if (!signedIn) {
      openLogin(LOGIN_MODE.LOGIN);
      return;
    }
    setBusy(skill.id);
    try {
      const on = await setSkillFavorite(skill.id, !skill.favorite);
      toast.success(on ? t('skill.favorited') : t('skill.unfavorited'));
    } catch (error) {
      toast.error(isRequestError(error) && error.message ? error.message : t('skill.favorite_failed'));
    } finally {
      setBusy(null);
    }
  };

  const lists = query.data?.lists ?? [];
  return (
    <div className="page skills" data-testid="skill-page">
      <section className="hero hero--compact">
        <h1 className="hero__title">{t('skill.title')}</h1>
        <p className="hero__intro">{t('skill.intro')}</p>
      </section>
      <div className="skills__bar">
        <div className="skills__tabs" role="tablist" aria-label={t('skill.title')}>
          {tabs.map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              className={`skills__tab${tab === key ? ' is-active' : ''}`}
              onClick={() => pick(key)}
              data-testid={`skill-tab-${key}`}
            >
              {key === 'all' ? t('skill.all') : key === 'favorites' ? t('skill.favorites') : t(`skill.category.${key}`)}
            </button>
          ))}
        </div>
        <label className="skills__search">
          <SearchOutlined aria-hidden="true" />
          <span className="sr-only">{t('skill.search')}</span>
          <input type="search" value={keyword} maxLength={50} placeholder={t('skill.search_placeholder')} onChange={(e) => setKeyword(e.target.value)} data-testid="skill-search" />
        </label>
      </div>
      {query.isPending && (
        <div className="skills__grid" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="skill-card skill-card--skeleton" />
          ))}
        </div>
      )}
      {query.isError && (
        <div className="callout callout--warning" role="alert">
          {query.error.message || t('skill.load_failed')}{' '}
          <button type="button" className="link-btn" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {query.isSuccess && lists.length === 0 && (
        <p className="muted skills__empty" data-testid="skill-empty">
          {tab === 'favorites' && !deferred ? t('skill.empty_favorites') : t('skill.empty')}
        </p>
      )}
      {lists.length > 0 && (
        <div className="skills__grid" data-testid="skill-grid">
          {lists.map((skill) => (
            <SkillCard key={skill.id} skill={skill} busy={busy === skill.id} onFavorite={() => void favorite(skill)} onUse={() => navigate(`/chat?skill=${skill.id}`)} />
          ))}
        </div>
      )}
    </div>
  );
}

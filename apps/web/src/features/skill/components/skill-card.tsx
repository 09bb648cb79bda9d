import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { Skill } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatCount } from '@/lib/format';
import { SkillIcon } from './skill-icon';

/** One skill in the catalogue: icon, name, description, uses, the favourite star and "Use". Every text is rendered as text. */
export function SkillCard({ skill, onUse, onFavorite, busy }: { skill: Skill; onUse: () => void; onFavorite: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <article className="skill-card" data-testid={`skill-card-${skill.id}`}>
      <header className="skill-card__head">
        <SkillIcon emoji={skill.icon_emoji} url={skill.icon_url} />
        <div className="skill-card__titles">
          <h2 className="skill-card__name" data-testid="skill-name">
            {skill.name}
          </h2>
          <span className="tag">{t(`skill.category.${skill.category}`)}</span>
        </div>
        <button
          type="button"
          className={`icon-btn skill-card__star${skill.favorite ? ' is-on' : ''}`}
          onClick={onFavorite}
          disabled={busy}
          aria-pressed={skill.favorite}
          aria-label={skill.favorite ? t('skill.unfavorite') : t('skill.favorite')}
          title={skill.favorite ? t('skill.unfavorite') : t('skill.favorite')}
          data-testid="skill-favorite"
        >
          {skill.favorite ? <StarFilled /> : <StarOutlined />}
        </button>
      </header>
      <p className="skill-card__desc" data-testid="skill-description">
        {skill.description}
      </p>
      <footer className="skill-card__foot">
        <span className="muted small">{t('skill.uses', { count: formatCount(skill.use_count, locale) })}</span>
        <button type="button" className="btn btn--primary" onClick={onUse} data-testid="skill-use">
          {t('skill.use')}
        </button>
      </footer>
    </article>
  );
}

import '@/features/skill/skill.css';
import type { ChatSkill } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { SkillIcon } from '@/features/skill/components/skill-icon';

/** The conversation's skill in the chat header. */
export function SkillChip({ skill }: { skill: Pick<ChatSkill, 'name' | 'icon_emoji' | 'icon_url'> }) {
  const { t } = useTranslation();
  return (
    <span className="chat-skill" title={`${t('chat.skill_chat_with')}: ${skill.name}`} data-testid="chat-skill">
      <SkillIcon emoji={skill.icon_emoji} url={skill.icon_url} size="sm" />
      <span className="chat-skill__name">{skill.name}</span>
    </span>
  );
}

/** An empty conversation with a skill: what the skill does and its starter questions. */
export function SkillWelcome({ skill, onAsk }: { skill: ChatSkill; onAsk: (question: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="chat__welcome chat-skill-welcome" data-testid="chat-skill-welcome">
      <SkillIcon emoji={skill.icon_emoji} url={skill.icon_url} size="lg" />
      <h2>{skill.name}</h2>
      <p className="muted">{skill.description}</p>
      {skill.starters.length > 0 && (
        <>
          <p className="muted small">{t('chat.skill_starters')}</p>
          <ul className="chat__examples" data-testid="chat-starters">
            {skill.starters.map((starter, i) => (
              <li key={`${i}-${starter}`}>
                <button type="button" className="example-chip" onClick={() => onAsk(starter)} data-testid={`chat-starter-${i}`}>
                  <strong>{starter}</strong>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The skill asked for is unknown or turned off: say so, and offer the catalogue or a plain conversation. */
export function SkillUnavailable({ message, onLeave }: { message: string | null; onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="chat__welcome" role="alert" data-testid="chat-skill-unavailable">
      <p className="msg__error">{message || t('chat.skill_unavailable')}</p>
      <p>
        <LocaleLink to="/skill" className="btn btn--primary">
          {t('chat.skill_browse')}
        </LocaleLink>{' '}
        <button type="button" className="btn btn--outline" onClick={onLeave} data-testid="chat-skill-leave">
          {t('chat.skill_leave')}
        </button>
      </p>
    </div>
  );
}

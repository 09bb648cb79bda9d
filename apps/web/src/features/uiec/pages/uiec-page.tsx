import '../uiec.css';
import { CopyOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { useLocale } from '@/hooks/use-locale';
import { copyText } from '@/lib/clipboard';
import { useSiteConfig } from '@/lib/site-config';
import { AI_TASKS, aiUseStatement, STATEMENT_LANGUAGES, type AiTask, type StatementLanguage } from '../lib/statement';

const PRINCIPLES = ['author', 'verify', 'disclose', 'confidential'] as const;
const LANGUAGE_NAMES: Record<StatementLanguage, string> = { en: 'English', zh: '中文', ja: '日本語', ko: '한국어' };

/**
 * `/uiec`: the AI use and integrity centre — the principles of using AI in
 * research writing, and a generator of the AI use statement that journals
 * and universities ask for (docs/choices/skills.md explains the choice).
 */
export default function UiecPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { config } = useSiteConfig();
  const [tool, setTool] = useState(() => config.website.name || t('app.name'));
  const [tasks, setTasks] = useState<AiTask[]>(['polishing']);
  const [language, setLanguage] = useState<StatementLanguage>(locale === 'zh' ? 'zh' : 'en');
  const statement = aiUseStatement(tool, tasks, language);
  const toggle = (task: AiTask) => setTasks((list) => (list.includes(task) ? list.filter((x) => x !== task) : [...list, task]));

  return (
    <div className="page uiec" data-testid="uiec-page">
      <section className="hero hero--compact">
        <p className="hero__eyebrow">
          <SafetyCertificateOutlined aria-hidden="true" /> {t('nav.uiec')}
        </p>
        <h1 className="hero__title">{t('uiec.title')}</h1>
        <p className="hero__intro">{t('uiec.intro')}</p>
      </section>

      <section aria-labelledby="uiec-principles">
        <h2 id="uiec-principles">{t('uiec.principles_title')}</h2>
        <ol className="uiec__principles" data-testid="uiec-principles">
          {PRINCIPLES.map((key) => (
            <li key={key} className="card uiec__principle">
              <h3>{t(`uiec.principles.${key}.title`)}</h3>
              <p className="muted">{t(`uiec.principles.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="card uiec__generator" aria-labelledby="uiec-generator">
        <h2 id="uiec-generator">{t('uiec.generator_title')}</h2>
        <p className="muted">{t('uiec.generator_intro')}</p>
        <div className="uiec__form">
          <label className="uiec__field">
            <span>{t('uiec.tool')}</span>
            <input className="uiec__input" value={tool} maxLength={60} onChange={(e) => setTool(e.target.value)} data-testid="uiec-tool" />
          </label>
          <fieldset className="uiec__field">
            <legend>{t('uiec.tasks')}</legend>
            <div className="uiec__tasks">
              {AI_TASKS.map((task) => (
                <label key={task} className="uiec__task">
                  <input type="checkbox" checked={tasks.includes(task)} onChange={() => toggle(task)} data-testid={`uiec-task-${task}`} /> {t(`uiec.task.${task}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="uiec__field">
            <span>{t('uiec.language')}</span>
            <select className="uiec__input" value={language} onChange={(e) => setLanguage(e.target.value as StatementLanguage)} data-testid="uiec-language">
              {STATEMENT_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {LANGUAGE_NAMES[l]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <h3>{t('uiec.statement')}</h3>
        {statement ? (
          <>
            <blockquote className="uiec__statement" lang={language} data-testid="uiec-statement">
              {statement}
            </blockquote>
            <button type="button" className="btn btn--primary" onClick={() => void copyText(statement, t('uiec.copied'), t('uiec.copy_failed'))} data-testid="uiec-copy">
              <CopyOutlined aria-hidden="true" /> {t('uiec.copy')}
            </button>
          </>
        ) : (
          <p className="uiec__pick" role="alert" data-testid="uiec-pick">
            {t('uiec.pick_task')}
          </p>
        )}
      </section>

      <section className="uiec__related" aria-labelledby="uiec-related">
        <h2 id="uiec-related">{t('uiec.related')}</h2>
        <ul>
          <li>
            <LocaleLink to="/skill">{t('uiec.related_skills')}</LocaleLink>
          </li>
          <li>
            <LocaleLink to="/academic_search">{t('uiec.related_search')}</LocaleLink>
          </li>
        </ul>
      </section>
    </div>
  );
}

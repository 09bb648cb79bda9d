import '../paper-write.css';
import { LeftOutlined, SettingOutlined } from '@ant-design/icons';
import type { PaperWriteDetail } from '@xueba/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { LocaleLink } from '@/components/locale-link';
import { isRequestError } from '@/lib/request';
import { preloadMarkdown } from '@/components/markdown/markdown';
import { updateProject, usePaperWriteDetail, usePaperWriteOptions } from '../api/paper-write-api';
import { DraftStep } from '../components/draft-step';
import { ExportBar } from '../components/export-bar';
import { OutlineStep } from '../components/outline-step';
import { ProjectForm } from '../components/project-form';
import { SourcesStep } from '../components/sources-step';
import { WordMeter } from '../components/word-meter';
import { useWriteStream } from '../hooks/use-write-stream';

const STEPS = ['sources', 'outline', 'draft'] as const;
type Step = (typeof STEPS)[number];

// While a section is being written elsewhere (another tab, or a stream a reload cut), the page reads the project this often.
const POLL_MS = 2500;

/** Where a project opens: the bibliography first, then drafting once something is written. */
function firstStep(detail: PaperWriteDetail): Step {
  if (detail.bibliography.length === 0) return 'sources';
  return detail.written > 0 || detail.generating > 0 ? 'draft' : 'outline';
}

function readStep(value: string | null): Step | null {
  return STEPS.find((s) => s === value) ?? null;
}

function Editor({ detail }: { detail: PaperWriteDetail }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const options = usePaperWriteOptions();
  const writer = useWriteStream(detail.id);
  const [settings, setSettings] = useState(false);
  // The step and section are in the URL, so a reload (or a shared link) opens the same place.
  // Chosen once on opening: keeping the first source must not move the page to the next step.
  const [opening] = useState(() => firstStep(detail));
  const step = readStep(params.get('step')) ?? opening;
  const active = params.get('section');
  const go = useCallback(
    (next: Partial<{ step: Step; section: string }>) =>
      setParams(
        (current) => {
          const merged = new URLSearchParams(current);
          if (next.step) merged.set('step', next.step);
          if (next.section) merged.set('section', next.section);
          return merged;
        },
        { replace: true },
      ),
    [setParams],
  );
  const showSection = useCallback((key: string) => go({ section: key }), [go]);
  const index = STEPS.indexOf(step);

  return (
    <div className="page pw-page" data-testid="pw-editor-page">
      <header className="pw-head">
        <div className="pw-title-block">
          <LocaleLink to="/paper/write" className="pw-back" data-testid="pw-back">
            <LeftOutlined aria-hidden="true" /> {t('paperwrite.editor.back')}
          </LocaleLink>
          <h1 data-testid="pw-project-title">{detail.title}</h1>
          <span className="pw-meta">
            <span>{t(`paperwrite.kinds.${detail.kind}`)}</span>
            <span>{t(`paperwrite.languages.${detail.language}`)}</span>
            {detail.discipline && <span>{detail.discipline}</span>}
            <span data-testid="pw-progress">{t('paperwrite.editor.progress', { done: detail.written, total: detail.sections, words: detail.words, target: detail.target_length })}</span>
          </span>
          <WordMeter words={detail.words} target={detail.target_length} label={t('paperwrite.draft.total', { count: detail.words, target: detail.target_length })} />
        </div>
        <div className="pw-actions">
          <ExportBar key={detail.style} detail={detail} />
          <button type="button" className="btn btn--ghost" onClick={() => setSettings((s) => !s)} aria-expanded={settings} data-testid="pw-settings-toggle">
            <SettingOutlined aria-hidden="true" /> {t('paperwrite.editor.settings')}
          </button>
        </div>
      </header>
      {settings && (
        <section className="pw-card" aria-label={t('paperwrite.editor.settings')} data-testid="pw-settings">
          <ProjectForm
            initial={{ title: detail.title, topic: detail.topic, discipline: detail.discipline, kind: detail.kind, language: detail.language, target_length: detail.target_length, style: detail.style }}
            submitLabel={t('paperwrite.editor.save')}
            busyLabel={t('paperwrite.editor.saving')}
            testId="pw-settings-form"
            onSubmit={async (fields) => {
              await updateProject(detail.id, fields);
              setSettings(false);
            }}
          />
        </section>
      )}
      {options.data && !options.data.model && (
        <p className="pw-banner" data-testid="pw-offline">
          {t('paperwrite.editor.offline')}
        </p>
      )}
      <div className="pw-steps" role="tablist" aria-label={t('paperwrite.steps.label')}>
        {STEPS.map((s, i) => (
          <button key={s} type="button" role="tab" aria-selected={s === step} className={s === step ? 'is-on' : ''} onClick={() => go({ step: s })} data-testid={`pw-step-${s}`}>
            <span className="pw-step-no" aria-hidden="true">
              {i + 1}
            </span>
            {t(`paperwrite.steps.${s}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={t(`paperwrite.steps.${step}`)}>
        {step === 'sources' && <SourcesStep detail={detail} />}
        {step === 'outline' && <OutlineStep detail={detail} options={options.data} writer={writer} />}
        {step === 'draft' && <DraftStep detail={detail} options={options.data} writer={writer} active={active} onActive={showSection} />}
      </div>
      <nav className="pw-step-nav" aria-label={t('paperwrite.steps.label')}>
        {index > 0 ? (
          <button type="button" className="btn btn--ghost" onClick={() => go({ step: STEPS[index - 1]! })} data-testid="pw-prev">
            {t('paperwrite.editor.previous')}
          </button>
        ) : (
          <span />
        )}
        {index < STEPS.length - 1 && (
          <button type="button" className="btn btn--primary" onClick={() => go({ step: STEPS[index + 1]! })} data-testid="pw-next">
            {t('paperwrite.editor.next')}
          </button>
        )}
      </nav>
    </div>
  );
}

/** `/paper/write/:id`: one project in three steps (sources, outline, drafting). */
export default function EditorPage() {
  const { t } = useTranslation();
  const { id: raw } = useParams();
  const id = Number(raw);
  const valid = Number.isSafeInteger(id) && id > 0;
  const detail = usePaperWriteDetail(valid ? id : null);
  const generating = detail.data?.generating ?? 0;
  const { refetch } = detail;

  useEffect(() => preloadMarkdown(), []);
  useEffect(() => {
    if (generating === 0) return;
    const timer = window.setInterval(() => void refetch(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [generating, refetch]);

  if (!valid || detail.isError)
    return (
      <div className="page pw-page">
        <section className="pw-card" role="alert" data-testid="pw-not-found">
          <p>{valid && isRequestError(detail.error) && detail.error.status !== 404 ? detail.error.message || t('errors.server_error') : t('paperwrite.editor.not_found')}</p>
          <LocaleLink to="/paper/write">{t('paperwrite.editor.back')}</LocaleLink>
        </section>
      </div>
    );
  if (!detail.data)
    return (
      <div className="page pw-page" aria-busy="true">
        <p className="muted">{t('paperwrite.editor.loading')}</p>
      </div>
    );
  return <Editor detail={detail.data} />;
}

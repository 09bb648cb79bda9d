import { ThunderboltOutlined, UploadOutlined } from '@ant-design/icons';
import { MINDMAP_IMPORT_FORMATS, MINDMAP_IMPORT_MAX_BYTES, MINDMAP_SOURCE_MAX, MINDMAP_TITLE_MAX, type MindmapCreateInput, type MindmapOptions } from '@xueba/contract';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ModelSelect } from '@/components/model-select';
import { storedModel, useChatModels } from '@/lib/ai-models';
import { DocPicker } from './doc-picker';

export type Submit = (body: MindmapCreateInput, fallbackTitle: string) => void;

/** The honest answer of a site without a model: the topic source cannot run, the outline editor can. */
export function ModelNeeded({ message, onOutline }: { message: string; onOutline: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mm-banner mm-banner--warn" role="alert" data-testid="mm-model-needed">
      <p>{message}</p>
      <button type="button" className="btn btn--primary btn--sm" onClick={onOutline} data-testid="mm-open-outline">
        {t('mindmap.create.use_outline')}
      </button>
    </div>
  );
}

export function TopicForm({ options, busy, onSubmit, onOutline }: { options: MindmapOptions | undefined; busy: boolean; onSubmit: Submit; onOutline: () => void }) {
  const { t } = useTranslation();
  const models = useChatModels();
  const list = models.data?.lists ?? [];
  const [model, setModel] = useState(() => storedModel() ?? '');
  const [topic, setTopic] = useState('');
  const picked = list.some((m) => m.key === model) ? model : (models.data?.default ?? list[0]?.key ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ source: 'topic', topic: topic.trim(), model: picked || undefined }, topic.trim().slice(0, 60));
  };
  return (
    <form className="mm-form" onSubmit={submit} data-testid="mm-topic-form">
      {options && !options.model && <ModelNeeded message={t('msg.mindmap_model_required')} onOutline={onOutline} />}
      <label className="mm-field">
        <span>{t('mindmap.create.topic_label')}</span>
        <textarea value={topic} onChange={(e) => setTopic(e.target.value)} rows={4} maxLength={MINDMAP_SOURCE_MAX} placeholder={t('mindmap.create.topic_placeholder')} data-testid="mm-topic" />
      </label>
      {list.length > 0 && <ModelSelect models={list} value={picked} onChange={setModel} testId="mm-model" label={t('mindmap.create.model')} />}
      {options && options.model && (
        <p className="muted small" data-testid="mm-topic-cost">
          {options.member ? t('mindmap.create.member_free') : t('mindmap.create.free_left', { count: Math.max(0, options.free_per_day - options.used_today) })}
          {!options.member && options.price > 0 && ` · ${t('mindmap.create.price', { price: options.price })}`}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={busy || !topic.trim()} data-testid="mm-topic-submit">
        <ThunderboltOutlined aria-hidden="true" /> {t('mindmap.create.generate')}
      </button>
    </form>
  );
}

export function OutlineForm({ text, onText, busy, onSubmit }: { text: string; onText: (text: string) => void; busy: boolean; onSubmit: Submit }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ source: 'markdown', markdown: text, title: title.trim() || undefined }, title.trim() || t('mindmap.untitled'));
  };
  return (
    <form className="mm-form" onSubmit={submit} data-testid="mm-outline-form">
      <label className="mm-field">
        <span>{t('mindmap.create.title_label')}</span>
        <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={MINDMAP_TITLE_MAX} placeholder={t('mindmap.create.title_placeholder')} data-testid="mm-outline-title" />
      </label>
      <label className="mm-field">
        <span>{t('mindmap.create.outline_label')}</span>
        <textarea
          className="mm-outline-input"
          value={text}
          onChange={(e) => onText(e.target.value)}
          rows={12}
          maxLength={MINDMAP_SOURCE_MAX}
          placeholder={t('mindmap.create.outline_placeholder')}
          spellCheck={false}
          data-testid="mm-outline"
        />
      </label>
      <p className="muted small">{t('mindmap.create.outline_hint')}</p>
      <button type="submit" className="btn btn--primary btn--block" disabled={busy || !text.trim()} data-testid="mm-outline-submit">
        <ThunderboltOutlined aria-hidden="true" /> {t('mindmap.create.make')}
      </button>
    </form>
  );
}

export function DocumentForm({ options, busy, onSubmit }: { options: MindmapOptions | undefined; busy: boolean; onSubmit: Submit }) {
  const { t } = useTranslation();
  const [doc, setDoc] = useState<{ id: number; name: string } | null>(null);
  const [summarise, setSummarise] = useState(true);
  const canSummarise = options?.model ?? false;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (doc) onSubmit({ source: 'document', doc_id: doc.id, summarise: canSummarise && summarise }, doc.name);
  };
  return (
    <form className="mm-form" onSubmit={submit} data-testid="mm-doc-form">
      <DocPicker value={doc?.id ?? null} onPick={setDoc} />
      {canSummarise ? (
        <label className="mm-check">
          <input type="checkbox" checked={summarise} onChange={(e) => setSummarise(e.target.checked)} data-testid="mm-doc-summarise" /> {t('mindmap.create.summarise')}
        </label>
      ) : (
        <p className="muted small">{t('mindmap.create.structure_only')}</p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={busy || !doc} data-testid="mm-doc-submit">
        <ThunderboltOutlined aria-hidden="true" /> {t('mindmap.create.make')}
      </button>
    </form>
  );
}

export function ImportForm({ busy, onImport }: { busy: boolean; onImport: (file: File) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = (file: File | undefined) => {
    if (!file) return;
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(MINDMAP_IMPORT_FORMATS as readonly string[]).includes(ext)) setError(t('msg.mindmap_import_unsupported'));
    else if (file.size > MINDMAP_IMPORT_MAX_BYTES) setError(t('msg.mindmap_file_too_large', { max: MINDMAP_IMPORT_MAX_BYTES / (1024 * 1024) }));
    else {
      setError(null);
      onImport(file);
    }
    if (input.current) input.current.value = '';
  };
  return (
    <div className="mm-form" data-testid="mm-import-form">
      <p className="muted small">{t('mindmap.create.import_hint')}</p>
      <label className={`mm-drop${busy ? ' is-busy' : ''}`}>
        <UploadOutlined aria-hidden="true" className="mm-drop__icon" />
        <span>{t('mindmap.create.import_pick')}</span>
        <input
          ref={input}
          type="file"
          className="sr-only"
          accept={MINDMAP_IMPORT_FORMATS.map((f) => `.${f}`).join(',')}
          onChange={(e) => pick(e.target.files?.[0])}
          disabled={busy}
          data-testid="mm-import-file"
        />
      </label>
      {error && (
        <p className="mm-error small" role="alert" data-testid="mm-import-error">
          {error}
        </p>
      )}
    </div>
  );
}

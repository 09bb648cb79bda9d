import { PAPER_WRITE_KINDS, PAPER_WRITE_LANGUAGES, PAPER_WRITE_STYLES, PAPER_WRITE_TARGET_MAX, PAPER_WRITE_TARGET_MIN, type PaperWriteKind, type PaperWriteLanguage, type PaperWriteStyle } from '@xueba/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formParts } from '@/components/form-parts';
import { isRequestError } from '@/lib/request';

const { Field, FieldError } = formParts('pw');

export interface ProjectFields {
  title: string;
  topic: string;
  discipline: string;
  kind: PaperWriteKind;
  language: PaperWriteLanguage;
  target_length: number;
  style: PaperWriteStyle;
}

type FieldName = 'title' | 'topic' | 'discipline' | 'target_length';

/** Which field a refusal's message key belongs to, so it shows under that field. */
function fieldOfKey(key: string | null): FieldName | null {
  if (!key) return null;
  if (key.startsWith('paper_write_title')) return 'title';
  if (key.startsWith('paper_write_topic')) return 'topic';
  if (key.startsWith('paper_write_discipline')) return 'discipline';
  if (key === 'paper_write_target_invalid') return 'target_length';
  return null;
}

/**
 * The project's settings: the new-project form, and the editor's settings
 * panel. The topic may be left empty; the title is then the topic (the
 * search query and the model's brief).
 */
export function ProjectForm({ initial, submitLabel, busyLabel, onSubmit, testId }: { initial: ProjectFields; submitLabel: string; busyLabel: string; onSubmit: (fields: ProjectFields) => Promise<unknown>; testId: string }) {
  const { t } = useTranslation();
  const [fields, setFields] = useState(initial);
  const [target, setTarget] = useState(String(initial.target_length));
  const [errors, setErrors] = useState<Partial<Record<FieldName | 'form', string>>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof ProjectFields>(key: K, value: ProjectFields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    // A field's refusal goes once the field is changed.
    setErrors((e) => (key in e ? { ...e, [key]: undefined } : e));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    const title = fields.title.trim();
    const length = Number(target);
    if (!title) next.title = t('paperwrite.create.title_required');
    if (!Number.isInteger(length) || length < PAPER_WRITE_TARGET_MIN || length > PAPER_WRITE_TARGET_MAX) next.target_length = t('paperwrite.create.target_invalid', { min: PAPER_WRITE_TARGET_MIN, max: PAPER_WRITE_TARGET_MAX });
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await onSubmit({ ...fields, title, topic: fields.topic.trim() || title, discipline: fields.discipline.trim(), target_length: length });
    } catch (error) {
      const message = isRequestError(error) && error.message ? error.message : t('errors.server_error');
      const field = isRequestError(error) ? fieldOfKey(error.key) : null;
      setErrors(field ? { [field]: message } : { form: message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="pw-form" onSubmit={(e) => void submit(e)} noValidate data-testid={testId}>
      <Field label={t('paperwrite.create.title_label')} htmlFor={`${testId}-title`}>
        <input id={`${testId}-title`} className="pw-input" value={fields.title} maxLength={200} onChange={(e) => set('title', e.target.value)} placeholder={t('paperwrite.create.title_placeholder')} aria-invalid={errors.title ? true : undefined} data-testid="pw-title" />
        <FieldError message={errors.title} testId="pw-title-error" />
      </Field>
      <Field label={t('paperwrite.create.topic_label')} htmlFor={`${testId}-topic`}>
        <textarea id={`${testId}-topic`} className="pw-textarea" rows={3} value={fields.topic} maxLength={2000} onChange={(e) => set('topic', e.target.value)} placeholder={t('paperwrite.create.topic_placeholder')} aria-invalid={errors.topic ? true : undefined} data-testid="pw-topic" />
        <FieldError message={errors.topic} />
      </Field>
      <div className="pw-row">
        <Field label={t('paperwrite.create.discipline_label')} htmlFor={`${testId}-discipline`}>
          <input id={`${testId}-discipline`} className="pw-input" value={fields.discipline} maxLength={100} onChange={(e) => set('discipline', e.target.value)} placeholder={t('paperwrite.create.discipline_placeholder')} data-testid="pw-discipline" />
          <FieldError message={errors.discipline} />
        </Field>
        <Field label={t('paperwrite.create.kind_label')} htmlFor={`${testId}-kind`}>
          <select id={`${testId}-kind`} className="pw-select" value={fields.kind} onChange={(e) => set('kind', e.target.value as PaperWriteKind)} data-testid="pw-kind">
            {PAPER_WRITE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`paperwrite.kinds.${k}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="pw-row">
        <Field label={t('paperwrite.create.language_label')} htmlFor={`${testId}-language`}>
          <select id={`${testId}-language`} className="pw-select" value={fields.language} onChange={(e) => set('language', e.target.value as PaperWriteLanguage)} data-testid="pw-language">
            {PAPER_WRITE_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`paperwrite.languages.${l}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('paperwrite.create.target_label')} htmlFor={`${testId}-target`} hint={t('paperwrite.create.target_hint', { min: PAPER_WRITE_TARGET_MIN, max: PAPER_WRITE_TARGET_MAX })}>
          <input id={`${testId}-target`} className="pw-input" type="number" inputMode="numeric" min={PAPER_WRITE_TARGET_MIN} max={PAPER_WRITE_TARGET_MAX} step={100} value={target} onChange={(e) => {
              setTarget(e.target.value);
              setErrors((er) => ({ ...er, target_length: undefined }));
            }} aria-invalid={errors.target_length ? true : undefined} data-testid="pw-target" />
          <FieldError message={errors.target_length} testId="pw-target-error" />
        </Field>
      </div>
      <Field label={t('paperwrite.create.style_label')} htmlFor={`${testId}-style`}>
        <select id={`${testId}-style`} className="pw-select" value={fields.style} onChange={(e) => set('style', e.target.value as PaperWriteStyle)} data-testid="pw-style">
          {PAPER_WRITE_STYLES.map((s) => (
            <option key={s} value={s}>
              {t(`paperwrite.styles.${s}`)}
            </option>
          ))}
        </select>
      </Field>
      {errors.form && (
        <p className="pw-field__error" role="alert" data-testid="pw-form-error">
          {errors.form}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={busy} data-testid="pw-submit">
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}

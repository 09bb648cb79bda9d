import type { PlagiarismOptions, PlagiarismScope } from '@xueba/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '@/hooks/use-locale';
import { isRequestError } from '@/lib/request';
import { randomId } from '@/lib/uuid';
import { createCheck, extractFile } from '../api/plagiarism-api';
import { countChars } from '../lib/runs';

type Mode = 'paste' | 'upload';

/** Paste or upload, choose what to compare with, see the price, submit; a refusal is shown under the field it concerns. */
export function CheckForm({ options }: { options: PlagiarismOptions | undefined }) {
  const { t } = useTranslation();
  const navigate = useLocaleNavigate();
  const [mode, setMode] = useState<Mode>('paste');
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const [filename, setFilename] = useState<string | null>(null);
  const [scope, setScope] = useState<PlagiarismScope>({ corpus: true, library: true, history: false });
  const [busy, setBusy] = useState(false);
  const [reading, setReading] = useState(false);
  const [textError, setTextError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // One key per text as submitted: a double click or a retried request is the same check.
  const clientKey = useRef(randomId().replace(/-/g, ''));

  const chars = countChars(text);
  const max = options?.max_chars ?? 0;
  const over = max > 0 && chars > max;
  const price = options?.price_per_thousand ?? 0;
  const cost = Math.ceil(chars / 1000) * price;
  const included = options?.member && (options.member_chars_left === null || options.member_chars_left >= chars);

  const onText = (value: string) => {
    setText(value);
    setTextError(null);
    clientKey.current = randomId().replace(/-/g, '');
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setFileError(null);
    setReading(true);
    try {
      const got = await extractFile(file);
      onText(got.text);
      setFilename(got.filename);
    } catch (error) {
      setFileError(error instanceof Error ? error.message : String(error));
    } finally {
      setReading(false);
    }
  };

  const submit = async () => {
    setFormError(null);
    if (chars === 0) {
      setTextError(t('msg.plagiarism_text_empty'));
      return;
    }
    setBusy(true);
    try {
      const item = await createCheck({ text, title: title.trim() || undefined, filename: filename ?? undefined, scope, client_key: clientKey.current });
      navigate(`/paper/check/${item.id}`);
    } catch (error) {
      const key = isRequestError(error) ? error.key : null;
      const message = error instanceof Error ? error.message : String(error);
      if (key === 'plagiarism_text_empty' || key === 'plagiarism_text_too_long') setTextError(message);
      else setFormError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="card plag-form"
      data-testid="plag-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="plag-tabs" role="tablist">
        {(['paste', 'upload'] as Mode[]).map((m) => (
          <button key={m} type="button" role="tab" aria-selected={mode === m} className={`plag-tab${mode === m ? ' is-active' : ''}`} onClick={() => setMode(m)} data-testid={`plag-mode-${m}`}>
            {t(`plagiarism.form.${m}`)}
          </button>
        ))}
      </div>
      {mode === 'upload' && (
        <div className="plag-field">
          <label className="btn" htmlFor="plag-file">
            {reading ? t('plagiarism.form.reading') : t('plagiarism.form.choose_file')}
          </label>
          <input id="plag-file" className="sr-only" type="file" accept=".pdf,.docx,.doc,.txt,.md,.markdown" data-testid="plag-file" disabled={reading} onChange={(e) => void onFile(e.target.files?.[0])} />
          {filename && <span className="muted small"> {t('plagiarism.form.from_file', { name: filename })}</span>}
          <p className="muted small">{t('plagiarism.form.file_hint')}</p>
          {fileError && (
            <p className="plag-error" role="alert" data-testid="plag-file-error">
              {fileError}
            </p>
          )}
        </div>
      )}
      <div className="plag-field">
        <label htmlFor="plag-text" className="plag-field__label">
          {t('plagiarism.form.input')}
        </label>
        <textarea id="plag-text" className="plag-textarea" rows={12} value={text} placeholder={t('plagiarism.form.placeholder')} onChange={(e) => onText(e.target.value)} data-testid="plag-text" />
        <p className={`small ${over ? 'plag-error' : 'muted'}`} data-testid="plag-chars">
          {t('plagiarism.form.chars', { count: chars })} · {over ? t('plagiarism.form.over_limit', { max }) : t('plagiarism.form.limit', { max })}
        </p>
        {textError && (
          <p className="plag-error" role="alert" data-testid="plag-text-error">
            {textError}
          </p>
        )}
      </div>
      <div className="plag-field">
        <label htmlFor="plag-title" className="plag-field__label">
          {t('plagiarism.form.title')}
        </label>
        <input id="plag-title" className="plag-input" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} data-testid="plag-title" />
      </div>
      <fieldset className="plag-field plag-scope">
        <legend className="plag-field__label">{t('plagiarism.form.scope')}</legend>
        {(['corpus', 'library', 'history'] as const).map((k) => (
          <label key={k} className="plag-check">
            <input type="checkbox" checked={scope[k]} onChange={(e) => setScope({ ...scope, [k]: e.target.checked })} data-testid={`plag-scope-${k}`} /> {t(`plagiarism.form.${k}`)}
          </label>
        ))}
      </fieldset>
      <p className="plag-price" data-testid="plag-price">
        {included
          ? options?.member_chars_left === null
            ? t('plagiarism.form.included_unlimited')
            : t('plagiarism.form.included', { left: options?.member_chars_left ?? 0 })
          : price === 0
            ? t('plagiarism.form.free')
            : t('plagiarism.form.price', { cost, price })}
        {options && <span className="muted small"> · {t('plagiarism.form.balance', { count: options.word_count })}</span>}
      </p>
      {formError && (
        <p className="plag-error" role="alert" data-testid="plag-form-error">
          {formError}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={busy || reading || over} data-testid="plag-submit">
        {busy ? t('plagiarism.form.submitting') : t('plagiarism.form.submit')}
      </button>
    </form>
  );
}

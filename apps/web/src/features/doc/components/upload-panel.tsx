import { CloseOutlined, InboxOutlined } from '@ant-design/icons';
import { Progress } from 'antd';
import { DOC_ACCEPT, DOC_UPLOAD_MAX_FILES, type DocType } from '@xueba/contract';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { invalidateDocs, uploadDocs } from '../api/doc-api';
import { precheck, progressPerFile, type Refusal } from '../lib/precheck';

interface Row {
  key: string;
  name: string;
  size: number;
  /** 0-100 while sending. */
  percent: number;
  state: 'refused' | 'sending' | 'done' | 'failed';
  message: string | null;
}

let rowSeq = 0;

/**
 * Drag-and-drop or pick up to 10 files; the browser's checks first (spec §5
 * texts), then one multipart upload with a progress bar per file, then each
 * file's own outcome from the server (a renamed .exe is refused there, by content).
 */
export function UploadPanel({ type, disabled }: { type: DocType; disabled?: boolean }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const busy = rows.some((r) => r.state === 'sending');

  const say = (r: Refusal) => t(r.key, r.values);

  const start = async (list: File[]) => {
    if (busy || disabled) return;
    const checked = precheck(list);
    if (checked.refusal) {
      const text = say(checked.refusal);
      setRefusal(text);
      toast.error(text);
      return;
    }
    setRefusal(null);
    const next: Row[] = checked.files.map(({ file, refusal }) => ({
      key: `u${++rowSeq}`,
      name: file.name,
      size: file.size,
      percent: 0,
      state: refusal ? 'refused' : 'sending',
      message: refusal ? say(refusal) : null,
    }));
    setRows(next);
    const sending = checked.files.filter((f) => !f.refusal).map((f) => f.file);
    const keys = next.filter((r) => r.state === 'sending').map((r) => r.key);
    if (sending.length === 0) return;
    const sizes = sending.map((f) => f.size);
    const setSending = (update: (row: Row, index: number) => Partial<Row>) =>
      setRows((all) => all.map((row) => (keys.includes(row.key) ? { ...row, ...update(row, keys.indexOf(row.key)) } : row)));
    try {
      const result = await uploadDocs(sending, type, (loaded, total) => {
        const percents = progressPerFile(sizes, loaded, total);
        setSending((_row, i) => ({ percent: percents[i] ?? 0 }));
      });
      setSending((_row, i) => {
        const outcome = result.files[i];
        if (!outcome) return { state: 'failed', message: t('errors.server_error') };
        return outcome.ok ? { state: 'done', percent: 100 } : { state: 'failed', message: outcome.msg ?? (outcome.error ? t(`msg.${outcome.error}`) : t('errors.server_error')) };
      });
      const stored = result.files.filter((f) => f.ok).length;
      if (stored > 0) toast.success(t('msg.document_uploaded'));
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : t('errors.server_error');
      setSending(() => ({ state: 'failed', message }));
    } finally {
      void invalidateDocs();
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    void start([...event.dataTransfer.files]);
  };

  return (
    <section className="doc-upload" data-testid="doc-upload">
      <div
        className={`doc-drop${over ? ' is-over' : ''}${disabled ? ' is-disabled' : ''}`}
        role="button"
        tabIndex={0}
        aria-disabled={disabled || busy}
        onClick={() => !busy && !disabled && input.current?.click()}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && !busy && !disabled && input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="doc-drop"
      >
        <InboxOutlined className="doc-drop__icon" aria-hidden="true" />
        <p className="doc-drop__title">{t('doc.upload.title')}</p>
        <p className="doc-drop__hint">{t('doc.upload.hint', { max: DOC_UPLOAD_MAX_FILES })}</p>
        <input
          ref={input}
          type="file"
          multiple
          accept={DOC_ACCEPT}
          hidden
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            void start(files);
          }}
          data-testid="doc-file-input"
        />
      </div>
      {refusal && (
        <p className="doc-upload__refusal" role="alert" data-testid="doc-upload-refusal">
          {refusal}
        </p>
      )}
      {rows.length > 0 && (
        <ul className="doc-upload__rows" data-testid="doc-upload-rows">
          {rows.map((row) => (
            <li key={row.key} className={`doc-upload__row is-${row.state}`} data-testid="doc-upload-row" data-state={row.state}>
              <div className="doc-upload__name">
                <span title={row.name}>{row.name}</span>
                {row.state !== 'sending' && (
                  <button type="button" className="icon-btn icon-btn--sm" aria-label={t('common.close')} onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
                    <CloseOutlined />
                  </button>
                )}
              </div>
              {(row.state === 'sending' || row.state === 'done') && (
                <Progress percent={row.percent} size="small" status={row.state === 'done' ? 'success' : 'active'} aria-label={t('doc.upload.progress', { name: row.name })} />
              )}
              {row.message && (
                <p className="doc-upload__error" role="alert" data-testid="doc-upload-error">
                  {row.message}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

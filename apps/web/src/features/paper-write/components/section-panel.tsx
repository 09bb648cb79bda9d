import { CheckOutlined, EditOutlined, EyeOutlined, FileSearchOutlined, HighlightOutlined, LoadingOutlined, PauseOutlined, RobotOutlined } from '@ant-design/icons';
import { PAPER_WRITE_SECTION_TEXT_MAX, paperWriteCount, type PaperWriteDetail, type PaperWriteOptions, type PaperWriteSection } from '@xueba/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmBox, toast } from '@/lib/notify';
import { hasKey, isRequestError } from '@/lib/request';
import { queryClient } from '@/lib/query-client';
import { discardProposal, paperWriteKeys, saveSection } from '../api/paper-write-api';
import type { WriteStream } from '../hooks/use-write-stream';
import { markCitations } from '../lib/citations';
import { ChangeTable } from './change-table';
import { SectionText } from './section-text';

function message(error: unknown, fallback: string): string {
  return isRequestError(error) && error.message ? error.message : fallback;
}

/** One section of step 3: its text (rendered or in the editor), the writing tools and a polish proposal. */
export function SectionPanel({ detail, section, options, writer, onDirty }: { detail: PaperWriteDetail; section: PaperWriteSection; options: PaperWriteOptions | undefined; writer: WriteStream; onDirty: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(section.text);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ message: string; conflict: boolean } | null>(null);
  const size = detail.bibliography.length;
  const model = options?.model === true;
  const mine = writer.state.section === section.key;
  const writingHere = writer.busy && mine && writer.state.task === 'draft';
  const polishingHere = writer.busy && mine && writer.state.task === 'polish';
  // Written elsewhere (another tab, or a stream this page lost on reload): the page polls until it ends.
  const writingElsewhere = section.status === 'generating' && !writingHere;
  const dirty = editing && draft !== section.text;
  const invalid = useMemo(() => (editing ? markCitations(draft, size).invalid : []), [editing, draft, size]);
  const words = editing ? paperWriteCount(draft) : section.words;
  const share = detail.drafts.length > 0 ? Math.round(detail.target_length / detail.drafts.length / 10) * 10 : 0;

  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  const replaceConfirmed = async () =>
    !section.text.trim() || (await confirmBox({ title: t('paperwrite.draft.regenerate'), content: t('paperwrite.draft.regenerate_confirm'), okText: t('common.confirm'), cancelText: t('common.cancel') }));
  const write = async (mode: 'auto' | 'extract') => {
    if (!(await replaceConfirmed())) return;
    setEditing(false);
    setError(null);
    await writer.run('draft', { id: detail.id, section: section.key, mode });
  };
  const polish = async () => {
    setError(null);
    await writer.run('polish', { id: detail.id, section: section.key });
  };
  const save = async (text: string) => {
    setSaving(true);
    setError(null);
    try {
      await saveSection(detail.id, section.key, section.revision, text);
      setEditing(false);
      toast.success(t('paperwrite.editor.saved'));
    } catch (e) {
      setError({ message: message(e, t('errors.server_error')), conflict: hasKey(e, 'paper_write_conflict') });
      // Applying a proposal happens outside the editor, where the error line is not shown.
      if (!editing) toast.error(message(e, t('errors.server_error')));
    } finally {
      setSaving(false);
    }
  };
  const discard = async () => {
    try {
      await discardProposal(detail.id, section.key);
    } catch (e) {
      toast.error(message(e, t('errors.server_error')));
    }
  };
  const reload = async () => {
    setEditing(false);
    setError(null);
    await queryClient.invalidateQueries({ queryKey: paperWriteKeys.detail(detail.id) });
  };

  const streamError = mine && !writer.busy && writer.state.error && (writer.state.task === 'draft' || writer.state.task === 'polish') ? writer.state.error.message || t('errors.server_error') : null;

  return (
    <section className="pw-card pw-section" aria-labelledby="pw-section-h" data-testid="pw-section">
      <div className="pw-section__head">
        <h2 id="pw-section-h" data-testid="pw-section-heading">
          {section.number} {section.heading}
        </h2>
        <span className={`pw-status pw-status--${section.status}`} data-testid="pw-section-status">
          {t(`paperwrite.statuses.${writingHere ? 'generating' : section.status}`)}
        </span>
      </div>
      <div className="pw-words" data-testid="pw-words">
        <span>{t('paperwrite.draft.words', { count: words })}</span>
        {share > 0 && <span>{t('paperwrite.draft.section_words_target', { count: share })}</span>}
        <span>{t('paperwrite.draft.total', { count: detail.words - section.words + words, target: detail.target_length })}</span>
      </div>
      <div className="pw-actions">
        {writingHere || polishingHere ? (
          <button type="button" className="btn btn--ghost" onClick={() => void writer.stop()} data-testid="pw-stop">
            <PauseOutlined aria-hidden="true" /> {t('paperwrite.draft.stop')}
          </button>
        ) : (
          <>
            {model && (
              <button type="button" className="btn btn--primary" disabled={writer.busy || writingElsewhere || size === 0} onClick={() => void write('auto')} data-testid="pw-write">
                <RobotOutlined aria-hidden="true" /> {section.text.trim() ? t('paperwrite.draft.regenerate') : t('paperwrite.draft.generate')}
              </button>
            )}
            <button type="button" className={model ? 'btn btn--outline' : 'btn btn--primary'} disabled={writer.busy || writingElsewhere || size === 0} onClick={() => void write('extract')} data-testid="pw-extract">
              <FileSearchOutlined aria-hidden="true" /> {t('paperwrite.draft.fill_extracts')}
            </button>
            {model && (
              <button type="button" className="btn btn--outline" disabled={writer.busy || writingElsewhere || !section.text.trim() || editing} onClick={() => void polish()} data-testid="pw-polish">
                <HighlightOutlined aria-hidden="true" /> {t('paperwrite.draft.polish')}
              </button>
            )}
            <button
              type="button"
              className="btn btn--ghost"
              disabled={writer.busy || writingElsewhere}
              onClick={() => {
                setDraft(section.text);
                setEditing((e) => !e);
                setError(null);
              }}
              aria-pressed={editing}
              data-testid="pw-edit"
            >
              {editing ? <EyeOutlined aria-hidden="true" /> : <EditOutlined aria-hidden="true" />} {editing ? t('paperwrite.draft.preview') : t('paperwrite.draft.edit')}
            </button>
          </>
        )}
      </div>
      {size === 0 && <p className="pw-banner">{t('paperwrite.draft.no_sources')}</p>}
      {streamError && (
        <p className="pw-banner pw-banner--error" role="alert" data-testid="pw-section-error">
          {streamError}
        </p>
      )}
      {section.status === 'failed' && section.notice_msg && !writingHere && (
        <p className="pw-banner pw-banner--error" role="alert">
          {t('paperwrite.draft.failed', { msg: section.notice_msg })}
        </p>
      )}
      {section.status !== 'failed' && section.notice_msg && !writingHere && !editing && (
        <p className="pw-banner" data-testid="pw-section-notice">
          {section.notice_msg}
        </p>
      )}
      {writingHere ? (
        <div aria-busy="true" aria-live="polite" data-testid="pw-section-streaming">
          <p className="muted small">
            <LoadingOutlined aria-hidden="true" /> {t('paperwrite.draft.generating')}
          </p>
          {writer.state.text && <SectionText text={writer.state.text} size={size} />}
        </div>
      ) : writingElsewhere ? (
        <p className="muted" aria-busy="true">
          <LoadingOutlined aria-hidden="true" /> {t('paperwrite.draft.generating')}
        </p>
      ) : editing ? (
        <div className="pw-form">
          <label className="pw-field__label" htmlFor="pw-section-editor">
            {t('paperwrite.draft.editor_label')}
          </label>
          <textarea
            id="pw-section-editor"
            className="pw-textarea pw-editor"
            rows={16}
            value={draft}
            maxLength={PAPER_WRITE_SECTION_TEXT_MAX}
            onChange={(e) => setDraft(e.target.value)}
            aria-invalid={invalid.length > 0 ? true : undefined}
            aria-describedby="pw-editor-hint"
            data-testid="pw-editor"
          />
          <p id="pw-editor-hint" className="pw-field__hint">
            {t('paperwrite.draft.editor_hint')}
          </p>
          {invalid.length > 0 && (
            <p className="pw-field__error" role="alert" data-testid="pw-editor-invalid">
              {t('paperwrite.draft.invalid_citations', { list: invalid.map((n) => `[${n}]`).join(' ') })}
            </p>
          )}
          {error && (
            <p className="pw-field__error" role="alert" data-testid="pw-save-error">
              {error.message}{' '}
              {error.conflict && (
                <button type="button" className="link-btn" onClick={() => void reload()}>
                  {t('paperwrite.editor.reload')}
                </button>
              )}
            </p>
          )}
          <div className="pw-actions">
            <button type="button" className="btn btn--primary" disabled={saving || invalid.length > 0 || !dirty} onClick={() => void save(draft)} data-testid="pw-save">
              <CheckOutlined aria-hidden="true" /> {saving ? t('paperwrite.editor.saving') : t('paperwrite.editor.save')}
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              disabled={saving}
              onClick={() => {
                setEditing(false);
                setDraft(section.text);
                setError(null);
              }}
            >
              {t('common.cancel')}
            </button>
          </div>
        </div>
      ) : section.text.trim() ? (
        <div>
          {section.status === 'extract' && (
            <>
              <span className="pw-extract-label" data-testid="pw-extract-label">
                {t('paperwrite.draft.extract_label')}
              </span>
              {/* The server's notice says the same in its words; the note is for an extract section without one. */}
              {!section.notice_msg && <p className="muted small">{t('paperwrite.draft.extract_note')}</p>}
            </>
          )}
          <SectionText text={section.text} size={size} />
        </div>
      ) : (
        <p className="muted" data-testid="pw-section-empty">
          {t('paperwrite.draft.empty')}
        </p>
      )}
      {polishingHere && (
        <div aria-busy="true" data-testid="pw-polishing">
          <p className="muted small">
            <LoadingOutlined aria-hidden="true" /> {t('paperwrite.draft.polishing')}
          </p>
          {writer.state.text && <pre className="pw-streaming">{writer.state.text}</pre>}
        </div>
      )}
      {section.proposal && !polishingHere && (
        <div className="pw-card pw-proposal" data-testid="pw-proposal">
          <h3>{t('paperwrite.draft.polish_title')}</h3>
          <SectionText text={section.proposal.revised} size={size} testId="pw-proposal-text" />
          <h4>{t('paperwrite.draft.changes')}</h4>
          <ChangeTable changes={section.proposal.changes} />
          <div className="pw-actions">
            <button type="button" className="btn btn--primary" disabled={saving || editing} onClick={() => void save(section.proposal?.revised ?? section.text)} data-testid="pw-proposal-apply">
              {t('paperwrite.draft.polish_apply')}
            </button>
            <button type="button" className="btn btn--ghost" disabled={saving} onClick={() => void discard()} data-testid="pw-proposal-discard">
              {t('paperwrite.draft.polish_discard')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
